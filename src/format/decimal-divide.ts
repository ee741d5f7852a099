/**
 * Exact quotients of non-negative decimal strings, for rates such as a reward per TH/s: both
 * sides are read as integers scaled by powers of ten and divided as BigInts, then rounded once
 * to the places asked, half up (a remainder of exactly half rounds away from zero). Money is
 * never divided through doubles. Pure.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

interface Scaled {
  /** The value × 10^scale, exactly. */
  digits: bigint;
  scale: number;
}

function scaled(value: string): Scaled | undefined {
  const m = DECIMAL.exec(value.trim());
  if (!m) return undefined;
  const frac = m[2] ?? '';
  return { digits: BigInt((m[1] ?? '0') + frac), scale: frac.length };
}

function written(n: bigint, places: number): string {
  const digits = n.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  return places === 0 ? whole : `${whole}.${digits.slice(digits.length - places)}`;
}

/**
 * `dividend × 10^exponent ÷ divisor` to `places` fractional digits, half up:
 * `divideDecimals("0.00048", "1000000000000000", 12, 12)` → `"0.000000480000"`. Undefined when
 * either is not a decimal or the divisor is zero (no quotient, rather than an infinity).
 */
export function divideDecimals(
  dividend: string,
  divisor: string,
  places: number,
  exponent = 0,
): string | undefined {
  const a = scaled(dividend);
  const b = scaled(divisor);
  if (!a || !b || b.digits === 0n) return undefined;
  // a/10^sa × 10^e ÷ (b/10^sb) × 10^places = a × 10^(e + sb + places) ÷ (b × 10^sa)
  let numerator = a.digits;
  let denominator = b.digits * 10n ** BigInt(a.scale);
  const up = exponent + b.scale + places;
  if (up >= 0) numerator *= 10n ** BigInt(up);
  else denominator *= 10n ** BigInt(-up);
  const quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  return written(twice >= denominator ? quotient + 1n : quotient, places);
}
