/**
 * The first `width` columns of a line that may carry escape sequences: the sequences stay (so
 * the styles they open are closed as before), the text is cut by display width, and a wide
 * character the edge would split becomes spaces, so the result is never wider than `width`.
 * Grapheme clusters are never split.
 */
import { TOKEN } from './ansi-width.js';
import { graphemes } from '../../format/graphemes.js';
import { displayWidth, isNarrow } from '../../format/width.js';

export function clipColumns(line: string, width: number): string {
  let col = 0;
  let out = '';
  for (const [token] of line.matchAll(TOKEN)) {
    const first = token.charCodeAt(0);
    if (first === 0x1b || first === 0x9b || first === 0x9d) {
      out += token;
      continue;
    }
    if (col >= width) continue;
    if (isNarrow(token)) {
      const take = Math.min(token.length, width - col);
      out += token.slice(0, take);
      col += take;
      continue;
    }
    for (const { segment } of graphemes(token)) {
      const w = displayWidth(segment);
      if (col + w > width) {
        out += ' '.repeat(width - col);
        col = width;
        break;
      }
      out += segment;
      col += w;
    }
  }
  return out;
}
