/**
 * Exact arithmetic for a statement's money and percentages: values are rationals of BigInts,
 * rounded once, half up, when written. Uptime is a ratio of whole worker-seconds, so the credit
 * computed from it is exact too; nothing here passes through a double. Pure.
 */

export interface Rational {
  n: bigint;
  d: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal string as a rational; undefined when it is not one. */
export function rationalOf(text: string): Rational | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const frac = m[2] ?? '';
  return { n: BigInt((m[1] ?? '0') + frac), d: 10n ** BigInt(frac.length) };
}

export const ratio = (n: number | bigint, d: number | bigint): Rational => ({
  n: BigInt(n),
  d: BigInt(d),
});

export const times = (a: Rational, b: Rational): Rational => ({ n: a.n * b.n, d: a.d * b.d });

/** `value` written to `places` fractional digits, half up (`2/3`, 2 → `"0.67"`). Non-negative only. */
export function written(value: Rational, places: number): string {
  const scale = 10n ** BigInt(places);
  const numerator = value.n * scale;
  let q = numerator / value.d;
  if ((numerator % value.d) * 2n >= value.d) q += 1n;
  const digits = q.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  return places === 0 ? whole : `${whole}.${digits.slice(digits.length - places)}`;
}

/** `part ÷ whole` as a percent to `places` digits; null when `whole` is 0. */
export function percentText(part: number, whole: number, places = 2): string | null {
  if (whole <= 0) return null;
  return written(ratio(BigInt(Math.round(part)) * 100n, BigInt(Math.round(whole))), places);
}

/** `up ÷ total` is under `percent` %: 100·up < percent·total, compared exactly. */
export function isBelow(up: number, total: number, percent: string): boolean {
  const p = rationalOf(percent);
  if (!p || total <= 0) return false;
  return BigInt(Math.round(up)) * 100n * p.d < p.n * BigInt(Math.round(total));
}
