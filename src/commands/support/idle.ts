/** `--idle 90d` (audit keys, check subaccounts): longer than this without activity, a key is idle. */
import { IDLE_DEFAULT_S } from '../../accounts/key-audit.js';
import { parseDurationS } from '../../config/duration.js';
import { PooltopError } from '../../errors/pooltop-error.js';
import { clip, type ParsedValues, stringFlag } from './parse.js';

export function idleSeconds(values: ParsedValues): number {
  const text = stringFlag(values, 'idle');
  if (text === undefined) return IDLE_DEFAULT_S;
  const seconds = parseDurationS(text);
  if (seconds === undefined) {
    throw new PooltopError('config', `--idle must be a duration such as 90d or 12h, not '${clip(text)}'`);
  }
  return seconds;
}
