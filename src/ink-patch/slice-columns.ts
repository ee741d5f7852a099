/**
 * Columns [from, to) of a styled line, as a styled line: the style in effect at `from` opens the
 * slice (so it starts in the right colours), a slice that ends inside a style closes
 * exactly what is open, and a wide character cut by either edge becomes spaces (the slice keeps its exact
 * width). Grapheme clusters are never split. Used by ./output.ts for clipping and overlaps.
 */
import { displayWidth } from '../format/width.js';
import { ESCAPE_SEQUENCE } from './ansi-width.js';

/** An escape sequence, or a run of text up to the next one. */
const TOKEN = new RegExp(`${ESCAPE_SEQUENCE.source}|[^\\x1b\\x9b\\x9d]+`, 'g');
const ASCII = /^[\x20-\x7e]*$/;
const SGR = /^(?:\x1b\[|\x9b)([0-9;:]*)m$/;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** SGR parameter → [attribute bit, switches it on?]: colours, bold/dim, italic, underline, blink, inverse, hidden, strike. */
function attribute(code: number): [number, boolean] | undefined {
  if ((code >= 30 && code <= 38) || (code >= 90 && code <= 97)) return [1, true];
  if ((code >= 40 && code <= 48) || (code >= 100 && code <= 107)) return [2, true];
  if (code === 39) return [1, false];
  if (code === 49) return [2, false];
  if (code === 1 || code === 2) return [4, true];
  if (code === 22) return [4, false];
  if (code >= 3 && code <= 9) return [8 << (code - 3), true];
  if (code >= 23 && code <= 29) return [8 << (code - 23), false];
  return undefined;
}

/** Attributes switched on, by attribute bit (see `attribute`), with the parameters that set them. */
type SgrState = Map<number, string>;

/** The SGR that sets `state` from plain, or '' when nothing is on. */
function opening(state: SgrState): string {
  return state.size === 0 ? '' : `\x1b[${[...state.values()].join(';')}m`;
}

/**
 * The SGR that turns off exactly what `state` has on (not a full reset: a transformer may wrap
 * the slice in a style of its own, which must survive).
 */
function closing(state: SgrState): string {
  if (state.size === 0) return '';
  const codes: number[] = [];
  if (state.has(1)) codes.push(39);
  if (state.has(2)) codes.push(49);
  if (state.has(4)) codes.push(22);
  for (let bit = 0; bit < 7; bit++) if (state.has(8 << bit)) codes.push(23 + bit);
  return `\x1b[${codes.join(';')}m`;
}

/** Applies one SGR's parameters to `state`. */
function applySgr(state: SgrState, params: string): void {
  const codes = params.split(/[;:]/).map(Number);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0;
    if (code === 0) {
      state.clear();
      continue;
    }
    // 38/48 carry a colour: 5;n or 2;r;g;b.
    const span = code === 38 || code === 48 ? (codes[i + 1] === 5 ? 3 : 5) : 1;
    const set = codes.slice(i, i + span).join(';');
    i += span - 1;
    const hit = attribute(code);
    if (!hit) continue;
    const [bit, on] = hit;
    if (!on) state.delete(bit);
    else if (bit === 4 && state.has(4) && state.get(4) !== set) state.set(4, '1;2');
    else state.set(bit, set);
  }
}

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
    if (ASCII.test(token)) {
      const start = Math.max(from - col, 0);
      const end = Math.min(to - col, token.length);
      if (end > start) out += token.slice(start, end);
      col += token.length;
      continue;
    }
    for (const { segment } of segmenter.segment(token)) {
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
