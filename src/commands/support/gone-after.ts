/** `--gone-after 10m` (check mining, exporter): how long a worker is missing before it counts. */
import { DURATION_EXAMPLES, parseDurationS } from '../../config/duration.js';
import { GONE_AFTER_DEFAULT_S } from '../../config/seen-workers.js';
import { PooltopError } from '../../errors/pooltop-error.js';
import { clip, type ParsedValues, stringFlag } from './parse.js';

/** A whole number and a unit, s m h or d; the default without the flag. */
export function goneAfterS(values: ParsedValues): number {
  const text = stringFlag(values, 'gone-after');
  if (text === undefined) return GONE_AFTER_DEFAULT_S;
  const seconds = parseDurationS(text);
  if (seconds === undefined)
    throw new PooltopError(
      'config',
      `--gone-after must be a duration such as ${DURATION_EXAMPLES}, not '${clip(text)}'`,
    );
  return seconds;
}
