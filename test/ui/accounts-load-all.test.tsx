/**
 * The loaded list (`L`) of the Sub-accounts view against the real embedded service over loopback
 * HTTP (12,000 accounts: more than the API's reach), counting what reaches the server with
 * `stats()`: loading with progress, the reach, sorting, filtering, counting, the local search,
 * Esc stopping a load, and a page that cannot be fetched.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filterAccounts } from '../../src/accounts/filter.js';
import { createClient } from '../../src/api/client.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { REACH_ROWS } from '../../src/api/load-all.js';
import { PATHS } from '../../src/api/types.js';
import { formatCount } from '../../src/format/number.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { ASCII_GLYPHS, UTF8_GLYPHS } from '../../src/ui/accounts/list-glyphs.js';
import { liveness, type StatusReport } from '../../src/ui/status-report.js';
import {
  AccountsClient,
  KEYS,
  keyedConfig,
  mountAccounts,
  waitForFrame,
  waitUntil,
} from './helpers/accounts-fakes.js';
import { subAccountModel } from '../../src/api/schemas.js';
import { keyOf } from './helpers/keys.js';

const COUNT = 12_000;
const SEED = 11;
const reachable = generateAccounts(COUNT, SEED).slice(0, REACH_ROWS);

let fast: ServiceHandle;
let slow: ServiceHandle;
beforeAll(async () => {
  // No withdrawals awaiting confirmation (the operation answers 404): the tab draws no line for
  // them (accounts-oversight.test.tsx), so the table keeps the rows counted here.
  [fast, slow] = await Promise.all([
    startService({ port: 0, accounts: COUNT, seed: SEED, withdrawalsDisabled: true }),
    startService({ port: 0, accounts: COUNT, seed: SEED, latency: 40, withdrawalsDisabled: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([fast.close(), slow.close()]);
});

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

const listRequests = (s: ServiceHandle) => s.stats().byPath[PATHS.subAccounts] ?? 0;

function mount(service: ServiceHandle, glyphs = UTF8_GLYPHS, width = 120) {
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
  });
  const config = { ...keyedConfig, baseUrl: service.baseUrl };
  const view = mountAccounts({
    client,
    config,
    width,
    height: width === 80 ? 24 : 30,
    now: Date.now,
    glyphs,
  });
  cleanup.push(async () => {
    view.unmount();
    await client.close();
  });
  const press = async (keys: string, until: (f: string) => boolean, timeout?: number) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until, timeout);
  };
  return { ...view, press };
}

/** The view over `client`, with every status report it sends, in order. */
function mountReporting(client: AccountsClient) {
  const reports: Array<StatusReport | undefined> = [];
  const v = mountAccounts({
    client,
    width: 120,
    height: 30,
    now: Date.now,
    glyphs: UTF8_GLYPHS,
    onReport: (r) => reports.push(r),
  });
  cleanup.push(() => v.unmount());
  return { v, reports };
}

const tableRows = (f: string) => f.split('\n').filter((l) => /^[› ] /.test(l) && l.includes('@'));
const counts = (rows: typeof reachable) => {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${formatCount(n)} ${s}`)
    .join(' · ');
};

describe('the loaded list against the embedded service', () => {
  it('loads up to the reach with 101 requests, then sorts, filters, counts and searches locally', async () => {
    const v = mount(fast);
    // The service generates its 12,000 accounts on this first request. The bounds are wide: on a
    // busy machine the 101 signed requests and their frames take their time.
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'), 60_000);
    await waitUntil(() => listRequests(fast) >= 2, 'the first page and its prefetch', 60_000);
    const before = listRequests(fast);

    const loaded = await v.press(
      keyOf('accounts', 'load-all'),
      (f) => f.includes('10,100 rows loaded'),
      60_000,
    );
    expect(listRequests(fast) - before).toBe(101);
    expect(loaded).toContain('the API stops at 10,100, the list may go on');
    expect(loaded).toContain(`rows 1–27 of 10,100 · ${counts(reachable)}`);
    expect(tableRows(loaded)[0]).toContain(reachable[0]!.alias);

    // s: alias, email, status.
    await v.press(keyOf('accounts', 'sort'), (f) => f.includes('Alias ▲'));
    await v.press(keyOf('accounts', 'sort'), (f) => f.includes('Email ▲'));
    let f = await v.press(
      keyOf('accounts', 'sort'),
      (x) => x.includes('Status ▲') && x.includes('sorted by status ▲'),
    );
    expect(tableRows(f)[0]).toMatch(/ active /);
    f = await v.press(keyOf('accounts', 'sort-reverse'), (x) => x.includes('Status ▼'));
    expect(tableRows(f)[0]).toMatch(/ pending /);

    // f: the picker; the third status value (by count) is blocked.
    f = await v.press(keyOf('accounts', 'filter'), (x) => x.includes('Space on/off'));
    expect(f).toMatch(/Status\s+›\[ \] active 7,/);
    expect(f).toContain('←→ value · ↑↓ group');
    // The arrows move the way they point: a group a line, its values along it.
    const selected = (x: string) => x.split('\n').find((l) => l.includes('›['));
    await v.press(KEYS.left, (x) => /^Status\s+›\[ \] active/.test(selected(x) ?? ''));
    await v.press(KEYS.down, (x) => /^KYC\s+›\[ \] \S/.test(selected(x) ?? ''));
    await v.press(KEYS.up, (x) => /^Status\s+›\[ \] active/.test(selected(x) ?? ''));
    await v.press(KEYS.right, (x) => /›\[ \] pending/.test(x));
    await v.press(KEYS.right, (x) => /›\[ \] blocked/.test(x));
    f = await v.press(KEYS.down, (x) => /^KYC\s+/.test(selected(x) ?? ''));
    // Below blocked: the KYC value nearest its column, not the first of the line.
    expect(selected(f)).not.toMatch(/^KYC\s+›/);
    await v.press(KEYS.up, (x) => /›\[ \] blocked/.test(x));
    const blocked = reachable.filter((r) => r.status === 'blocked');
    f = await v.press(keyOf('accounts', 'toggle'), (x) => x.includes('›[x] blocked'));
    expect(f).toContain(
      `of ${formatCount(blocked.length)} (of 10,100 loaded) · ${formatCount(blocked.length)} blocked`,
    );
    f = await v.press(KEYS.enter, (x) => !x.includes('Space on/off'));
    for (const row of tableRows(f)) expect(row).toMatch(/ blocked /);

    // The search box filters the loaded list as typed, with no request.
    const sent = listRequests(fast);
    await v.press(keyOf('accounts', 'search'), (x) => x.includes('Search:'));
    const want = filterAccounts(reachable.map(subAccountModel), { status: ['blocked'] }, 'miner');
    f = await v.press('miner', (x) => x.includes(`of ${formatCount(want.length)} (of 10,100 loaded)`));
    for (const row of tableRows(f)) expect(row.toLowerCase()).toContain('miner');
    expect(listRequests(fast)).toBe(sent);

    // x: back to the server's pages.
    await v.press(KEYS.enter, (x) => !x.includes('Search:'));
    await v.press(keyOf('accounts', 'pages'), (x) => x.includes('page size 30') && !x.includes('loaded)'));
  });

  it('Esc stops a load and keeps the rows that arrived', async () => {
    const v = mount(slow, ASCII_GLYPHS);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'), 30_000);
    const during = await v.press(
      'L',
      (f) => /loading: [\d,]+ rows/.test(f) && /\[#+\.+\]/.test(f) && /rows 1–\d+ of [1-9]/.test(f),
      30_000,
    );
    expect(during).toContain('Esc stops');
    const f = await v.press(KEYS.escape, (x) => x.includes('stopped at'), 30_000);
    const kept = Number(/stopped at ([\d,]+) rows/.exec(f)?.[1]?.replaceAll(',', ''));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(REACH_ROWS);
    expect(kept % 100).toBe(0);
    expect(f).toContain(`of ${formatCount(kept)}`);
    expect(tableRows(f)[0]).toContain(reachable[0]!.alias);
    // Sorting works on what was kept; ASCII markers.
    await v.press(keyOf('accounts', 'sort'), (x) => x.includes('Alias ^'));
    await v.press(keyOf('accounts', 'sort'), (x) => x.includes('Email ^'));
  });

  it('at 80 columns the progress gives way and Esc stops stays on the line', async () => {
    const v = mount(slow, UTF8_GLYPHS, 80);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–'), 30_000);
    const progress = (f: string) => f.split('\n').find((l) => l.includes('loading:')) ?? '';
    // Progress with a rate and the time left is wider than the 78 columns beside the spinner.
    const long = (l: string) => l.includes('requests') && (l.includes('…') || l.includes('left'));
    const during = await v.press(keyOf('accounts', 'load-all'), (f) => long(progress(f)), 30_000);
    expect(progress(during)).toMatch(/loading: [\d,]+ rows · .*… · Esc stops$/);
    await v.press(KEYS.escape, (x) => x.includes('stopped at'), 30_000);
  });

  it('a page that cannot be fetched ends the load with the rows before it, said so above the table', async () => {
    const client = new AccountsClient(generateAccounts(1000, 3));
    const list = client.listSubAccounts.bind(client);
    client.listSubAccounts = async (query, opts) => {
      if ((query?.offset ?? 0) === 300)
        throw new PooltopError('schema', 'unexpected response: data[7].id must not be empty');
      return list(query, opts);
    };
    const { v, reports } = mountReporting(client);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'));
    v.stdin.write(keyOf('accounts', 'load-all'));
    const f = await waitForFrame(v.frame, (x) => x.includes('then a page failed'));
    await waitUntil(
      () => liveness(reports.at(-1), false, Date.now(), 1_000) === 'ERROR',
      'ERROR in the header',
    );
    expect(f).toContain(
      '300 rows, then a page failed: unexpected response: data[7].id must not be empty · L tries again',
    );
    expect(f).toContain('rows 1–27 of 300');
  });

  it('reports LOADING while the whole list loads, no polling state once loaded, and the page again after x', async () => {
    const { v, reports } = mountReporting(new AccountsClient(generateAccounts(200, 3)));
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'));
    await waitUntil(() => reports.at(-1)?.fetchedAt !== undefined, 'the page reported');
    const mark = reports.length;
    v.stdin.write(keyOf('accounts', 'load-all'));
    await waitForFrame(v.frame, (x) => x.includes('200 rows, the whole list, loaded'));
    await waitUntil(() => reports.at(-1) === undefined, 'no report for the loaded list');
    // While it loaded, the header said LOADING.
    const said = reports.slice(mark).map((r) => liveness(r, false, Date.now(), 1_000));
    expect(said).toContain('LOADING');
    v.stdin.write(keyOf('accounts', 'pages'));
    await waitForFrame(v.frame, (x) => x.includes('rows 1–30 ·'));
    await waitUntil(
      () => reports.at(-1)?.hasData === true && reports.at(-1)?.fetchedAt !== undefined,
      'the page reported again',
    );
  });
});
