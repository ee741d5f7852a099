/**
 * Hash rates in H/s, shown with SI prefixes and 3 significant digits: `184 TH/s`, `1.50 PH/s`,
 * `12.3 GH/s`. The pool API sends them as decimal strings with many fractional digits
 * (`"184425100325925.9259259259259259"`); `parseHashRate` reads those.
 */

const UNITS = [
  'H/s',
  'kH/s',
  'MH/s',
  'GH/s',
  'TH/s',
  'PH/s',
  'EH/s',
  'ZH/s',
  'YH/s',
  'RH/s',
  'QH/s',
] as const;
const DECIMAL = /^\+?(\d+)(?:\.(\d*))?$/;
/** Shown for a value that is not a non-negative decimal number. */
export const UNKNOWN_RATE = '—';

/** Parses a non-negative decimal string (no exponent, no sign other than +); undefined otherwise. */
export function parseHashRate(text: string | null | undefined): number | undefined {
  const m = DECIMAL.exec((text ?? '').trim());
  if (!m) return undefined;
  const n = Number(`${m[1]}.${m[2] ?? ''}0`);
  return Number.isFinite(n) ? n : undefined;
}

/** `digits` without leading zeros (at least "0"), `frac` the fractional digits. */
function formatParts(intDigits: string, frac: string): string {
  const digits = intDigits.replace(/^0+(?=\d)/, '');
  if (digits === '0') {
    const v = Number(`0.${frac}0`);
    if (v === 0) return `0 ${UNITS[0]}`;
    if (v < 0.001) return `<0.001 ${UNITS[0]}`;
    return `${v.toPrecision(3)} ${UNITS[0]}`;
  }
  // Move the decimal point in the string itself: exact scaling, one rounding.
  let k = Math.min(Math.floor((digits.length - 1) / 3), UNITS.length - 1);
  const cut = digits.length - 3 * k;
  let text = Number(`${digits.slice(0, cut)}.${digits.slice(cut)}${frac}0`).toPrecision(3);
  if (Number(text) >= 1000 && k < UNITS.length - 1) {
    k++;
    text = (Number(text) / 1000).toPrecision(3);
  }
  return `${text} ${UNITS[k]}`;
}

/** `184425100325925.92` → `"184 TH/s"`; none, a negative or a non-finite value → `"—"`. */
export function formatHashRate(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return UNKNOWN_RATE;
  if (value >= 1e21) return formatParts(BigInt(Math.round(value)).toString(), '');
  if (value === 0) return `0 ${UNITS[0]}`;
  if (value < 0.001) return `<0.001 ${UNITS[0]}`;
  const [int = '0', frac = ''] = value.toFixed(6).split('.');
  return formatParts(int, frac);
}
