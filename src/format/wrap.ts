/**
 * Word wrapping that breaks only between words, never leaving a space at the start of a line.
 * Words joined by a no-break space (U+00A0) stay on one line: a phrase such as `press q to quit`.
 * Pure.
 */
import { displayWidth } from './width.js';

const NO_BREAK = '\u00a0';

/** Words of `text` in lines of at most `width` columns (a word longer than that is cut). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text
    .split(/ +/)
    .filter((w) => w !== '')
    // A phrase wider than the line breaks between its words after all.
    .flatMap((w) => (displayWidth(w) > width && w.includes(NO_BREAK) ? w.split(NO_BREAK) : [w]));
  for (const word of words) {
    const next = line === '' ? word : `${line} ${word}`;
    if (displayWidth(next) <= width) {
      line = next;
      continue;
    }
    if (line !== '') lines.push(line);
    line = displayWidth(word) <= width ? word : [...word].slice(0, Math.max(1, width)).join('');
  }
  lines.push(line);
  return lines.map((l) => l.replaceAll(NO_BREAK, ' '));
}

/** `words` kept together on one line by wrapWords (unless the phrase alone is wider than the line). */
export function phrase(words: string): string {
  return words.replaceAll(' ', NO_BREAK);
}
