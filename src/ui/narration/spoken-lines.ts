/**
 * A screen-reader frame (Ink's text of the tree: a row's pieces joined by spaces, a column's by
 * newlines) as lines worth reading aloud: colour codes, borders, charts and sparklines gone,
 * lines with nothing to say dropped, and a label padded to its column followed by its value as
 * `label: value` (further columns after commas). Pure.
 */

/** Box drawing, blocks (bars, sparklines, swatches) and braille (charts). */
const DRAWING = /[\u2500-\u259f\u2800-\u28ff]/g;
const SGR = /\x1b\[[0-9;]*m/g;
const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

export function spokenLines(frame: string): string[] {
  const out: string[] = [];
  for (const raw of frame.replace(SGR, '').split('\n')) {
    const line = raw.replace(DRAWING, ' ').trim();
    if (!SAYS_SOMETHING.test(line)) continue;
    const [first = '', ...rest] = line.split(/ {2,}/);
    if (rest.length === 0) {
      out.push(first);
      continue;
    }
    out.push(`${first.endsWith(':') ? first : `${first}:`} ${rest.join(', ')}`);
  }
  return out;
}
