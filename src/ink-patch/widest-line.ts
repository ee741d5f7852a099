/**
 * Drop-in for the `widest-line` package inside Ink (layout measurement and wrapping decisions),
 * measured with the same function as the output pass (./ansi-width.ts) so layout and drawing
 * never disagree about a line's width.
 */
import { lineWidth } from './ansi-width.js';

export default function widestLine(text: string): number {
  if (!text.includes('\n')) return lineWidth(text);
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, lineWidth(line));
  return widest;
}
