/**
 * Ink's layout measures each changed <Text> (dom.js → measure-text). Ink's own measure keeps
 * every text it ever measured in a module-wide cache of up to 8,192 entries, which a dashboard
 * whose clock and ages change every second fills over hours (docs/performance.md, "Long runs").
 * The renderer's replacement (src/renderer/output/measure-text.ts) keeps nothing: after a few
 * thousand frames of texts never seen before, the live heap after a full collection is where
 * it was. Drawn through Ink with a stdout that keeps no frames (ink-testing-library's keeps all).
 */
import { EventEmitter } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Box, render, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import measureText from '../../src/renderer/output/measure-text.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A terminal that drops what it is sent. */
class NullStream extends EventEmitter {
  columns = 100;
  rows = 40;
  isTTY = false;
  write(): boolean {
    return true;
  }
}

const LINES = 16;
/** A 16-line text, 1.3 KB, that no other frame shows (each line fits the 100 columns). */
const textOf = (n: number): string =>
  Array.from({ length: LINES }, (_, line) => `frame ${n} line ${line} `.padEnd(80, '·')).join('\n');

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function liveHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('measuring text for layout', () => {
  it('keeps no text it measured: thousands of new texts leave the live heap where it was', async () => {
    const stdout = new NullStream();
    const stdin = Object.assign(new EventEmitter(), {
      isTTY: false,
      setEncoding() {},
      setRawMode() {},
      ref() {},
      unref() {},
      read: () => null,
    });
    const view = (n: number) => (
      <Box width={100} flexDirection="column">
        <Text>{textOf(n)}</Text>
      </Box>
    );
    const ink = render(view(0), {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: new NullStream() as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    // Warm-up: code compiled, pools and caches of fixed size filled.
    for (let n = 1; n <= 300; n++) {
      ink.rerender(view(n));
      await tick();
    }
    const before = liveHeap();
    const frames = 3000;
    for (let n = 301; n <= 300 + frames; n++) {
      ink.rerender(view(n));
      await tick();
    }
    const after = liveHeap();
    ink.unmount();
    // Ink's own measure holds ~4.8 MB here (3,000 texts of 1.3 KB); this one ~0.5 MB whatever the count.
    expect(after - before).toBeLessThan(1_000_000);
  });

  it("measures as Ink's did: the widest line, and the lines", () => {
    expect(measureText('')).toEqual({ width: 0, height: 0 });
    expect(measureText('abc')).toEqual({ width: 3, height: 1 });
    expect(measureText('a\nbcd\n')).toEqual({ width: 3, height: 3 });
    expect(measureText('\x1b[1mbold\x1b[22m 漢字')).toEqual({ width: 9, height: 1 });
  });
});
