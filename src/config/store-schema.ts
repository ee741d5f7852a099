/** Shape of the token store file, validated on every read (the file may have been edited by hand). */
import * as v from 'valibot';

export const STORE_VERSION = 1;

/**
 * A token set as it arrived: only the refresh token is sure to be there (it is saved the moment
 * it is read, even from an answer that turns out to lack the rest).
 */
export const TokenSetSchema = v.object({
  access_token: v.optional(v.string()),
  expires_in: v.optional(v.nullable(v.number())),
  refresh_token: v.string(),
  scope: v.optional(v.nullable(v.string())),
  token_type: v.optional(v.nullable(v.string())),
});

const LastRefreshSchema = v.object({
  at: v.number(),
  result: v.picklist(['ok', 'failed', 'uncertain']),
  message: v.optional(v.string()),
});

const PendingSchema = v.object({
  at: v.number(),
  pid: v.number(),
  /** SHA-256 (hex) of the refresh token being spent. */
  tokenSha256: v.string(),
});

export const StoreEntrySchema = v.object({
  /** The token set exactly as the client returned it. */
  tokens: v.optional(TokenSetSchema),
  /** When `tokens` arrived (ms since the epoch). */
  issuedAt: v.optional(v.number()),
  /** SHA-256 (hex) of the configured refresh token this chain started from. */
  originSha256: v.optional(v.string()),
  lastRefresh: v.optional(LastRefreshSchema),
  /** Written before a refresh request is sent, cleared when its outcome is known. */
  pending: v.optional(PendingSchema),
});

export const StoreFileSchema = v.object({
  version: v.literal(STORE_VERSION),
  profile: v.string(),
  /** One entry per API base URL, so a demo or EU chain never overwrites the production one. */
  entries: v.record(v.string(), StoreEntrySchema),
});

export type StoreEntry = v.InferOutput<typeof StoreEntrySchema>;
export type StoredTokens = v.InferOutput<typeof TokenSetSchema>;
export type StoreFile = v.InferOutput<typeof StoreFileSchema>;
export type LastRefresh = v.InferOutput<typeof LastRefreshSchema>;
export type RefreshResult = LastRefresh['result'];

export function parseStoreFile(data: unknown): StoreFile | undefined {
  const r = v.safeParse(StoreFileSchema, data);
  return r.success ? r.output : undefined;
}
