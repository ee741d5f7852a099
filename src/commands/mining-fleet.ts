/**
 * `pooltop mining fleet`: every mining account of the key at a glance, one row each: hash rate
 * now (the last complete 5-minute bucket) and over the last 24 h (the mean of its 5-minute
 * buckets), reject rate now, workers online · low · offline, workers gone (as this profile last
 * saw them: `mining workers --gone` and the dashboard update that memory, this command only
 * reads it), and the newest daily reward with its status. Three reads per account, through the
 * request queue so many accounts stay under the rate limit.
 */
import { type FleetRow, fleetRow } from '../api/mining-fleet-row.js';
import { goneWorkers } from '../config/seen-workers.js';
import { formatHashRate } from '../format/hash-rate.js';
import { formatCount } from '../format/number.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import { formatUtcDate } from '../format/time.js';
import { seenStoreFor } from './mining-gone.js';
import { toSafeJson } from './json-output.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { renderTextTable } from './text-table.js';

export async function runFleet(ctx: CommandContext, io: CommandIO, json: boolean): Promise<void> {
  const { signal } = io;
  const mining = ctx.client.mining;
  const { queue } = ctx;
  const { items } = await mining.accounts({}, { signal });
  const nowS = Math.floor(Date.now() / 1000);
  const rows = await Promise.all(
    items.map(async ({ name }): Promise<FleetRow> => {
      const ask = <T>(task: () => Promise<T>) => queue.run(task, { signal });
      const [info, series, rewards] = await Promise.all([
        ask(() => mining.minerInfo({ account: name }, { signal })),
        ask(() => mining.hashrate({ account: name, interval: '5m' }, { signal })),
        ask(() => mining.rewards({ account: name, limit: 1 }, { signal })),
      ]);
      const seen = await (await seenStoreFor(ctx, io, name, nowS)).read();
      return fleetRow(name, info, series, rewards.items[0], goneWorkers(seen, nowS).length);
    }),
  );
  io.stdout(json ? `${toSafeJson(rows, io.terminal)}\n` : fleetText(rows, io.terminal));
}

const rate = (hs: number | null) => formatHashRate(hs);
const count = (n: number | null) => (n === null ? '—' : formatCount(n));

function fleetText(rows: FleetRow[], term: TextTarget): string {
  if (rows.length === 0) return 'No mining accounts.\n';
  const cells = rows.map((r) => [
    sanitize(r.name, term),
    rate(r.hashRate),
    rate(r.hashRate24h),
    r.rejectRate === null ? '—' : `${(r.rejectRate * 100).toFixed(2)} %`,
    `${count(r.workers.online)} · ${count(r.workers.low)} · ${count(r.workers.offline)}`,
    formatCount(r.workersGone),
    r.reward === null
      ? '—'
      : `${r.reward.date === null ? '—' : formatUtcDate(r.reward.date * 1000)}  ${sanitize(r.reward.amount ?? '—', term)} ${sanitize(r.reward.currency ?? '', term)}`.trimEnd(),
    r.reward === null ? '—' : sanitize(r.reward.status ?? '—', term),
  ]);
  const header = [
    'Account',
    'Hash rate',
    '24 h avg',
    'Reject',
    'Workers on · low · off',
    'Gone',
    'Last reward',
    'Status',
  ];
  const n = rows.length;
  return `${[
    ...renderTextTable(term, header, cells, '  ', new Set([1, 2, 3, 5])),
    '',
    `${n} mining account${n === 1 ? '' : 's'}`,
  ].join('\n')}\n`;
}
