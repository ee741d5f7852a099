/**
 * Decimal points lined up in a column of amounts: each cell gets the same number of columns
 * before and after its point, fractional digits padded with spaces (never zeros: an amount is
 * shown with the digits it came with) and a whole number padded as if it had a point. Cells
 * that are not decimals (a placeholder) are right-aligned in the column. Pure.
 */

import { displayWidth, padTo } from './width.js';

const DECIMAL = /^(-?\d+)(?:\.(\d+))?$/;

export function alignDecimals(cells: readonly string[]): string[] {
  let before = 0;
  let after = 0;
  for (const cell of cells) {
    const m = DECIMAL.exec(cell);
    if (!m) continue;
    before = Math.max(before, (m[1] ?? '').length);
    // The point counts as one column after.
    if (m[2] !== undefined) after = Math.max(after, m[2].length + 1);
  }
  const width = Math.max(before + after, ...cells.map((c) => (DECIMAL.test(c) ? 0 : displayWidth(c))));
  return cells.map((cell) => {
    const m = DECIMAL.exec(cell);
    if (!m) return padTo(cell, width, 'right');
    const whole = m[1] ?? '';
    const frac = m[2] === undefined ? '' : `.${m[2]}`;
    return `${whole.padStart(before)}${frac.padEnd(after)}`.padStart(width);
  });
}
