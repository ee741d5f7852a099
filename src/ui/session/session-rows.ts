/** The Session tab's rows as plain data (label, text, tone), so the view stays a thin renderer. */
import { maskToken, scopesText, untilText } from '../../session/session-format.js';
import type { SessionStatus } from '../../session/session-types.js';
import { textOr } from '../../format/placeholder.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatClock, timeAgo } from '../../format/time.js';
import type { TextTarget } from '../../format/sanitize.js';
import { glyphsFor } from '../../terminal/glyphs.js';

export type Tone = 'normal' | 'ok' | 'warn' | 'error' | 'muted';

export interface Row {
  label: string;
  text: string;
  tone: Tone;
}

export interface RowInput {
  status: SessionStatus;
  nowMs: number;
  auto: boolean;
  autoStopped: boolean;
  nextAutoAt?: number;
  refreshing: boolean;
  /** The terminal the rows are drawn on. */
  term: TextTarget;
}

const at = (ms: number, nowMs: number): string => `${untilText(ms, nowMs)} (${formatClock(ms)})`;

function expiryRow(
  label: string,
  ms: number | undefined,
  nowMs: number,
  warnWithinMs: number,
  prefix = '',
): Row {
  if (ms === undefined) return { label, text: '—', tone: 'muted' };
  const left = ms - nowMs;
  const tone: Tone = left <= 0 ? 'error' : left <= warnWithinMs ? 'warn' : 'normal';
  return { label, text: `${left > 0 ? prefix : ''}${at(ms, nowMs)}`, tone };
}

function autoRow(input: RowInput): Row {
  const { auto, autoStopped, nextAutoAt, nowMs, refreshing, status } = input;
  if (!auto) return { label: 'Auto-refresh', text: 'off (a turns it on)', tone: 'muted' };
  if (autoStopped)
    return { label: 'Auto-refresh', text: 'stopped by the error below; R tries again', tone: 'warn' };
  if (status.missing.length > 0)
    return { label: 'Auto-refresh', text: 'on, waiting for OAuth settings', tone: 'warn' };
  if (refreshing)
    return {
      label: 'Auto-refresh',
      text: `on, refreshing now${glyphsFor(input.term).ellipsis}`,
      tone: 'normal',
    };
  if (nextAutoAt === undefined) return { label: 'Auto-refresh', text: 'on', tone: 'normal' };
  const when = nextAutoAt <= nowMs ? 'due now' : `next ${at(nextAutoAt, nowMs)}`;
  return { label: 'Auto-refresh', text: `on, at 80% of the lifetime: ${when}`, tone: 'ok' };
}

export function sessionRows(input: RowInput): Row[] {
  const { status, nowMs, term } = input;
  const t = status.tokens;
  const rows: Row[] = [];
  if (t) {
    rows.push(
      { label: 'Scopes', text: scopesText(status.scopes, term), tone: 'normal' },
      { label: 'Token type', text: textOr(t.token_type, term), tone: 'normal' },
      { label: 'Access token', text: maskToken(t.access_token, term), tone: 'normal' },
      expiryRow('Expires', status.accessExpiresAt, nowMs, 60_000),
      expiryRow('Refresh token', status.refreshExpiresAt, nowMs, 120_000, 'expires '),
    );
  } else {
    rows.push({ label: 'Tokens', text: 'none stored yet for this profile; R refreshes now', tone: 'muted' });
  }
  const last = status.lastRefresh;
  if (last) {
    const result =
      last.result === 'ok'
        ? 'ok'
        : `${last.result}${last.message ? `: ${sanitizeLine(last.message, term)}` : ''}`;
    rows.push({
      label: 'Last refresh',
      text: `${formatClock(last.at)} (${timeAgo(last.at, nowMs)}), ${result}`,
      tone: last.result === 'ok' ? 'ok' : last.result === 'uncertain' ? 'warn' : 'error',
    });
  } else {
    rows.push({ label: 'Last refresh', text: 'never', tone: 'muted' });
  }
  rows.push(autoRow(input));
  if (status.interruptedAt !== undefined) {
    rows.push({
      label: 'Interrupted',
      text: `a refresh sent at ${formatClock(status.interruptedAt)} never got its answer; the next refresh shows whether the token still works`,
      tone: 'warn',
    });
  }
  if (status.reauthorised) {
    rows.push({
      label: 'Re-authorised',
      text: 'a new refresh token is configured; the next refresh starts from it',
      tone: 'normal',
    });
  }
  return rows;
}
