/**
 * How Markdown and HTML show a figure to a person: hash rates with SI prefixes, percents with
 * `%`, the threshold as a duration; every other figure exactly as CSV and JSON write it.
 * Network text is cleaned to one line (format/sanitize.ts) before any format escapes it. Pure.
 */
import { formatHashRate } from '../format/hash-rate.js';
import { KEEP_UNICODE, sanitizeLine } from '../format/sanitize.js';
import { formatDuration } from '../format/time.js';
import type { Figure } from './figures.js';

export function shownValue(key: string, value: string): string {
  if (key.endsWith('_hs')) return formatHashRate(Number(value));
  if (key.endsWith('_percent')) return `${value} %`;
  if (key.endsWith('_s')) return formatDuration(Number(value) * 1000);
  return value;
}

export function shownLabel(f: Figure): string {
  return f.label.replace(/ \((H\/s|s)\)$/, '');
}

/** Network text (account, worker and link names, links) as one clean line. */
export const clean = (text: string | null | undefined): string => sanitizeLine(text ?? '', KEEP_UNICODE);
