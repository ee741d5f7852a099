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

const SIGNED = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact sum of signed decimal strings (balances: a collateral balance may be negative),
 * written with as many fractional digits as the longest input, so `["0.10000000", "1"]` →
 * `"1.10000000"`: an amount keeps the precision it came with. Strings that are not decimals
 * are skipped; undefined when none is a decimal.
 */
export function addDecimals(values: readonly (string | null | undefined)[]): string | undefined {
  let scale = 0;
  const parts: [boolean, string, string][] = [];
  for (const value of values) {
    const m = value == null ? null : SIGNED.exec(value);
    if (!m) continue;
    const frac = m[3] ?? '';
    scale = Math.max(scale, frac.length);
    parts.push([m[1] === '-', m[2] ?? '0', frac]);
  }
  if (parts.length === 0) return undefined;
  let total = 0n;
  for (const [negative, whole, frac] of parts) {
    const n = BigInt(whole + frac.padEnd(scale, '0'));
    total += negative ? -n : n;
  }
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - scale)}`;
}
