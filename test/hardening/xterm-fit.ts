/**
 * What a real terminal emulator makes of a frame: each line is written into a headless xterm
 * of `cols` columns; a line that makes the cursor wrap to a second row was wider than the
 * terminal, whatever string-width said about it.
 */
import xterm from '@xterm/headless';

/** Lines of `frame` that wrap in an xterm `cols` wide. */
export async function linesThatWrap(frame: string, cols: number): Promise<string[]> {
  const term = new xterm.Terminal({ cols, rows: 4, allowProposedApi: true });
  const wrapped: string[] = [];
  for (const line of frame.split('\n')) {
    await new Promise<void>((resolve) => term.write(`\x1b[H\x1b[2J${line}`, resolve));
    if (term.buffer.active.cursorY > 0) wrapped.push(line);
  }
  term.dispose();
  return wrapped;
}
