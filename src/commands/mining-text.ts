/**
 * Human output of `pooltop mining …`: small tables and labelled lines. Every string from the
 * network goes through sanitize; times are local, reward days are UTC days.
 */
import type {
  AccountHashRate,
  HashRateSample,
  MinerInfo,
  MiningAccount,
  MiningPage,
  MiningReward,
  PayoutDestination,
  WatcherLink,
  WorkerHashRate,
} from '../api/mining-types.js';
import { alignAmounts, currencyPlaces, sumDecimals, withPlaces } from '../format/decimal.js';
import { formatHashRate, UNKNOWN_RATE } from '../format/hash-rate.js';
import { formatCount } from '../format/number.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import { glyphsFor } from '../terminal/glyphs.js';
import { untilText } from '../session/session-format.js';
import { formatDateTime, formatUtcDate, timeAgo } from '../format/time.js';
import { renderTextTable } from './text-table.js';
import { rewardYield } from '../rewards/books.js';
import { YIELD_HEADING } from './mining-rewards-text.js';
import { truncate } from '../format/width.js';

/** Points listed under a series summary; `--json` gives them all. */
export const SERIES_ROWS = 12;

const text = (value: string | null, term: TextTarget): string =>
  value === null ? '—' : sanitize(value, term) || '—';
const rate = (hs: number | null): string => (hs === null ? UNKNOWN_RATE : formatHashRate(hs));
const count = (n: number | null): string => (n === null ? '—' : formatCount(n));
const percent = (ratio: number | null): string => (ratio === null ? '—' : `${(ratio * 100).toFixed(2)} %`);
const when = (sec: number | null): string => (sec === null ? '—' : formatDateTime(sec * 1000));
const row = (label: string, value: string): string => `${label.padEnd(10)}${value}`;
const lines = (list: string[]): string => `${list.join('\n')}\n`;

export function accountsText(accounts: MiningAccount[], nowMs: number, term: TextTarget): string {
  if (accounts.length === 0) return 'No mining accounts.\n';
  const rows = accounts.map((a) => [
    sanitize(a.name, term),
    when(a.createdAt),
    a.createdAt === null ? '' : timeAgo(a.createdAt * 1000, nowMs),
  ]);
  const n = accounts.length;
  return lines([
    ...renderTextTable(term, ['Name', 'Created', 'Age'], rows),
    '',
    `${n} mining account${n === 1 ? '' : 's'}`,
  ]);
}

export function infoText(account: string, info: MinerInfo, term: TextTarget): string {
  const { online, low, offline } = info.workers;
  const all =
    online !== null && low !== null && offline !== null ? ` (${count(online + low + offline)} in all)` : '';
  const out = [
    row('Account', sanitize(account, term)),
    row('Fee', info.fee === null ? '—' : `${info.fee} %`),
    row('Workers', `${count(online)} online · ${count(low)} low · ${count(offline)} offline${all}`),
    '',
  ];
  if (info.stratum.length === 0) out.push('No stratum URLs.');
  else {
    const rows = info.stratum.map((s) => [text(s.url, term), count(s.workersCount)]);
    out.push(...renderTextTable(term, ['Stratum URL', 'Workers'], rows));
  }
  return lines(out);
}

function summary(points: HashRateSample[]): string[] {
  const rates = points.map((p) => p.hashrate).filter((r): r is number => r !== null);
  const last = points.at(-1);
  if (!last || rates.length === 0) return [];
  const average = rates.reduce((a, b) => a + b, 0) / rates.length;
  return [
    row('Now', `${rate(last.hashrate)} (${formatDateTime(last.timestamp * 1000)})`),
    row('Average', `${rate(average)} · min ${rate(Math.min(...rates))} · max ${rate(Math.max(...rates))}`),
  ];
}

function windowLine(points: HashRateSample[], interval: string): string {
  const first = points[0];
  const last = points.at(-1);
  const span = first && last ? `, ${when(first.timestamp)} – ${when(last.timestamp)}` : '';
  return row('Series', `every ${interval}, ${points.length} point${points.length === 1 ? '' : 's'}${span}`);
}

/** The latest points, newest first, and a footer when some are left out. */
function pointsTable<P extends HashRateSample>(
  header: string[],
  cells: (p: P) => string[],
  points: P[],
  term: TextTarget,
) {
  const shown = points.slice(-SERIES_ROWS).reverse();
  const out = ['', ...renderTextTable(term, header, shown.map(cells))];
  if (points.length > shown.length)
    out.push('', `the latest ${shown.length} of ${points.length} points; --json prints them all`);
  return out;
}

export function hashRateText(
  account: string,
  series: AccountHashRate,
  interval: string,
  term: TextTarget,
): string {
  const points = series.hashrate;
  const head = [row('Account', sanitize(account, term)), windowLine(points, interval)];
  if (points.length === 0) {
    return lines([
      ...head,
      'No hash rate in this window (an account without mining access answers empty too).',
    ]);
  }
  const rejects = points.map((p) => p.rejectRate).filter((r): r is number => r !== null);
  const rejectAverage = rejects.length ? rejects.reduce((a, b) => a + b, 0) / rejects.length : null;
  const reject = row(
    'Reject',
    `${percent(points.at(-1)?.rejectRate ?? null)} now · ${percent(rejectAverage)} average`,
  );
  const table = pointsTable(
    ['Time', 'Hash rate', 'Reject'],
    (p) => [when(p.timestamp), rate(p.hashrate), percent(p.rejectRate)],
    points,
    term,
  );
  return lines([...head, ...summary(points), reject, ...table]);
}

export function workerText(series: WorkerHashRate, interval: string, term: TextTarget): string {
  const points = series.hashrate;
  const head = [
    row('Account', sanitize(series.account, term)),
    row('Worker', sanitize(series.worker, term)),
    windowLine(points, interval),
  ];
  if (points.length === 0) return lines([...head, 'No hash rate for this worker in this window.']);
  const table = pointsTable(
    ['Time', 'Hash rate'],
    (p) => [when(p.timestamp), rate(p.hashrate)],
    points,
    term,
  );
  return lines([...head, ...summary(points), ...table]);
}

function footer(page: MiningPage<unknown>): string {
  const first = page.offset + 1;
  const last = page.offset + page.items.length;
  const end = page.items.length < page.limit ? ' (end of list)' : '';
  return `rows ${first}–${last}${end}`;
}

export function workersText(account: string, page: MiningPage<string>, term: TextTarget): string {
  if (page.items.length === 0) {
    return page.offset === 0
      ? `No connected workers on ${sanitize(account, term)}.\n`
      : 'No workers past this offset.\n';
  }
  const table = renderTextTable(
    term,
    ['Worker'],
    page.items.map((name) => [sanitize(name, term)]),
  );
  return lines([
    ...table,
    '',
    `${footer(page)} · connected workers of ${sanitize(account, term)} (offline ones are counted by 'pooltop mining info')`,
  ]);
}

const STATUSES = ['successful', 'pending', 'canceled'];

export function rewardsText(account: string, page: MiningPage<MiningReward>, term: TextTarget): string {
  if (page.items.length === 0) {
    return `No rewards for ${sanitize(account, term)} in this window (an unknown account answers empty too).\n`;
  }
  // Amounts to their currency's places, decimal points aligned in each column.
  const column = (pick: (r: MiningReward) => string | null) =>
    alignAmounts(page.items.map((r) => ({ value: text(pick(r), term), currency: r.rewardCurrency })));
  const [total, fee, reward] = [column((r) => r.totalReward), column((r) => r.fee), column((r) => r.reward)];
  const rows = page.items.map((r, i) => [
    r.date === null ? '—' : formatUtcDate(r.date * 1000),
    text(r.status, term),
    rate(r.hashRate),
    total[i] ?? '',
    fee[i] ?? '',
    reward[i] ?? '',
    rewardYield(r.totalReward, r.hashRate) ?? '—',
    text(r.rewardCurrency, term),
    payoutCell(r, term),
  ]);
  const header = [
    'Day (UTC)',
    'Status',
    'Hash rate',
    'Total',
    'Fee',
    'Reward',
    YIELD_HEADING,
    'Currency',
    'Payout',
  ];
  const currencies = [...new Set(page.items.map((r) => r.rewardCurrency ?? '?'))].map((c) =>
    sanitize(c, term),
  );
  // One currency's places apply to the sums; a page of several keeps the sums as they add up.
  const places = currencies.length === 1 ? currencyPlaces(page.items[0]?.rewardCurrency) : undefined;
  const byStatus = STATUSES.map((status) => {
    const sum = sumDecimals(page.items.filter((r) => r.status === status).map((r) => r.reward));
    return sum === '0' ? '' : `${status} ${withPlaces(sum, places)}`;
  }).filter(Boolean);
  const sum = `${withPlaces(sumDecimals(page.items.map((r) => r.reward)), places)} ${currencies.join('/')}`;
  return lines([
    ...renderTextTable(term, header, rows, '  ', new Set([3, 4, 5, 6])),
    '',
    `${footer(page)} · rewards after fee over these rows: ${sum}${byStatus.length ? ` (${byStatus.join(', ')})` : ''}`,
  ]);
}

function payoutCell(r: MiningReward, term: TextTarget): string {
  if (r.payoutDestination === 'main_balance') return 'main balance';
  const to = r.payoutAddress === null ? text(r.payoutDestination, term) : text(r.payoutAddress, term);
  return r.payoutTransactionHash === null
    ? to
    : `${to} tx ${truncate(text(r.payoutTransactionHash, term), 13, glyphsFor(term).ellipsis)}`;
}

export function payoutText(account: string, payout: PayoutDestination, term: TextTarget): string {
  const dest =
    payout.payoutDestination === 'main_balance'
      ? 'main balance'
      : payout.payoutDestination === 'external_address'
        ? `external address ${text(payout.externalAddress, term)}`
        : text(payout.payoutDestination, term);
  return lines([row('Account', sanitize(account, term)), row('Payout to', dest)]);
}

export function linksText(account: string, links: WatcherLink[], nowMs: number, term: TextTarget): string {
  if (links.length === 0) return `No active watcher links for ${sanitize(account, term)}.\n`;
  const rows = links.map((l) => [
    text(l.name, term),
    l.permissions.map((p) => sanitize(p, term)).join(', ') || '—',
    l.liveUntil === null ? 'always' : `${when(l.liveUntil)} (${untilText(l.liveUntil * 1000, nowMs)})`,
    l.accounts.map((a) => sanitize(a, term)).join(', ') || '—',
    text(l.link, term),
  ]);
  return lines(renderTextTable(term, ['Name', 'Permissions', 'Live until', 'Accounts', 'Link'], rows));
}
