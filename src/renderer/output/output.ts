/**
 * Replaces `ink/build/output.js` (Ink 8.0.0) in the bundle; see ./README.md. Same class shape
 * and clipping rules: nested clips intersect, a transformer sees a line's index within its
 * write, a wide character cut by an edge or an overlapping write becomes spaces in its style,
 * rows are trimmed at the end. Rows are kept as positioned pieces of the strings Ink produced
 * (./styled-row.ts) instead of one object per cell, so a frame costs per write, not per cell.
 */
import { lineWidth } from '../text/ansi-width.js';
import { sliceColumns } from './slice-columns.js';
import { StyledRow } from './styled-row.js';
import widestLine from './widest-line.js';

export type Transformer = (line: string, index: number) => string;

export interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

function tighter(a: number | undefined, b: number | undefined, pick: (a: number, b: number) => number) {
  if (a === undefined) return b;
  return b === undefined ? a : pick(a, b);
}

function intersect(outer: Clip | undefined, inner: Clip): Clip {
  if (!outer) return inner;
  return {
    x1: tighter(outer.x1, inner.x1, Math.max),
    x2: tighter(outer.x2, inner.x2, Math.min),
    y1: tighter(outer.y1, inner.y1, Math.max),
    y2: tighter(outer.y2, inner.y2, Math.min),
  };
}

const isEmpty = (c: Clip) =>
  (c.x1 !== undefined && c.x2 !== undefined && c.x1 >= c.x2) ||
  (c.y1 !== undefined && c.y2 !== undefined && c.y1 >= c.y2);

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
    this.clips.push(intersect(this.clips[this.clips.length - 1], clip));
  }

  unclip(): void {
    this.clips.pop();
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (!text) return;
    const firstY = y;
    let lines = text.includes('\n') ? text.split('\n') : [text];
    const clip = this.clips[this.clips.length - 1];
    if (clip) {
      if (isEmpty(clip)) return;
      const { x1, x2, y1, y2 } = clip;
      const horizontal = x1 !== undefined && x2 !== undefined;
      const vertical = y1 !== undefined && y2 !== undefined;
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
      for (const transform of options.transformers) line = transform(line, rowIndex - firstY);
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
