/**
 * Only changed lines reach the terminal, and of those only the part from the first changed
 * column (line-diff.ts). Ink renders in debug mode into this stream (each write is one whole
 * frame, no cursor movement); the writer compares it with the frame on screen and rewrites just
 * what differs, with absolute positions: we own the alternate
 * screen, so row N of the frame is row N of the terminal. Frames written in one tick are
 * coalesced; a resize repaints everything. The first frame goes out at once: the screen is
 * empty until it does, and the effects that run right after it (status reports, hidden tabs
 * mounting) would otherwise hold it back.
 *
 * Writes that are not frames pass straight through: OSC sequences (clipboard, title,
 * notifications), DCS (a notification wrapped for tmux or screen) and the bell, which views send
 * with `useStdout().stdout.write`.
 */
import { Writable } from 'node:stream';
import { lineWidth } from '../format/ansi-width.js';
import { changedTail } from './line-diff.js';

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const RESET_ERASE = '\x1b[0m\x1b[K';

/** OSC, DCS or the bell: not a frame. */
const isPassThrough = (text: string): boolean =>
  text.startsWith('\x1b]') || text.startsWith('\x1bP') || text.startsWith('\x07');

export interface FrameWriter extends Writable {
  readonly isTTY: boolean;
  readonly columns: number;
  readonly rows: number;
  /** Draws the pending frame now (call before leaving the alternate screen). */
  flush(): void;
  /** Bytes sent to the terminal so far (frames and pass-through). */
  readonly bytesWritten: number;
}

export function createFrameWriter(out: NodeJS.WriteStream): FrameWriter {
  let shown: string[] = [];
  let pending: string | undefined;
  let repaint = false;
  let scheduled = false;
  let bytes = 0;

  const send = (text: string): void => {
    if (text === '' || out.destroyed || out.writableEnded) return;
    bytes += Buffer.byteLength(text);
    try {
      out.write(text);
    } catch {
      // The terminal is gone (hang-up); run-dashboard is already on its way out.
    }
  };

  const flush = (): void => {
    scheduled = false;
    if (pending === undefined) return;
    const rows = out.rows || 24;
    const columns = out.columns || 80;
    const next = pending.split('\n').slice(0, rows);
    pending = undefined;
    let body = repaint ? '\x1b[2J' : '';
    for (let i = 0; i < Math.max(next.length, shown.length); i++) {
      const line = next[i];
      if (!repaint && line === shown[i]) continue;
      if (line === undefined) {
        body += `\x1b[${i + 1};1H\x1b[2K`;
        continue;
      }
      // Erasing after a line that fills the row would erase its last cell (pending wrap).
      const tail = lineWidth(line) < columns ? RESET_ERASE : '\x1b[0m';
      const before = repaint ? undefined : shown[i];
      // A line already on screen is rewritten from the first column that changed.
      const { column, text } = before === undefined ? { column: 0, text: line } : changedTail(before, line);
      body += `\x1b[${i + 1};${column + 1}H${text}${tail}`;
    }
    repaint = false;
    shown = next;
    if (body) send(SYNC_START + body + SYNC_END);
  };

  const writer = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (isPassThrough(text)) send(text);
      else if (text !== '') {
        pending = text;
        if (shown.length === 0 && !repaint) flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      }
      done();
    },
  });
  const onResize = (): void => {
    repaint = true;
    pending ??= shown.join('\n');
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    writer.emit('resize');
  };
  out.on('resize', onResize);
  writer.once('close', () => out.off('resize', onResize));

  return Object.defineProperties(writer, {
    isTTY: { get: () => out.isTTY === true },
    columns: { get: () => out.columns || 80 },
    rows: { get: () => out.rows || 24 },
    flush: { value: flush },
    bytesWritten: { get: () => bytes },
  }) as FrameWriter;
}
