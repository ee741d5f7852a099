/** The payout destination and watcher links as text for the Mining tab. Pure. */
import type { PayoutDestination, WatcherLink } from '../../api/mining-types.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { formatDateTime } from '../../format/time.js';

const text = (v: string | null, term: TextTarget): string =>
  v === null ? '—' : sanitizeLine(v, term) || '—';

export function payoutDestinationText(payout: PayoutDestination | undefined, term: TextTarget): string {
  if (!payout) return '…';
  if (payout.payoutDestination === 'main_balance') return 'main balance';
  if (payout.payoutDestination === 'external_address')
    return `external address ${text(payout.externalAddress, term)}`;
  return text(payout.payoutDestination, term);
}

/** `Ops (read, until 2026-01-01 12:00:00) https://…`; the URL is what `y` copies. */
export function watcherLinkText(link: WatcherLink, term: TextTarget): string {
  const permissions = link.permissions
    .map((p) => sanitizeLine(p, term))
    .filter(Boolean)
    .join(', ');
  const until = link.liveUntil === null ? 'no expiry' : `until ${formatDateTime(link.liveUntil * 1000)}`;
  return `${text(link.name, term)} (${permissions ? `${permissions}, ` : ''}${until}) ${text(link.link, term)}`;
}

/** The link itself, sanitised, or '' when the server sent none. */
export function watcherLinkUrl(link: WatcherLink | undefined, term: TextTarget): string {
  return link?.link ? sanitizeLine(link.link, term) : '';
}
