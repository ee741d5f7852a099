/**
 * Exact sums of non-negative decimal strings (reward amounts): `["0.00125", "0.1"]` → `"0.10125"`.
 * Money is never added through doubles.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The sum, without trailing fractional zeros; strings that are not decimals are skipped. */
export function sumDecimals(values: readonly (string | null | undefined)[]): string {
  let scale = 0;
  const parts: [string, string][] = [];
  for (const value of values) {
    const m = value ? DECIMAL.exec(value) : null;
    if (!m) continue;
    const frac = m[2] ?? '';
    scale = Math.max(scale, frac.length);
    parts.push([m[1] ?? '0', frac]);
  }
  let total = 0n;
  for (const [whole, frac] of parts) total += BigInt(whole + frac.padEnd(scale, '0'));
  const digits = total.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}
