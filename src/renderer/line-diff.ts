/**
 * Where a line on screen and its replacement start to differ, as a terminal column, and the new
 * line from there on, opened in the style in effect at that point. The frame writer moves the
 * cursor there and writes only that tail: a clock ticking at the end of the status line costs
 * a few bytes instead of the whole line.
 *
 * The cut is only made where both lines continue with a character that cannot join the one
 * before it (printable ASCII, box drawing, …: see isNarrow) or with an escape sequence, so a
 * combining mark or an emoji modifier is never separated from its base character; and only
 * before the first character that is not narrow, because terminals disagree about the width of
 * emoji and the column would be a guess (such a line is rewritten from there, as before).
 */
import { isNarrow } from '../format/width.js';
import { TOKEN } from './text/ansi-width.js';
import { applySgr, opening, SGR, type SgrState } from './text/sgr-state.js';
import { graphemes } from '../format/graphemes.js';

export interface LineTail {
  /** 0-based column where `text` starts. */
  column: number;
  text: string;
}

/** True when a cut at `index` cannot split a grapheme cluster of `line`. */
function safeCut(line: string, index: number): boolean {
  if (index >= line.length) return true;
  const code = line.charCodeAt(index);
  return code === 0x1b || isNarrow(line[index] ?? '');
}

export function changedTail(shown: string, next: string): LineTail {
  const limit = Math.min(shown.length, next.length);
  let common = 0;
  while (common < limit && shown.charCodeAt(common) === next.charCodeAt(common)) common++;

  const state: SgrState = new Map();
  let cut = 0;
  let column = 0;
  let style = '';
  let col = 0;
  const mark = (end: number) => {
    if (safeCut(shown, end) && safeCut(next, end)) {
      cut = end;
      column = col;
      style = opening(state);
    }
  };
  scan: for (const match of next.matchAll(TOKEN)) {
    const token = match[0];
    const start = match.index ?? 0;
    const end = start + token.length;
    const first = token.charCodeAt(0);
    if (first === 0x1b || first === 0x9b || first === 0x9d) {
      if (end > common) break;
      const sgr = SGR.exec(token);
      if (sgr) applySgr(state, sgr[1] ?? '');
      mark(end);
      continue;
    }
    if (isNarrow(token)) {
      const upTo = Math.min(end, common);
      col += upTo - start;
      mark(upTo);
      if (upTo < end) break;
      continue;
    }
    let at = start;
    for (const { segment } of graphemes(token)) {
      // Terminals disagree about emoji widths: no column is trusted past one.
      if (at + segment.length > common || !isNarrow(segment)) break scan;
      at += segment.length;
      col += segment.length;
      mark(at);
    }
  }
  return { column, text: style + next.slice(cut) };
}
