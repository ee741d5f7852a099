/**
 * Terminal columns of a line that may carry SGR/OSC escape sequences, for the frame writer
 * (../frame-writer.ts). Almost all of the dashboard's lines are ASCII or box drawing,
 * whose width is their length. Those take the fast
 * path (`format/width.ts`); lines with escapes or other characters are measured once and
 * remembered in a small bounded cache (the same lines come back every frame).
 */
import { displayWidth, isNarrow } from '../../format/width.js';

/** CSI, OSC (BEL or ST terminated), two-character ESC sequences, and their C1 forms. */
export const ESCAPE_SEQUENCE =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]|\x9d[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)/g;

/** An escape sequence, or a run of text up to the next one. */
export const TOKEN = new RegExp(`${ESCAPE_SEQUENCE.source}|[^\\x1b\\x9b\\x9d]+`, 'g');

const HAS_ESCAPE = /[\x1b\x9b\x9d]/;

/** A screen's lines and a little more: each second adds new ones, and old ones are dead text. */
const CACHE_MAX = 500;
let cache = new Map<string, number>();

/** Columns of `text` (one line), escape sequences excluded. */
export function lineWidth(text: string): number {
  const escaped = HAS_ESCAPE.test(text);
  if (!escaped && isNarrow(text)) return text.length;
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const width = displayWidth(escaped ? text.replace(ESCAPE_SEQUENCE, '') : text);
  if (cache.size >= CACHE_MAX) cache = new Map();
  cache.set(text, width);
  return width;
}
