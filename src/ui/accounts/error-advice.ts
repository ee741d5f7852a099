/**
 * What the Sub-accounts tab says about a failure: the message (the server's own words for
 * authentication errors) and the likely fix. Pure; the view sanitises and draws it.
 */
import { isPooltopError } from '../../errors/pooltop-error.js';

export type ProblemKind = 'credentials' | 'auth' | 'other';

export interface Advice {
  kind: ProblemKind;
  message: string;
  /** The likely fix, when one is known. */
  fix?: string;
}

/** Documented messages (lower case, no final dot) and what usually fixes them. */
const FIXES: ReadonlyArray<[string, string]> = [
  ['unauthorized request', 'check the API secret'],
  ['this action is unauthorized. enable your key in api settings', 'enable the key in WhiteBIT API settings'],
  [
    "you don't have permission to use this endpoint",
    'allow the sub-account endpoint for this key in API settings',
  ],
  ['payload not provided', 'a proxy may be dropping the X-TXC-PAYLOAD header'],
  ['invalid payload', 'a proxy may be rewriting the request body'],
  ['too many requests', 'another program may be using the same API key; give pooltop its own key'],
];

export function adviceFor(err: Error): Advice {
  if (!isPooltopError(err)) return { kind: 'other', message: err.message };
  if (err.kind === 'config') return { kind: 'credentials', message: err.message };
  if (err.kind !== 'auth') return { kind: 'other', message: err.message };
  if (err.reason === 'clock-skew')
    return { kind: 'auth', message: err.message, fix: 'check the system clock' };
  const norm = err.message.trim().toLowerCase();
  const found = FIXES.find(([prefix]) => norm.startsWith(prefix));
  if (found) return { kind: 'auth', message: err.message, fix: found[1] };
  if (err.status === 403)
    return { kind: 'auth', message: err.message, fix: "check the key's permissions in API settings" };
  return { kind: 'auth', message: err.message, fix: 'check the API key and secret' };
}

/** `Unauthorized request. — check the API secret …` */
export function adviceLine(advice: Advice): string {
  return advice.fix ? `${advice.message} — ${advice.fix}` : advice.message;
}
