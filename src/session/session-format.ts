/**
 * Text helpers shared by `pooltop auth` and the Session tab. Token text comes from the network:
 * it is masked (first four characters and an ellipsis) and sanitised before display.
 */
import { formatDuration, timeAgo } from '../format/time.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { type SettingKey, settingMeta } from '../config/settings-meta.js';

/** `abcd…`. Tokens of 8 characters or fewer show only `…`, so the mask never reveals half. */
export function maskToken(token: string | undefined, target: TextTarget): string {
  if (!token) return '—';
  return token.length > 8 ? `${sanitizeLine(token.slice(0, 4), target)}…` : '…';
}

/** `in 4m 03s` or `expired 2m ago`. */
export function untilText(atMs: number, nowMs: number, pastWord = 'expired'): string {
  return atMs > nowMs ? `in ${formatDuration(atMs - nowMs)}` : `${pastWord} ${timeAgo(atMs, nowMs)}`;
}

export function scopesText(scopes: readonly string[], target: TextTarget): string {
  return scopes.length > 0 ? scopes.map((s) => sanitizeLine(s, target)).join(', ') : '—';
}

/** `client_id, client_secret` */
export function missingText(keys: readonly SettingKey[]): string {
  return keys.map((k) => settingMeta(k).toml).join(', ');
}
