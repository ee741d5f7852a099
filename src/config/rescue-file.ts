/**
 * The token set as handed over when it could not be saved to the store: one JSON line, the
 * shape `auth refresh --json` prints (`{"data": <token set>}`) plus when it was issued and whose
 * it is. `pooltop auth restore` reads it back (or a plain `auth refresh --json` output).
 *
 *   {"data":{…},"issued_at":"2026-01-01T12:00:00.000Z","profile":"default","base_url":"https://whitebit.com"}
 */
import * as v from 'valibot';
import { type StoreEntry, type StoredTokens, TokenSetSchema } from './store-schema.js';

/** Far more than any token set; anything larger is not one. */
export const MAX_RESCUE_BYTES = 64 * 1024;

export interface Rescue {
  tokens: StoredTokens;
  issuedAt?: number;
  profile?: string;
  baseUrl?: string;
}

export function rescueText(entry: StoreEntry, profile: string, baseUrl: string): string {
  const issued = entry.issuedAt === undefined ? {} : { issued_at: new Date(entry.issuedAt).toISOString() };
  return `${JSON.stringify({ data: entry.tokens, ...issued, profile, base_url: baseUrl })}\n`;
}

const TOKEN_TEXT = /^[\x21-\x7e]+$/;

const RescueSchema = v.object({
  data: v.pipe(
    TokenSetSchema,
    v.check((t) => TOKEN_TEXT.test(t.refresh_token), 'refresh_token must be printable text without spaces'),
    v.check(
      (t) => t.access_token === undefined || TOKEN_TEXT.test(t.access_token),
      'access_token must be printable text without spaces',
    ),
  ),
  issued_at: v.optional(v.pipe(v.string(), v.isoTimestamp('issued_at must be an ISO 8601 time'))),
  profile: v.optional(v.string()),
  base_url: v.optional(v.string()),
});

/** The token set in `text`, or the reason it is not one (the reason never quotes the input). */
export function parseRescue(text: string): Rescue | string {
  if (Buffer.byteLength(text) > MAX_RESCUE_BYTES) return `it is larger than ${MAX_RESCUE_BYTES / 1024} KiB`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'it is not JSON (expected the line `pooltop auth refresh --json` printed)';
  }
  const r = v.safeParse(RescueSchema, data);
  if (!r.success) {
    const issue = r.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    const custom = issue.type === 'check' || issue.type === 'iso_timestamp';
    return custom ? issue.message : `${path || 'the input'} is missing or has the wrong type`;
  }
  const o = r.output;
  return {
    tokens: o.data,
    issuedAt: o.issued_at === undefined ? undefined : Date.parse(o.issued_at),
    profile: o.profile,
    baseUrl: o.base_url,
  };
}
