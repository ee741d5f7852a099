/**
 * A signed request refused for its key (401/403, or the server's "Unauthorized request."): which
 * key was refused — the place it came from, never its value — and what usually fixes it. Pure.
 */
import { keyFrom, type KeyConfig, sourceOf } from '../config/key-source.js';
import { isPooltopError, type PooltopError } from '../errors/pooltop-error.js';

/** Where the secret came from, said beside the key's place (`api_secret in the same profile`). */
function secretPlace(c: KeyConfig): string {
  return c.sources.apiKey === 'profile' && c.sources.apiSecret === 'profile'
    ? 'api_secret in the same profile'
    : sourceOf(c, 'apiSecret');
}

/** Documented messages (lower case, no final dot) and what usually fixes them. */
const FIXES: ReadonlyArray<[string, (config: KeyConfig | undefined) => string]> = [
  ['unauthorized request', (c) => (c ? `check its secret (${secretPlace(c)})` : 'check the API secret')],
  [
    'this action is unauthorized. enable your key in api settings',
    () => 'enable the key in WhiteBIT API settings',
  ],
  [
    "you don't have permission to use this endpoint",
    () => 'allow this endpoint for the key in WhiteBIT API settings',
  ],
  ['payload not provided', () => 'a proxy may be dropping the X-TXC-PAYLOAD header'],
  ['invalid payload', () => 'a proxy may be rewriting the request body'],
  ['too many requests', () => 'another program may be using the same API key; give pooltop its own key'],
];

/** An API-key refusal; not a clock-skew nonce error, not an OAuth token's. */
export function isRefusedKey(err: unknown): boolean {
  if (!isPooltopError(err) || err.kind !== 'auth' || err.reason === 'clock-skew') return false;
  return !(err.fields && 'token' in err.fields);
}

/** What to check for a refused key; `config` names where the key and secret came from. */
export function refusedKeyFix(err: PooltopError, config?: KeyConfig): string {
  const norm = err.message.trim().toLowerCase();
  const found = FIXES.find(([prefix]) => norm.startsWith(prefix));
  if (found) return found[1](config);
  if (err.status === 403) return "check the key's permissions in WhiteBIT API settings";
  return config ? `check the key and its secret (${secretPlace(config)})` : 'check the API key and secret';
}

/**
 * `the API refused the API key from WHITEBIT_API_KEY (Unauthorized request.): check its secret
 * (WHITEBIT_API_SECRET), and that the key is still active in WhiteBIT API settings`: one line.
 */
export function refusedKeyMessage(err: PooltopError, config: KeyConfig): string {
  const fix = refusedKeyFix(err, config);
  const active = fix.includes('WhiteBIT API settings')
    ? ''
    : ', and that the key is still active in WhiteBIT API settings';
  return `the API refused ${keyFrom(config)} (${err.message.trim()}): ${fix}${active}`;
}
