/**
 * Threshold ranges in the Monitoring Plugins syntax (development guidelines, "Threshold and
 * ranges"): `[@]start:end`, where start defaults to 0 (and its colon may then go), `~` is
 * minus infinity and an empty end is infinity. A value alerts when it lies OUTSIDE start..end
 * (ends included), or, with `@`, when it lies inside:
 *
 *   10       below 0 or above 10        10:     below 10
 *   ~:10     above 10                   10:20   below 10 or above 20
 *   @10:20   from 10 to 20 inclusive
 *
 * Numbers may carry the suffixes of their unit (units.ts): `150P:` for a hash rate, `2h` for an
 * age, `5%` for a ratio. Parsed once into numbers in base units.
 */
import { plainNumber, type Unit, UNITS } from './units.js';

export interface Range {
  /** Inclusive lower end in base units; -Infinity for `~`. */
  start: number;
  /** Inclusive upper end in base units; Infinity when left open. */
  end: number;
  /** `@`: alert inside start..end instead of outside. */
  inside: boolean;
  /** As written, for messages. */
  text: string;
}

/** A range that does not parse; `message` says why, without the key (the caller adds it). */
export class RangeSyntaxError extends Error {}

const QUANTITY = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))([a-zA-Z%]*)$/;

function quantity(text: string, unit: Unit): number {
  const spec = UNITS[unit];
  const m = QUANTITY.exec(text);
  if (!m) throw new RangeSyntaxError(`'${text}' is not a number (${spec.suffixHelp})`);
  const [, digits = '', suffix = ''] = m;
  const factor = spec.suffixes[suffix];
  if (factor === undefined) {
    throw new RangeSyntaxError(`unknown suffix '${suffix}' (${spec.suffixHelp})`);
  }
  const value = Number(digits);
  // A plain 5 for a ratio is 500 %: almost certainly meant as 5 %.
  if (unit === 'ratio' && suffix === '' && Math.abs(value) > 1) {
    throw new RangeSyntaxError(`${digits} is not a ratio (write ${digits}% or ${value / 100})`);
  }
  return value * factor;
}

export function parseRange(input: string, unit: Unit): Range {
  const text = input.trim();
  if (text === '') throw new RangeSyntaxError('is empty (e.g. 10, 10:, ~:10, 10:20 or @10:20)');
  const inside = text.startsWith('@');
  const body = inside ? text.slice(1) : text;
  const parts = body.split(':');
  if (parts.length > 2) throw new RangeSyntaxError(`'${text}' has more than one ':'`);
  let start = 0;
  let end: number;
  if (parts.length === 2) {
    const [from = '', to = ''] = parts;
    if (from === '')
      throw new RangeSyntaxError(`'${text}' has nothing before ':' (write ~:${to} or 0:${to})`);
    start = from === '~' ? Number.NEGATIVE_INFINITY : quantity(from, unit);
    end = to === '' ? Number.POSITIVE_INFINITY : quantity(to, unit);
  } else {
    end = quantity(body, unit);
  }
  if (start > end) throw new RangeSyntaxError(`'${text}' starts above its end`);
  return { start, end, inside, text };
}

/** True when `value` is in the alert zone of `range`. */
export function rangeAlerts(range: Range, value: number): boolean {
  const within = value >= range.start && value <= range.end;
  return range.inside ? within : !within;
}

/** The range in performance data: plain numbers in the perfdata unit, no suffixes. */
export function perfRange(range: Range, unit: Unit): string {
  const n = (x: number) => plainNumber(x * UNITS[unit].perfScale);
  const at = range.inside ? '@' : '';
  if (range.start === Number.NEGATIVE_INFINITY) {
    return `${at}~:${range.end === Number.POSITIVE_INFINITY ? '' : n(range.end)}`;
  }
  if (range.end === Number.POSITIVE_INFINITY) return `${at}${n(range.start)}:`;
  if (range.start === 0 && !range.inside) return n(range.end);
  return `${at}${n(range.start)}:${n(range.end)}`;
}

/** When the range alerts, in words: `below 150 PH/s`, `above 2h 00m`, `outside 0–10`. */
export function describeRange(range: Range, unit: Unit): string {
  const show = UNITS[unit].show;
  const lowOpen = range.start === Number.NEGATIVE_INFINITY;
  const highOpen = range.end === Number.POSITIVE_INFINITY;
  if (range.inside) {
    if (lowOpen && highOpen) return 'always';
    if (lowOpen) return `at or below ${show(range.end)}`;
    if (highOpen) return `at or above ${show(range.start)}`;
    return `from ${show(range.start)} to ${show(range.end)}`;
  }
  if (lowOpen && highOpen) return 'never';
  if (lowOpen) return `above ${show(range.end)}`;
  if (highOpen) return `below ${show(range.start)}`;
  return `outside ${show(range.start)}–${show(range.end)}`;
}
