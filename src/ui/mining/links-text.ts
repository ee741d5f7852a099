/** The payout destination and watcher links as text for the Mining tab. Pure. */
import type { PayoutDestination, WatcherLink } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatDateTime } from '../../format/time.js';

const text = (v: string | null): string => (v === null ? '—' : sanitizeLine(v) || '—');

export function payoutDestinationText(payout: PayoutDestination | undefined): string {
  if (!payout) return '…';
  if (payout.payoutDestination === 'main_balance') return 'main balance';
  if (payout.payoutDestination === 'external_address')
    return `external address ${text(payout.externalAddress)}`;
  return text(payout.payoutDestination);
}

/** `Ops (read, until 2026-01-01 12:00:00) https://…`; the URL is what `y` copies. */
export function watcherLinkText(link: WatcherLink): string {
  const permissions = link.permissions.map(sanitizeLine).filter(Boolean).join(', ');
  const until = link.liveUntil === null ? 'no expiry' : `until ${formatDateTime(link.liveUntil * 1000)}`;
  return `${text(link.name)} (${permissions ? `${permissions}, ` : ''}${until}) ${text(link.link)}`;
}

/** The link itself, sanitised, or '' when the server sent none. */
export function watcherLinkUrl(link: WatcherLink | undefined): string {
  return link?.link ? sanitizeLine(link.link) : '';
}
