/** Pure computation of what the Session tab and `auth status` show, from a stored entry. */
import type { SettingKey } from '../config/settings-meta.js';
import { sha256, type StoreEntry, type StoredTokens } from '../config/token-store.js';
import type { ResolvedConfig } from '../config/types.js';
import type { SessionStatus } from './session-types.js';

/** OAuth settings a refresh needs; the refresh token may instead come from a stored chain. */
export function missingOAuthSettings(config: ResolvedConfig, entry: StoreEntry | undefined): SettingKey[] {
  const missing: SettingKey[] = [];
  if (!config.clientId) missing.push('clientId');
  if (!config.clientSecret) missing.push('clientSecret');
  if (!config.refreshToken && !entry?.tokens) missing.push('refreshToken');
  return missing;
}

/**
 * The re-authorisation rule: a configured refresh token that is not the one the stored chain
 * started from means the user authorised again, so the configured one wins.
 */
export function isReauthorised(config: ResolvedConfig, entry: StoreEntry | undefined): boolean {
  if (!config.refreshToken || !entry?.tokens) return false;
  return entry.originSha256 !== sha256(config.refreshToken);
}

export interface ChosenToken {
  token: string;
  /** SHA-256 of the token the chain (continued or new) started from. */
  originSha256: string;
  /** True when this starts a new chain from the configured token. */
  fresh: boolean;
}

/** Which refresh token to spend: the stored chain's, unless the user re-authorised. */
export function chooseRefreshToken(
  config: ResolvedConfig,
  entry: StoreEntry | undefined,
): ChosenToken | undefined {
  const configured = config.refreshToken;
  if (entry?.tokens && entry.originSha256 !== undefined && !isReauthorised(config, entry)) {
    return { token: entry.tokens.refresh_token, originSha256: entry.originSha256, fresh: false };
  }
  if (configured) return { token: configured, originSha256: sha256(configured), fresh: true };
  if (entry?.tokens) {
    // A chain without a recorded origin (hand-edited store): continue it.
    return { token: entry.tokens.refresh_token, originSha256: entry.originSha256 ?? '', fresh: false };
  }
  return undefined;
}

/** The time of an earlier refresh sent with `token` whose answer never arrived, if any. */
export function interruptedAt(entry: StoreEntry | undefined, token: string | undefined): number | undefined {
  const pending = entry?.pending;
  return pending && token !== undefined && pending.tokenSha256 === sha256(token) ? pending.at : undefined;
}

/** Documented fields of a token set that an answer may lack without breaking the chain. */
const OPTIONAL_TOKEN_FIELDS = ['access_token', 'expires_in', 'scope', 'token_type'] as const;

/** The documented fields `tokens` lacks (missing or null), in the documented order. */
export function incompleteFields(tokens: StoredTokens): string[] {
  return OPTIONAL_TOKEN_FIELDS.filter((k) => tokens[k] == null);
}

export function splitScopes(scope: string | null | undefined): string[] {
  return (scope ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function buildStatus(args: {
  config: ResolvedConfig;
  baseUrl: string;
  storePath: string;
  entry: StoreEntry | undefined;
  refreshLifetimeSec: number;
}): SessionStatus {
  const { entry, config } = args;
  const tokens = entry?.tokens;
  const issuedAt = tokens ? entry?.issuedAt : undefined;
  return {
    profile: config.profile,
    baseUrl: args.baseUrl,
    storePath: args.storePath,
    missing: missingOAuthSettings(config, entry),
    tokens,
    issuedAt,
    accessExpiresAt:
      tokens?.expires_in != null && issuedAt !== undefined ? issuedAt + tokens.expires_in * 1000 : undefined,
    refreshExpiresAt: issuedAt !== undefined ? issuedAt + args.refreshLifetimeSec * 1000 : undefined,
    scopes: splitScopes(tokens?.scope),
    lastRefresh: entry?.lastRefresh,
    interruptedAt: interruptedAt(entry, chooseRefreshToken(config, entry)?.token),
    reauthorised: isReauthorised(config, entry),
  };
}
