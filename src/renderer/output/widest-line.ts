/**
 * Stands in for the `widest-line` package inside Ink (layout measurement), measured with the
 * same function as ./output.ts so layout and drawing never disagree about a line's width.
 */
import { lineWidth } from '../text/ansi-width.js';

export default function widestLine(text: string): number {
  if (!text.includes('\n')) return lineWidth(text);
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, lineWidth(line));
  return widest;
}
