/**
 * `--from`/`--to` values: Unix seconds (`1735689600`), an ISO date or date-time (`2025-01-01`,
 * UTC for a bare date as in JavaScript; `2025-01-01T12:00:00Z`), a time ago (`90s`, `30m`,
 * `24h`, `7d`, `2w`) or `now`. The result is whole Unix seconds; whether it lies in the future
 * or after the other end is checked with the rest of the query (api/mining-checks.ts).
 */
import { PooltopError } from '../../errors/pooltop-error.js';
import { clip, type ParsedValues } from './parse.js';

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

export function parseTimeValue(text: string, nowMs: number): number | undefined {
  const value = text.trim();
  const nowSec = Math.floor(nowMs / 1000);
  if (value === 'now') return nowSec;
  if (/^\d{1,12}$/.test(value)) return Number(value);
  const ago = /^(\d{1,9})([smhdw])$/.exec(value);
  if (ago) return nowSec - Number(ago[1]) * (UNIT_SECONDS[ago[2] ?? 's'] ?? 1);
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    const ms = Date.parse(value.replace(' ', 'T'));
    if (Number.isFinite(ms) && ms >= 0) return Math.floor(ms / 1000);
  }
  return undefined;
}

/** A time flag, or undefined when not given; anything unreadable is a usage error naming the flag. */
export function timeFlag(values: ParsedValues, name: string, nowMs: number): number | undefined {
  const raw = values[name];
  if (typeof raw !== 'string') return undefined;
  const seconds = parseTimeValue(raw, nowMs);
  if (seconds === undefined) {
    throw new PooltopError(
      'config',
      `--${name} must be Unix seconds, an ISO date like 2025-06-01 or a time ago like 24h, got '${clip(raw)}'`,
    );
  }
  return seconds;
}
