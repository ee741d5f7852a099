// A minimal screen model for the in-process fake terminal: enough of the sequences the frame
// writer (src/renderer/frame-writer.ts) emits to know what the screen shows. The writer rewrites a
// changed line only from its first changed column, so the written bytes alone do not say what
// is on screen. Handles cursor position (CSI r;c H), erase display (CSI 2 J), erase line
// (CSI 2 K, CSI K) and text; other CSI/OSC/ESC sequences are skipped. Wide characters take two
// cells. Not a terminal emulator: the pty benches use @xterm/headless.
import { displayWidth } from '../../src/format/width.js';

const SEQUENCE = /\x1b\[([0-9;?]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/y;
const segmenter = new Intl.Segmenter();

export class Screen {
  constructor(columns, rows) {
    this.columns = columns;
    this.rows = rows;
    this.cells = Array.from({ length: rows }, () => new Array(columns).fill(' '));
    this.row = 0;
    this.column = 0;
  }

  /** Applies one chunk of terminal output. */
  write(text) {
    let i = 0;
    while (i < text.length) {
      if (text[i] === '\x1b') {
        SEQUENCE.lastIndex = i;
        const m = SEQUENCE.exec(text);
        if (!m) {
          i += 1;
          continue;
        }
        if (m[3] !== undefined && m[2] === '') this.#csi(m[1], m[3]);
        i = SEQUENCE.lastIndex;
        continue;
      }
      const next = text.indexOf('\x1b', i);
      this.#print(text.slice(i, next < 0 ? text.length : next));
      i = next < 0 ? text.length : next;
    }
  }

  /** The screen's text, one line per row (wide characters once, trailing spaces kept). */
  text() {
    return this.cells.map((line) => line.join('')).join('\n');
  }

  #csi(params, final) {
    const args = params.split(';').map((p) => Number(p) || 0);
    if (final === 'H') {
      this.row = Math.min(this.rows - 1, Math.max(0, (args[0] || 1) - 1));
      this.column = Math.min(this.columns - 1, Math.max(0, (args[1] || 1) - 1));
    } else if (final === 'J' && args[0] === 2) {
      for (const line of this.cells) line.fill(' ');
    } else if (final === 'K') {
      const line = this.cells[this.row];
      if (args[0] === 2) line.fill(' ');
      else if (args[0] === 0) line.fill(' ', this.column);
    }
  }

  #print(text) {
    for (const { segment } of segmenter.segment(text)) {
      if (segment === '\n') {
        this.row = Math.min(this.rows - 1, this.row + 1);
        this.column = 0;
        continue;
      }
      if (segment === '\r') {
        this.column = 0;
        continue;
      }
      const width = displayWidth(segment);
      if (width === 0 || this.column + width > this.columns) continue;
      const line = this.cells[this.row];
      line[this.column] = segment;
      if (width === 2) line[this.column + 1] = '';
      this.column += width;
    }
  }
}
