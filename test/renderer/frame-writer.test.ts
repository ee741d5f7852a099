import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { captureConsole } from '../../src/renderer/console-capture.js';
import { createFrameWriter } from '../../src/renderer/frame-writer.js';
import { asWriteStream, FakeStdout } from '../ui/helpers/fake-tty.js';

function setup(columns = 10, rows = 4) {
  const out = new FakeStdout();
  out.columns = columns;
  out.rows = rows;
  const frames = createFrameWriter(asWriteStream(out));
  const draw = (frame: string): string => {
    const before = out.output.length;
    frames.write(frame);
    frames.flush();
    return out.output.slice(before);
  };
  return { out, frames, draw };
}

describe('frame writer', () => {
  it('draws the first frame whole, at absolute rows, inside a synchronized update', () => {
    const { draw } = setup();
    expect(draw('ab\ncd')).toBe('\x1b[?2026h\x1b[1;1Hab\x1b[0m\x1b[K\x1b[2;1Hcd\x1b[0m\x1b[K\x1b[?2026l');
  });

  it('then sends only the lines that changed, and nothing for an identical frame', () => {
    const { draw } = setup();
    draw('one\ntwo\nthree');
    expect(draw('one\nTWO\nthree')).toBe('\x1b[?2026h\x1b[2;1HTWO\x1b[0m\x1b[K\x1b[?2026l');
    expect(draw('one\nTWO\nthree')).toBe('');
  });

  it('rewrites a changed line from its first changed column, and whole after a resize', () => {
    const { out, draw } = setup(20, 2);
    draw('at 12:00:01\nx');
    expect(draw('at 12:00:02\nx')).toBe('\x1b[?2026h\x1b[1;11H2\x1b[0m\x1b[K\x1b[?2026l');
    expect(draw('at 12:0\nx')).toBe('\x1b[?2026h\x1b[1;8H\x1b[0m\x1b[K\x1b[?2026l');
    out.emit('resize');
    expect(draw('at 12:1\nx')).toBe(
      '\x1b[?2026h\x1b[H\x1b[2J\x1b[1;1Hat 12:1\x1b[0m\x1b[K\x1b[2;1Hx\x1b[0m\x1b[K\x1b[?2026l',
    );
  });

  it('clears rows a shorter frame no longer uses, and never draws below the last row', () => {
    const { draw } = setup(10, 2);
    draw('a\nb');
    expect(draw('a')).toBe('\x1b[?2026h\x1b[2;1H\x1b[2K\x1b[?2026l');
    expect(draw('a\nb\nc\nd')).toBe('\x1b[?2026h\x1b[2;1Hb\x1b[0m\x1b[K\x1b[?2026l');
  });

  it('does not erase after a line that fills the row (its last cell would go)', () => {
    const { draw } = setup(4, 2);
    expect(draw('abcd')).toBe('\x1b[?2026h\x1b[1;1Habcd\x1b[0m\x1b[?2026l');
    expect(draw('矿池')).toBe('\x1b[?2026h\x1b[1;1H矿池\x1b[0m\x1b[?2026l');
  });

  it('draws the first frame at once, and coalesces the frames written in one tick after it', async () => {
    const { out, frames } = setup();
    frames.write('x\n0');
    const first = '\x1b[?2026h\x1b[1;1Hx\x1b[0m\x1b[K\x1b[2;1H0\x1b[0m\x1b[K\x1b[?2026l';
    expect(out.output).toBe(first);
    frames.write('x\n1');
    frames.write('x\n2');
    frames.write('x\n3');
    expect(out.output).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.output).toBe(`${first}\x1b[?2026h\x1b[2;1H3\x1b[0m\x1b[K\x1b[?2026l`);
    expect(frames.bytesWritten).toBe(Buffer.byteLength(out.output));
  });

  it("passes Ink's own mode switches (bracketed paste, the cursor) on as they are", () => {
    const { draw } = setup();
    draw('a');
    expect(draw('\x1b[?2004h')).toBe('\x1b[?2004h');
    expect(draw('\x1b[?2004l')).toBe('\x1b[?2004l');
    expect(draw('\x1b[?25h')).toBe('\x1b[?25h');
    expect(draw('a')).toBe(''); // the frame on screen is still the frame
  });

  it('takes anything else Ink writes for a frame: bytes are never guessed to be something else', () => {
    const { draw } = setup();
    draw('a');
    // An OSC written into the stream is drawn as a frame's text (sanitised upstream), not sent raw.
    expect(draw('\x1b]52;c;aGk=\x07')).toMatch(/^\x1b\[\?2026h\x1b\[1;1H/);
  });

  it('sends out-of-band bytes (clipboard, bell, notifications) unchanged, between frames, and none once closed', async () => {
    const { out, frames, draw } = setup();
    draw('a\nb');
    const before = out.output.length;
    frames.writeOutOfBand('\x1b]52;c;aGk=\x07');
    frames.writeOutOfBand('\x07');
    const wrapped = '\x1bPtmux;\x1b\x1b]9;pooltop: CRIT workers 1\x07\x1b\\';
    frames.writeOutOfBand(wrapped);
    expect(out.output.slice(before)).toBe(`\x1b]52;c;aGk=\x07\x07${wrapped}`);
    expect(draw('a\nb')).toBe(''); // the screen is as it was: nothing to redraw
    // A frame pending for the next turn goes out whole after an effect sent meanwhile.
    const mark = out.output.length;
    frames.write('a\nc');
    frames.writeOutOfBand('\x07');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.output.slice(mark)).toBe('\x07\x1b[?2026h\x1b[2;1Hc\x1b[0m\x1b[K\x1b[?2026l');
    expect(frames.bytesWritten).toBe(Buffer.byteLength(out.output));
    frames.destroy();
    const closed = out.output.length;
    frames.writeOutOfBand('\x07');
    expect(out.output.length).toBe(closed);
  });

  it('repaints everything after a resize and reports the new size', async () => {
    const { out, frames, draw } = setup(10, 3);
    draw('a\nb');
    let resized = 0;
    frames.on('resize', () => resized++);
    out.columns = 20;
    out.emit('resize');
    expect(resized).toBe(1);
    expect(frames.columns).toBe(20);
    expect(draw('a\nb')).toBe(
      '\x1b[?2026h\x1b[H\x1b[2J\x1b[1;1Ha\x1b[0m\x1b[K\x1b[2;1Hb\x1b[0m\x1b[K\x1b[?2026l',
    );
    frames.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.listenerCount('resize')).toBe(0);
  });
});

/** A headless xterm fed with everything the writer sends; resizes follow the fake stdout. */
function onScreen(columns: number, rows: number) {
  const { out, frames } = setup(columns, rows);
  const term = new xterm.Terminal({ cols: columns, rows, allowProposedApi: true });
  let sent = 0;
  const screen = async (): Promise<string> => {
    const chunk = out.output.slice(sent);
    sent = out.output.length;
    await new Promise<void>((resolve) => term.write(chunk, resolve));
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < term.rows; y++)
      lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  const resize = async (c: number, r: number): Promise<void> => {
    await screen(); // the terminal reflows what it holds at the old size first
    term.resize(c, r);
    out.columns = c;
    out.rows = r;
    out.emit('resize');
  };
  const show = (frame: string): void => {
    frames.write(frame);
    frames.flush();
  };
  return { out, frames, term, screen, resize, show };
}

/** What a terminal of that size shows when the frame is the first one drawn. */
function freshScreen(frame: string, columns: number, rows: number): Promise<string> {
  const t = onScreen(columns, rows);
  t.show(frame);
  return t.screen();
}

/** A frame of `rows` lines `columns` wide: a title row, then numbered rows of dots. */
function frameOf(columns: number, rows: number): string {
  const lines = [`title ${columns}x${rows}`.padEnd(columns, '=')];
  for (let i = 2; i <= rows; i++) lines.push(`${i}`.padEnd(columns, '.'));
  return lines.join('\n');
}

describe('frame writer and a terminal that changes size', () => {
  it('after a shrink shows exactly what a fresh start at the new size shows', async () => {
    const t = onScreen(30, 8);
    t.show(frameOf(30, 8));
    await t.resize(20, 5);
    // Ink redraws the old tree before React has seen the new size: a frame too wide and too tall.
    t.show(frameOf(30, 8));
    t.show(frameOf(20, 5));
    expect(await t.screen()).toBe(await freshScreen(frameOf(20, 5), 20, 5));
    expect((await t.screen()).split('\n')[0]).toBe('title 20x5==========');
  });

  it('several size changes before a frame, shrink and grow, end in the fresh screen', async () => {
    const t = onScreen(40, 10);
    t.show(frameOf(40, 10));
    await t.resize(25, 6);
    await t.resize(33, 9);
    await t.resize(28, 7);
    await new Promise((resolve) => setImmediate(resolve)); // the repaint of the old frame, clipped
    t.show(frameOf(28, 7));
    expect(await t.screen()).toBe(await freshScreen(frameOf(28, 7), 28, 7));
  });

  it('never writes a line wider than the terminal, so later diffs land where they should', async () => {
    const t = onScreen(20, 4);
    t.show(frameOf(20, 4));
    await t.resize(12, 4);
    t.show(frameOf(20, 4)); // still the old width
    t.show(frameOf(12, 4).replace('2...', '2!!!'));
    expect(await t.screen()).toBe(await freshScreen(frameOf(12, 4).replace('2...', '2!!!'), 12, 4));
  });

  it('repaint() (Ctrl+L) clears the screen and draws the frame whole again', async () => {
    const t = onScreen(12, 3);
    t.show('a\nb\nc');
    t.out.write('\x1b[2;1Hgarbage'); // something else scribbled on the screen
    t.frames.repaint();
    t.frames.flush();
    expect(await t.screen()).toBe('a\nb\nc');
  });
});

describe('console while the dashboard runs', () => {
  it('is held and handed back, the console restored', () => {
    const log = console.log;
    const release = captureConsole(2);
    console.log('one %d', 1);
    console.warn('two');
    console.error(new Error('three').message);
    expect(release()).toEqual(['two', 'three']);
    expect(console.log).toBe(log);
  });
});
