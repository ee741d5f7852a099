/**
 * Columns [from, to) of a styled line, as a styled line: the style in effect at `from` opens the
 * slice, a slice that ends inside a style closes exactly what is open, and a wide character cut
 * by either edge becomes spaces in its style (the slice keeps its exact width, as Ink's blank
 * cells do). Grapheme clusters are never split.
 */
import { TOKEN } from '../text/ansi-width.js';
import { graphemes } from '../../format/graphemes.js';
import { applySgr, closing, opening, SGR, type SgrState } from '../text/sgr-state.js';
import { displayWidth, isNarrow } from '../../format/width.js';

export function sliceColumns(line: string, from: number, to: number): string {
  if (to <= from) return '';
  let col = 0;
  const state: SgrState = new Map();
  let prefix = '';
  let out = '';
  for (const [token] of line.matchAll(TOKEN)) {
    if (col >= to) break;
    const first = token.charCodeAt(0);
    if (first === 0x1b || first === 0x9b || first === 0x9d) {
      const sgr = SGR.exec(token);
      if (sgr) applySgr(state, sgr[1] ?? '');
      // Before the slice's first character only the resulting style matters: set once, up front.
      if (out === '') {
        if (sgr) prefix = opening(state);
        else if (col >= from) out += token;
      } else out += token;
      continue;
    }
    if (isNarrow(token)) {
      const start = Math.max(from - col, 0);
      const end = Math.min(to - col, token.length);
      if (end > start) out += token.slice(start, end);
      col += token.length;
      continue;
    }
    for (const { segment } of graphemes(token)) {
      if (col >= to) break;
      const width = displayWidth(segment);
      const end = col + width;
      if (col >= from && end <= to) out += segment;
      else if (end > from) out += ' '.repeat(Math.min(end, to) - Math.max(col, from));
      col = end;
    }
  }
  return prefix + out + closing(state);
}
