/**
 * Stands in for Ink's `measure-text.js` where Ink measures a <Text> for layout (dom.js). Ink's
 * keeps every text it ever measured in a module-wide cache of 2 × 4096 entries, and the
 * dashboard measures new texts every second (the clock, ages, figures), so that cache holds
 * thousands of dead lines and grows for hours until full. Yoga asks again only for a text that
 * changed, and the width of a line with escapes is remembered by ../text/ansi-width.ts for as
 * long as such lines are on screen, so nothing is kept here.
 */
import widestLine from './widest-line.js';

export interface Dimensions {
  width: number;
  height: number;
}

export default function measureText(text: string): Dimensions {
  if (text.length === 0) return { width: 0, height: 0 };
  let height = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) height++;
  return { width: widestLine(text), height };
}
