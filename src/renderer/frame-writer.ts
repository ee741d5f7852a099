/**
 * Only changed lines reach the terminal, and of those only the part from the first changed
 * column (./line-diff.ts). Ink renders in debug mode into this stream (each write is one whole
 * frame, no cursor movement); the writer compares it with the frame on screen and rewrites just
 * what differs, with absolute positions: we own the alternate
 * screen, so row N of the frame is row N of the terminal. Frames written in one tick are
 * coalesced. A size change (or Ctrl+L, `repaint()`) clears the screen and draws the next frame
 * whole; no line is ever wider than the terminal (a wider one would wrap and scroll the screen
 * under the writer's feet: Ink may still hand over a frame laid out for the old size), so what
 * is on screen is always exactly `shown`. The first frame goes out at once: the screen is
 * empty until it does, and the effects that run right after it (status reports, hidden tabs
 * mounting) would otherwise hold it back.
 *
 * The stream carries Ink's frames and, besides them, only Ink's own mode switches (INK_SWITCHES,
 * passed on as they are). Everything else the application sends the terminal (the clipboard, the
 * bell, notifications) comes through `writeOutOfBand`, never through the stream: a write is never
 * guessed to be a frame or not by its bytes, and a frame (one write, inside a synchronized update)
 * and an effect can never be interleaved.
 */
import { Writable } from 'node:stream';
import { clipColumns } from './text/clip-columns.js';
import { lineWidth } from './text/ansi-width.js';
import { changedTail } from './line-diff.js';

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const RESET_ERASE = '\x1b[0m\x1b[K';

export interface FrameWriter extends Writable {
  readonly isTTY: boolean;
  readonly columns: number;
  readonly rows: number;
  /** Draws the pending frame now (call before leaving the alternate screen). */
  flush(): void;
  /** Clears the screen and draws the frame whole again (Ctrl+L, after a suspend). */
  repaint(): void;
  /**
   * Sends bytes that are not a frame (an OSC 52, the bell, a notification) to the terminal now,
   * between two frames, unchanged; nothing once the writer is closed.
   */
  writeOutOfBand(bytes: string): void;
  /** Bytes sent to the terminal so far (frames, Ink's mode switches and out-of-band writes). */
  readonly bytesWritten: number;
}

const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

/**
 * What Ink itself writes into its output stream besides frames, each as one write: bracketed
 * paste on and off (usePaste, suspending input) and the cursor shown or hidden (unmounting). The
 * kitty keyboard protocol's sequences, Ink's only other ones, are opt-in and never asked for here.
 */
export const INK_SWITCHES: ReadonlySet<string> = new Set([PASTE_ON, PASTE_OFF, '\x1b[?25h', '\x1b[?25l']);

export interface FrameWriterOptions {
  /** Applied to every line before it is compared and drawn (e.g. made pure ASCII, widths kept, for a terminal that is not UTF-8). */
  mapLine?: (line: string) => string;
  /**
   * Frames go here instead of the screen (a screen reader's plain lines are written by the
   * application): the terminal then gets only the out-of-band writes and bracketed paste, never
   * a cursor movement, an erase or another mode switch.
   */
  onFrame?: (frame: string) => void;
}

export function createFrameWriter(out: NodeJS.WriteStream, options: FrameWriterOptions = {}): FrameWriter {
  const plain = options.mapLine ?? ((line: string) => line);
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
    if (pending === undefined || options.onFrame) return;
    const rows = out.rows || 24;
    const columns = out.columns || 80;
    const next = pending
      .split('\n')
      .slice(0, rows)
      .map(plain)
      .map((line) => (lineWidth(line) > columns ? clipColumns(line, columns) : line));
    pending = undefined;
    let body = repaint ? '\x1b[H\x1b[2J' : '';
    for (let i = 0; i < Math.max(next.length, shown.length); i++) {
      const line = next[i];
      if (!repaint && line === shown[i]) continue;
      if (line === undefined) {
        if (!repaint) body += `\x1b[${i + 1};1H\x1b[2K`;
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
      if (INK_SWITCHES.has(text)) {
        // A frameless writer keeps the cursor as the screen reader left it.
        if (!options.onFrame || text === PASTE_ON || text === PASTE_OFF) send(text);
      } else if (options.onFrame) options.onFrame(text);
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
  const repaintAll = (): void => {
    repaint = true;
    pending ??= shown.join('\n');
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  const onResize = (): void => {
    repaintAll();
    writer.emit('resize');
  };
  out.on('resize', onResize);
  writer.once('close', () => out.off('resize', onResize));

  return Object.defineProperties(writer, {
    isTTY: { get: () => out.isTTY === true },
    columns: { get: () => out.columns || 80 },
    rows: { get: () => out.rows || 24 },
    flush: { value: flush },
    repaint: { value: repaintAll },
    writeOutOfBand: {
      value: (bytes: string): void => {
        if (!writer.destroyed) send(bytes);
      },
    },
    bytesWritten: { get: () => bytes },
  }) as FrameWriter;
}
