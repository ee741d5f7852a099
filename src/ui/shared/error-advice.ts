/**
 * What a tab says about a failure: the message (the server's own words for authentication errors,
 * with the key that was refused) and the likely fix. Pure; the view sanitises and draws it.
 */
import { isRefusedKey, refusedKeyFix } from '../../api/refused-key.js';
import { keyFrom, type KeyConfig } from '../../config/key-source.js';
import { isPooltopError } from '../../errors/pooltop-error.js';

export type ProblemKind = 'credentials' | 'auth' | 'other';

export interface Advice {
  kind: ProblemKind;
  message: string;
  /** The likely fix, when one is known. */
  fix?: string;
}

/** `config`: where the key and secret came from, named in the message (never their values). */
export function adviceFor(err: Error, config?: KeyConfig): Advice {
  if (!isPooltopError(err)) return { kind: 'other', message: err.message };
  if (err.kind === 'config') return { kind: 'credentials', message: err.message };
  if (err.kind !== 'auth') return { kind: 'other', message: err.message };
  if (err.reason === 'clock-skew')
    return { kind: 'auth', message: err.message, fix: 'check the system clock' };
  if (!isRefusedKey(err)) return { kind: 'auth', message: err.message, fix: refusedKeyFix(err) };
  // Short: it shares one line with the fix and `r retries`; the place comes first.
  const message = config
    ? `${keyFrom(config).replace(/^the API key/, 'API key')} refused: ${err.message}`
    : err.message;
  return { kind: 'auth', message, fix: refusedKeyFix(err, config) };
}

/** `Unauthorized request. — check the API secret …` */
export function adviceLine(advice: Advice): string {
  return advice.fix ? `${advice.message} — ${advice.fix}` : advice.message;
}
