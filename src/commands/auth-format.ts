/** Output of `pooltop auth`: text with masked tokens, and the JSON of `auth status`. */
import { maskToken, missingText, scopesText, untilText } from '../session/session-format.js';
import type { RefreshOutcome, SessionStatus } from '../session/session-types.js';
import { missingSettingMessage } from '../config/settings-meta.js';
import type { ResolvedConfig } from '../config/types.js';
import { textOr } from '../format/placeholder.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { formatClock, formatDateTime, timeAgo } from '../format/time.js';

const row = (label: string, value: string): string => `${label.padEnd(15)}${value}`;

function expiryText(atMs: number | undefined, nowMs: number): string {
  return atMs === undefined ? 'unknown' : `expires ${formatDateTime(atMs)} (${untilText(atMs, nowMs)})`;
}

function tokenRows(s: SessionStatus, nowMs: number, term: TextTarget): string[] {
  const t = s.tokens;
  if (!t) return [];
  return [
    row('Token type', textOr(t.token_type, term)),
    row('Access token', `${maskToken(t.access_token, term)}  ${expiryText(s.accessExpiresAt, nowMs)}`),
    row('Scopes', scopesText(s.scopes, term)),
    row('Refresh token', `${maskToken(t.refresh_token, term)}  ${expiryText(s.refreshExpiresAt, nowMs)}`),
  ];
}

export function formatRefreshText(o: RefreshOutcome, nowMs: number, term: TextTarget): string {
  const s = o.status;
  const head = o.shared
    ? `Another pooltop process refreshed the token set for profile ${s.profile} moments ago; using its result ` +
      '(no token was spent)'
    : `Refreshed the token set for profile ${s.profile} (${s.baseUrl})`;
  return `${[head, ...tokenRows(s, nowMs, term), row('Saved to', s.storePath)].join('\n')}\n`;
}

export function formatStatusText(
  s: SessionStatus,
  config: ResolvedConfig,
  nowMs: number,
  term: TextTarget,
): string {
  const lines = [row('Profile', s.profile), row('API', s.baseUrl), row('Stored in', s.storePath)];
  if (!s.tokens) lines.push(row('Tokens', 'nothing stored yet; run: pooltop auth refresh'));
  lines.push(...tokenRows(s, nowMs, term));
  const last = s.lastRefresh;
  if (last) {
    const result = last.result === 'ok' ? 'ok' : `${last.result}: ${sanitizeLine(last.message ?? '', term)}`;
    lines.push(row('Last refresh', `${formatDateTime(last.at)} (${timeAgo(last.at, nowMs)}), ${result}`));
  }
  if (s.interruptedAt !== undefined) {
    lines.push(
      row(
        'Interrupted',
        `a refresh sent at ${formatClock(s.interruptedAt)} never got its answer; the next refresh shows ` +
          'whether the stored token still works',
      ),
    );
  }
  if (s.reauthorised) {
    lines.push(
      row('Re-authorised', 'the configured refresh token is new: the next refresh starts a chain from it'),
    );
  }
  for (const key of s.missing) lines.push(row('Missing', missingSettingMessage(key, config)));
  return `${lines.join('\n')}\n`;
}

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

/** `auth status --json`: tokens masked here too (use `auth refresh --json` to obtain tokens). */
export function statusJson(s: SessionStatus, term: TextTarget): { data: Record<string, unknown> } {
  const t = s.tokens;
  return {
    data: {
      profile: s.profile,
      base_url: s.baseUrl,
      store: s.storePath,
      stored: t !== undefined,
      token_type: t?.token_type ?? null,
      access_token: t ? maskToken(t.access_token, term) : null,
      refresh_token: t ? maskToken(t.refresh_token, term) : null,
      scope: t?.scope ?? null,
      expires_in: t?.expires_in ?? null,
      issued_at: iso(s.issuedAt),
      access_expires_at: iso(s.accessExpiresAt),
      refresh_expires_at: iso(s.refreshExpiresAt),
      last_refresh: s.lastRefresh
        ? { at: iso(s.lastRefresh.at), result: s.lastRefresh.result, message: s.lastRefresh.message ?? null }
        : null,
      interrupted_at: iso(s.interruptedAt),
      reauthorised: s.reauthorised,
      missing: missingText(s.missing).split(', ').filter(Boolean),
    },
  };
}
