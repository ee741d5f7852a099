/**
 * A replacement for Ink 6.8's `build/output.js`, swapped in at bundle time by
 * scripts/ink-fast-output.mjs (same class shape, same clipping rules). Ink's version turns
 * every frame into a grid of styled-character objects (one per cell, 12,000 at 200×60), runs
 * every line through an ANSI tokenizer, string-width and slice-ansi, and serialises the grid
 * back: about 25 ms per full frame at 200×60 on this machine, every second, even when one
 * character changed. This one keeps each row as positioned pieces of the very strings Ink
 * produced (./styled-row.ts), measures them with a fast path for ASCII and box drawing
 * (./ansi-width.ts), and slices only text that really crosses a clip edge or an earlier write.
 * Visually identical output (test/ink-patch/output-equivalence.test.ts compares both through a
 * real terminal emulator).
 */
import { lineWidth } from './ansi-width.js';
import { StyledRow } from './styled-row.js';
import { sliceColumns } from './slice-columns.js';
import widestLine from './widest-line.js';

export type Transformer = (line: string, index: number) => string;

export interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

export default class Output {
  readonly width: number;
  readonly height: number;
  private readonly rows: (StyledRow | undefined)[];
  private readonly clips: Clip[] = [];

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
    this.rows = new Array(Math.max(0, options.height));
  }

  clip(clip: Clip): void {
    this.clips.push(clip);
  }

  unclip(): void {
    this.clips.pop();
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (!text) return;
    let lines = text.includes('\n') ? text.split('\n') : [text];
    const clip = this.clips[this.clips.length - 1];
    if (clip) {
      const { x1, x2, y1, y2 } = clip;
      const horizontal = typeof x1 === 'number' && typeof x2 === 'number';
      const vertical = typeof y1 === 'number' && typeof y2 === 'number';
      if (horizontal && (x + widestLine(text) < x1 || x > x2)) return;
      if (vertical && (y + lines.length < y1 || y > y2)) return;
      if (horizontal) {
        const left = x < x1 ? x1 - x : 0;
        lines = lines.map((line) => {
          const width = lineWidth(line);
          const right = x + width > x2 ? x2 - x : width;
          return left === 0 && right === width ? line : sliceColumns(line, left, right);
        });
        if (x < x1) x = x1;
      }
      if (vertical) {
        const top = y < y1 ? y1 - y : 0;
        const bottom = y + lines.length > y2 ? y2 - y : lines.length;
        lines = lines.slice(top, bottom);
        if (y < y1) y = y1;
      }
    }
    for (let index = 0; index < lines.length; index++) {
      const rowIndex = y + index;
      if (rowIndex < 0 || rowIndex >= this.height) continue;
      let line = lines[index] ?? '';
      for (const transform of options.transformers) line = transform(line, index);
      let width = lineWidth(line);
      let column = x;
      if (column < 0) {
        line = sliceColumns(line, -column, width);
        width += column;
        column = 0;
      }
      let row = this.rows[rowIndex];
      if (row === undefined) {
        row = new StyledRow();
        this.rows[rowIndex] = row;
      }
      row.put(column, width, line);
    }
  }

  get(): { output: string; height: number } {
    let output = '';
    for (let y = 0; y < this.height; y++) {
      if (y > 0) output += '\n';
      const row = this.rows[y];
      if (row !== undefined) output += row.toString();
    }
    return { output, height: this.height };
  }
}
