/**
 * The renderer keeps the joined text of each <Text> until Ink marks its Yoga node dirty
 * (src/renderer/output/squash-cache.ts). A tree of nested texts is changed at random — values,
 * colours, nested transforms, children added, moved, removed and hidden (<Activity>), wrapping —
 * and after every change the frame Ink draws must equal the frame a fresh render of the same tree
 * draws (fresh nodes, nothing kept).
 */
import fc from 'fast-check';
import { Box, Text, Transform } from 'ink';
// Not through the harness: the renderer's text cache against plain Ink trees, below the dashboard.
import { render } from 'ink-testing-library';
import { Activity, type ActivityProps, createElement as h, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

type Piece =
  | { kind: 'text'; value: string }
  | { kind: 'styled'; key: string; color: string; bold: boolean; pieces: Piece[] }
  | { kind: 'transform'; key: string; bracket: boolean; pieces: Piece[] }
  | { kind: 'hidden'; key: string; hidden: boolean; pieces: Piece[] };

interface Line {
  key: string;
  wrap: 'wrap' | 'truncate';
  pieces: Piece[];
}

const word = fc.constantFrom('a', 'bc', 'def', '12:00:01', 'ready', 'Ⅳ', '█▇', '', 'two words');
const keyOf = fc.constantFrom('k1', 'k2', 'k3', 'k4');

const piece: fc.Arbitrary<Piece> = fc.letrec<{ piece: Piece }>((tie) => ({
  piece: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('text' as const), value: word }),
    fc.record({
      kind: fc.constant('styled' as const),
      key: keyOf,
      color: fc.constantFrom('red', 'green', 'cyan'),
      bold: fc.boolean(),
      pieces: fc.array(tie('piece'), { maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constant('transform' as const),
      key: keyOf,
      bracket: fc.boolean(),
      pieces: fc.array(tie('piece'), { maxLength: 2 }),
    }),
    fc.record({
      kind: fc.constant('hidden' as const),
      key: keyOf,
      hidden: fc.boolean(),
      pieces: fc.array(tie('piece'), { maxLength: 2 }),
    }),
  ),
})).piece;

const line: fc.Arbitrary<Line> = fc.record({
  key: keyOf,
  wrap: fc.constantFrom('wrap' as const, 'truncate' as const),
  pieces: fc.array(piece, { maxLength: 4 }),
});
const tree = fc.uniqueArray(line, { maxLength: 4, selector: (l) => l.key });

const upper = (s: string) => s.toUpperCase();
const bracket = (s: string) => `[${s}]`;

function drawPieces(pieces: Piece[]): ReactNode[] {
  // Children of one kind keep their own keys, so React moves them rather than rebuilding them.
  const seen = new Set<string>();
  return pieces.map((p, i) => {
    if (p.kind === 'text') return p.value;
    const key = seen.has(p.key) ? `${p.key}-${i}` : p.key;
    seen.add(key);
    const children = drawPieces(p.pieces);
    if (p.kind === 'styled') return h(Text, { key, color: p.color, bold: p.bold }, ...children);
    if (p.kind === 'transform')
      return h(Transform, { key, transform: p.bracket ? bracket : upper }, ...children);
    const props: ActivityProps = {
      mode: p.hidden ? 'hidden' : 'visible',
      children: h(Text, null, ...children),
    };
    return h(Activity, { key, ...props });
  });
}

const Tree = ({ lines }: { lines: Line[] }) =>
  h(
    Box,
    { flexDirection: 'column', width: 18 },
    ...lines.map((l) => h(Text, { key: l.key, wrap: l.wrap }, ...drawPieces(l.pieces))),
  );

function freshFrame(lines: Line[]): string | undefined {
  const view = render(h(Tree, { lines }));
  const frame = view.lastFrame();
  view.unmount();
  return frame;
}

describe('squash cache', () => {
  it('draws every change of a text tree as a fresh render of it would', () => {
    fc.assert(
      fc.property(fc.array(tree, { minLength: 2, maxLength: 6 }), (steps) => {
        const view = render(h(Tree, { lines: steps[0]! }));
        try {
          for (const lines of steps.slice(1)) {
            view.rerender(h(Tree, { lines }));
            expect(view.lastFrame()).toBe(freshFrame(lines));
          }
        } finally {
          view.unmount();
        }
      }),
      { numRuns: 150 },
    );
  });

  it('draws a changed value, not the one kept from the frame before', () => {
    const view = render(h(Text, null, 'updated ', h(Text, { color: 'green' }, '3 s'), ' ago'));
    expect(view.lastFrame()).toContain('updated 3 s ago');
    view.rerender(h(Text, null, 'updated ', h(Text, { color: 'green' }, '4 s'), ' ago'));
    expect(view.lastFrame()).toContain('updated 4 s ago');
    view.unmount();
  });
});
