/** `--gone-after 10m` (check mining, exporter): how long a worker is missing before it counts. */
import { GONE_AFTER_DEFAULT_S } from '../../config/seen-workers.js';
import { PooltopError } from '../../errors/pooltop-error.js';
import { clip, type ParsedValues, stringFlag } from './parse.js';

const UNIT_S: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** A whole number and a unit, s m h or d; the default without the flag. */
export function goneAfterS(values: ParsedValues): number {
  const text = stringFlag(values, 'gone-after');
  if (text === undefined) return GONE_AFTER_DEFAULT_S;
  const m = /^(\d{1,7})([smhd])$/.exec(text);
  if (!m)
    throw new PooltopError(
      'config',
      `--gone-after must be a duration such as 30s, 10m, 2h or 1d, not '${clip(text)}'`,
    );
  return Number(m[1]) * (UNIT_S[m[2] ?? 's'] ?? 1);
}
