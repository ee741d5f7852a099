import { describe, expect, it } from 'vitest';
import { holdConsole } from '../../src/ui/console-buffer.js';
import { createFrameWriter } from '../../src/ui/frame-writer.js';
import { asWriteStream, FakeStdout } from './helpers/fake-tty.js';

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
      '\x1b[?2026h\x1b[2J\x1b[1;1Hat 12:1\x1b[0m\x1b[K\x1b[2;1Hx\x1b[0m\x1b[K\x1b[?2026l',
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

  it('passes OSC sequences (clipboard) straight through', () => {
    const { draw } = setup();
    draw('a');
    expect(draw('\x1b]52;c;aGk=\x07')).toBe('\x1b]52;c;aGk=\x07');
  });

  it('passes the bell and DCS (a notification wrapped for tmux) straight through', () => {
    const { draw } = setup();
    draw('a');
    expect(draw('\x07')).toBe('\x07');
    const wrapped = '\x1bPtmux;\x1b\x1b]9;pooltop: CRIT workers 1\x07\x1b\\';
    expect(draw(wrapped)).toBe(wrapped);
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
    expect(draw('a\nb')).toBe('\x1b[?2026h\x1b[2J\x1b[1;1Ha\x1b[0m\x1b[K\x1b[2;1Hb\x1b[0m\x1b[K\x1b[?2026l');
    frames.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.listenerCount('resize')).toBe(0);
  });
});

describe('console while the dashboard runs', () => {
  it('is held and handed back, the console restored', () => {
    const log = console.log;
    const release = holdConsole(2);
    console.log('one %d', 1);
    console.warn('two');
    console.error(new Error('three').message);
    expect(release()).toEqual(['two', 'three']);
    expect(console.log).toBe(log);
  });
});
