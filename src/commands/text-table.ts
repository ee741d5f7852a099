import { displayWidth, padTo } from '../format/width.js';
import type { TextTarget } from '../format/sanitize.js';
import { glyphsFor } from '../terminal/glyphs.js';

/**
 * Plain-text table measured by display width (CJK and emoji stay aligned); columns are left-aligned
 * unless `right` names them (numbers). Every column is as wide as its widest cell, so none is cut.
 */
export function renderTextTable(
  term: TextTarget,
  header: string[],
  rows: string[][],
  gap = '  ',
  right: ReadonlySet<number> = new Set(),
): string[] {
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const pad = (c: string, i: number) =>
    right.has(i)
      ? padTo(c, widths[i] ?? 0, 'right')
      : i === widths.length - 1
        ? c
        : padTo(c, widths[i] ?? 0, 'left');
  const line = (cells: string[]) => cells.map(pad).join(gap).trimEnd();
  return [line(header), line(widths.map((w) => glyphsFor(term).rule.repeat(w))), ...rows.map(line)];
}
