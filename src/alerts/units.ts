/**
 * The four kinds of value a threshold can be set on, with what each accepts in a range (the SI
 * suffixes of the issue), how it is written in Monitoring Plugins performance data and how it is
 * shown to a person. Values are always held in base units: H/s, a count, seconds, a ratio.
 */
import { formatHashRate } from '../format/hash-rate.js';
import { formatCount } from '../format/number.js';
import { formatDuration } from '../format/time.js';

export type Unit = 'hashrate' | 'count' | 'seconds' | 'ratio';

interface UnitSpec {
  /** Multiplier of each suffix a range may carry ('' = none). Case matters: `m` is minutes, `M` mega. */
  suffixes: Readonly<Record<string, number>>;
  /** For messages: what may follow a number. */
  suffixHelp: string;
  /** Performance-data unit of measurement and the factor from base units to it. */
  uom: '' | 's' | '%';
  perfScale: number;
  /** Lowest and highest possible value in base units (scaled like the value), where the guidelines' min/max fields apply. */
  perfMin?: number;
  perfMax?: number;
  /** The unit's name in `--json` output. */
  label: string;
  show(value: number): string;
}

export const UNITS: Readonly<Record<Unit, UnitSpec>> = {
  hashrate: {
    suffixes: { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 },
    suffixHelp: 'hash rates take k M G T P E, as in 150P for 150 PH/s',
    uom: '',
    perfScale: 1,
    perfMin: 0,
    label: 'H/s',
    show: formatHashRate,
  },
  count: {
    suffixes: { '': 1 },
    suffixHelp: 'counts take no suffix',
    uom: '',
    perfScale: 1,
    perfMin: 0,
    label: 'count',
    show: formatCount,
  },
  seconds: {
    suffixes: { '': 1, s: 1, m: 60, h: 3600, d: 86_400 },
    suffixHelp: 'ages take s m h d, as in 90m for 90 minutes',
    uom: 's',
    perfScale: 1,
    perfMin: 0,
    label: 's',
    show: (seconds) => formatDuration(seconds * 1000),
  },
  ratio: {
    suffixes: { '': 1, '%': 0.01 },
    suffixHelp: 'ratios take %, as in 5% for 0.05',
    uom: '%',
    perfScale: 100,
    perfMin: 0,
    perfMax: 1,
    label: 'ratio',
    show: (ratio) => `${plainNumber(ratio * 100, 2)}%`,
  },
};

/**
 * A number in the class [-0-9.] the guidelines ask of performance data: no exponent, no
 * grouping, at most `decimals` fractional digits without trailing zeros.
 */
export function plainNumber(value: number, decimals = 6): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString();
  // Integers as JavaScript writes them (shortest form, as in --json and the exporter).
  if (Number.isInteger(value)) return String(value);
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}
