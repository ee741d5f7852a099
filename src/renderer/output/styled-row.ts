/**
 * One row of a frame as positioned pieces of styled text, instead of Ink's array of one styled
 * character object per cell. Writes almost always arrive left to right without overlapping, so a
 * row is usually a plain list; a write over earlier text cuts the covered columns out of the
 * pieces beneath it (the later write wins, as in Ink).
 */
import { sliceColumns } from './slice-columns.js';

interface Piece {
  x: number;
  width: number;
  text: string;
}

export class StyledRow {
  /** Sorted by `x`, never overlapping. */
  private pieces: Piece[] = [];

  /** Places `text`, `width` columns wide, at column `x` (≥ 0). */
  put(x: number, width: number, text: string): void {
    if (width <= 0) return;
    const end = x + width;
    const last = this.pieces[this.pieces.length - 1];
    if (last === undefined || last.x + last.width <= x) {
      this.pieces.push({ x, width, text });
      return;
    }
    const kept: Piece[] = [];
    for (const piece of this.pieces) {
      const pieceEnd = piece.x + piece.width;
      if (pieceEnd <= x || piece.x >= end) {
        kept.push(piece);
        continue;
      }
      if (piece.x < x)
        kept.push({ x: piece.x, width: x - piece.x, text: sliceColumns(piece.text, 0, x - piece.x) });
      if (pieceEnd > end) {
        kept.push({
          x: end,
          width: pieceEnd - end,
          text: sliceColumns(piece.text, end - piece.x, piece.width),
        });
      }
    }
    kept.push({ x, width, text });
    kept.sort((a, b) => a.x - b.x);
    this.pieces = kept;
  }

  /** The row as one line, gaps filled with spaces, trailing spaces trimmed (as Ink does). */
  toString(): string {
    let line = '';
    let col = 0;
    for (const piece of this.pieces) {
      if (piece.x > col) line += ' '.repeat(piece.x - col);
      line += piece.text;
      col = piece.x + piece.width;
    }
    return line.trimEnd();
  }
}
