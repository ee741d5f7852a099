/**
 * The Mining Pool's answer to an account name the key does not have (400, `errors.user` or
 * `errors.account`: "Mining pool account 'x' not found"), and how pooltop says it: in its own
 * words, with the names the key does have. Pure. The text is an error message's: characters
 * outside ASCII are left to what shows it.
 */
import { isPooltopError } from '../errors/pooltop-error.js';
import { KEEP_UNICODE, sanitize } from '../format/sanitize.js';

/** Names listed before the message says how many more there are. */
const NAMES_SHOWN = 10;

export function isAccountNotFound(err: unknown): boolean {
  if (!isPooltopError(err) || err.kind !== 'validation' || err.status === undefined) return false;
  const said = [...(err.fields?.user ?? []), ...(err.fields?.account ?? [])];
  return said.some((m) => /not found/i.test(m));
}

/**
 * `no mining account "nope" on this API key; it has 3: hosting_kz, main_farm, solar_shed`.
 * `names` undefined: the list could not be read either.
 */
export function accountNotFoundText(account: string, names: readonly string[] | undefined): string {
  const head = `no mining account "${sanitize(account, KEEP_UNICODE)}" on this API key`;
  if (names === undefined) return `${head} (list them with: pooltop mining accounts)`;
  if (names.length === 0) return `${head}; it has none (mining accounts are created on whitebit.com)`;
  const shown = names.slice(0, NAMES_SHOWN).map((n) => sanitize(n, KEEP_UNICODE) || '(no name)');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  return `${head}; it has ${names.length}: ${shown.join(', ')}${more}`;
}
