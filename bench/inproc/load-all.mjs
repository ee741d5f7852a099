// Entry (bundled): the whole-list figures in process, printed as one JSON line.
//  - load: the page loader (api/load-all.ts) with the real client over loopback HTTP against the
//    embedded service with 10,100 accounts, default latency, rate limits on; list requests counted.
//  - sortFilter: every sort key, a few filters and the search over the 10,100 loaded rows.
//  - dashboard: `L` in the real dashboard (200×106), then frames with 100 rows on screen while
//    loaded (↓/↑ and clock ticks), `s` (sort) and a key typed in the search box to its frame.
//   node load-all.mjs --n 30
import './dashboard-flags.mjs';
import { filterAccounts } from '../../src/accounts/filter.js';
import { searchIndex } from '../../src/accounts/search-index.js';
import { keptOrder, sortAccounts } from '../../src/accounts/sort.js';
import { SORT_KEYS } from '../../src/accounts/fields.js';
import { createClient } from '../../src/api/client.js';
import { loadAllSubAccounts } from '../../src/api/load-all.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { PATHS } from '../../src/api/types.js';
import { startService } from '../../src/service/server.js';
import { manualClock, mountDashboard, sleep, timeFrames, until } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n = Number(arg('n', 30));
const ACCOUNTS = 10_100;
const KEYS = { down: '\x1b[B', up: '\x1b[A', backspace: '\x7f' };

const service = await startService({ port: 0, accounts: ACCOUNTS });
const { apiKey, apiSecret } = service.credentials;
const listed = () => service.stats().byPath[PATHS.subAccounts] ?? 0;

// 1. The loader, as the dashboard and the command run it.
const loads = [];
let rows = [];
for (let i = 0; i < 3; i++) {
  // The process's one queue, as a command has it (commands/support/context.ts).
  const queue = createRequestQueue();
  const client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0, queue });
  const before = listed();
  const t0 = performance.now();
  const out = await loadAllSubAccounts({
    fetchPage: (q, signal) => client.listSubAccounts(q, { signal }),
    queue,
  });
  loads.push({
    ms: performance.now() - t0,
    requests: listed() - before,
    rows: out.rows.length,
    end: out.end,
  });
  rows = out.rows;
  await client.close();
}

// 2. Sort and filter of the loaded rows.
const time = (fn) => {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples;
};
// As the dashboard calls them: as a load ends, it works out each column's order and the search
// index and keeps them beside the list (`made as a load ends`, timed on copies), so a sort by
// any column, either way, is one pass over it and a search one scan. The `afresh` lines work
// everything out every time, as for each new array while a load runs.
const sortFilter = {};
const prepare = (list) => {
  searchIndex(list);
  for (const key of SORT_KEYS) keptOrder(list, key);
};
sortFilter['orders and index, made as a load ends'] = time(() => prepare(rows.slice()));
prepare(rows);
for (const key of ['alias', 'email', 'status', 'kyc', 'spot', 'id', 'userId']) {
  sortFilter[`sort ${key}`] = time(() => sortAccounts(rows, { key, desc: false }, { remember: true }));
}
for (const key of ['alias', 'userId']) {
  sortFilter[`sort ${key}, afresh`] = time(() => sortAccounts(rows, { key, desc: false }));
}
sortFilter['filter status=blocked'] = time(() => filterAccounts(rows, { status: ['blocked'] }));
sortFilter['filter kyc+spot'] = time(() =>
  filterAccounts(rows, { kyc: ['verified', 'pending'], spot: ['no'] }),
);
sortFilter['search "miner"'] = time(() => filterAccounts(rows, {}, 'miner', { remember: true }));
sortFilter['search "miner", afresh'] = time(() => filterAccounts(rows, {}, 'miner'));
sortFilter['search + filter + sort'] = time(() =>
  sortAccounts(
    filterAccounts(rows, { status: ['active'] }, 'bot', { remember: true }),
    { key: 'alias', desc: true },
    { remember: true, from: rows },
  ),
);

// 3. The dashboard: L, then frames with 100 rows on screen while loaded.
const clock = manualClock();
// Nonces from the real clock (the manual one, given to the dashboard, runs ahead of the service).
const realNow = () => Math.round(performance.timeOrigin + performance.now());
const queue = createRequestQueue();
const client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0, now: realNow, queue });
const config = {
  baseUrl: service.baseUrl,
  apiKey,
  apiSecret,
  profile: 'bench',
  configPath: '',
  sources: {},
  warnings: [],
};
const view = mountDashboard({ client, queue, config, columns: 200, rows: 106, clock });
await until(() => view.stdout.shows('Workers '), 15_000, 'pool data');
view.stdin.press('3'); // Sub-accounts
await until(() => view.stdout.shows('rows 1–30 ·'), 15_000, 'the first page');
// Baseline in the same run: the server's pages, page size 100, all 100 rows on screen.
for (let size = 30; size < 100; size += 10) {
  view.stdin.press('+');
  await until(() => view.stdout.shows(`rows 1–${size + 10} ·`), 15_000, `page size ${size + 10}`);
}
await sleep(300);
const upDown = (i) => view.stdin.press(i % 2 ? KEYS.up : KEYS.down);
await timeFrames(view, upDown, { n: 10 });
const pageCursor = await timeFrames(view, upDown, { n });
const pageTick = await timeFrames(view, () => clock.tick(), { n });
const before = listed();
const t0 = view.stdin.press('L');
try {
  await until(() => view.stdout.shows('10,100 rows loaded'), 90_000, 'the whole list');
} catch (error) {
  const status = view.stdout.screen.text().split('\n').slice(0, 3).join(' | ');
  throw new Error(`${error.message}; screen: ${status}`);
}
const dashboardLoad = { ms: performance.now() - t0, requests: listed() - before };
await until(() => view.stdout.shows('rows 1–100 of 10,100'), 5_000, '100 rows on screen');
await sleep(300);
await timeFrames(view, upDown, { n: 10 });
const cursor = await timeFrames(view, upDown, { n });
const tick = await timeFrames(view, () => clock.tick(), { n });
const sortKey = await timeFrames(view, () => view.stdin.press('s'), { n: Math.min(n, 18), quietMs: 40 });
// A key typed in the search box: the sorted list searched again, "bot" and "bot-" in turn.
view.stdin.press('/');
for (const c of 'bot') view.stdin.press(c);
await until(() => view.stdout.shows('bot'), 5_000, 'the search typed');
await sleep(300);
const searchKey = await timeFrames(view, (i) => view.stdin.press(i % 2 ? KEYS.backspace : '-'), {
  n: Math.min(n, 18),
  quietMs: 40,
});
await view.unmount();
await client.close();
await service.close();

process.stdout.write(
  `\n${JSON.stringify({ loads, sortFilter, dashboardLoad, pageCursor, pageTick, cursor, tick, sortKey, searchKey })}\n`,
);
process.exit(0);
