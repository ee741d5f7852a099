/**
 * Pure ASCII for terminals whose locale is not UTF-8 (terminal/capabilities.ts), keeping every width.
 *
 * - `asciiData`: text from the network; each character outside ASCII becomes `?` once per column
 *   it takes (a CJK character `??`), so columns still line up. Used by sanitize().
 * - `asciiOutput`: the last step before bytes leave for such a terminal (the frame writer, the
 *   one-shot commands' output): pooltop's own one-column symbols (`·`, `›`, `—`, `▲`…) become
 *   their ASCII look-alikes, anything else left over becomes `?` as above. Symbols whose ASCII
 *   form differs in width or by context (the ellipsis, borders, the chart, the spinner) are
 *   chosen where they are drawn (glyphs.ts), so nothing reaches this step but the simple ones.
 * Escape sequences are ASCII already and pass untouched.
 */
import { displayWidth } from './width.js';
import { graphemes } from './graphemes.js';

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** One column each, one column each: our own symbols and their stand-ins. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '·': '|',
  '—': '-',
  '–': '-',
  '…': '.',
  '›': '>',
  '‹': '<',
  '●': '*',
  '‖': '|',
  '▲': '^',
  '▼': 'v',
  '↑': '^',
  '↓': 'v',
  '←': '<',
  '→': '>',
  '×': 'x',
  '±': '+',
  '█': '#',
  '╵': "'",
  '─': '-',
  '│': '|',
};

function replaceNonAscii(text: string, table: Readonly<Record<string, string>>): string {
  if (ASCII_ONLY.test(text)) return text;
  let out = '';
  for (const { segment } of graphemes(text)) {
    if (ASCII_ONLY.test(segment)) out += segment;
    else out += table[segment] ?? '?'.repeat(displayWidth(segment));
  }
  return out;
}

export function asciiData(text: string): string {
  return replaceNonAscii(text, {});
}

export function asciiOutput(text: string): string {
  return replaceNonAscii(text, LOOK_ALIKES);
}
