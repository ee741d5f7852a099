import { afterEach, describe, expect, it, vi } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import type { SubAccountJson, SubAccountQuery } from '../../src/api/types.js';
import { generateAccounts } from '../../src/service/accounts.js';
import {
  AccountsClient,
  KEYS,
  keylessConfig,
  ManualTimers,
  type MountOptions,
  mountAccounts,
  waitForFrame,
  waitUntil,
} from './helpers/accounts-fakes.js';
import { keyOf } from './helpers/keys.js';

const ACCOUNTS = generateAccounts(200, 7);
let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function mount(opts: Partial<MountOptions> = {}) {
  const client = (opts.client as AccountsClient | undefined) ?? new AccountsClient(ACCOUNTS);
  const timers = new ManualTimers();
  const view = mountAccounts({ timers, ...opts, client });
  cleanup.push(() => view.unmount());
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, client, timers, press };
}

/** The line of the selected row (marked `›`). */
function selectedLine(frame: string): string {
  return frame.split('\n').find((l) => l.startsWith('›')) ?? '';
}

const shows = (a: SubAccountJson | undefined) => (f: string) =>
  a !== undefined && selectedLine(f).includes((a.id ?? '').slice(0, 8));
const footer = (text: string) => (f: string) => f.includes(text);

function listCalls(client: AccountsClient, match: (q: SubAccountQuery) => boolean): number {
  return client.calls.filter((c) => match(c.query)).length;
}

describe('Sub-accounts tab: table and footer', () => {
  it('shows the first page, its footer, and fetches with an AbortSignal', async () => {
    const v = mount();
    const f = await waitForFrame(v.frame, footer('rows 1–30 · page size 30'));
    expect(f).toMatch(/Alias\s+Email\s+Status\s+KYC\s+Shared\s+Spot\s+Coll/);
    expect(selectedLine(f)).toContain(ACCOUNTS[0]?.alias.slice(0, 8));
    expect(f).not.toMatch(/of \d+|total/i);
    expect(v.client.calls[0]?.query).toEqual({ search: '', offset: 0, limit: 30 });
    expect(v.client.calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('shows unknown statuses as they come, in text', async () => {
    const odd = ACCOUNTS.slice(0, 3).map((a, i) => ({ ...a, status: i === 0 ? 'quarantined' : a.status }));
    const v = mount({ client: new AccountsClient(odd) });
    const f = await waitForFrame(v.frame, footer('end of list'));
    expect(f).toContain('quaranti');
    expect(f).toContain('rows 1–3');
  });
});

describe('Sub-accounts tab: keys', () => {
  it('moves the cursor with ↓/↑ and j/k, scrolling within a page taller than the view', async () => {
    const v = mount({ height: 12 }); // 9 table rows
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(keyOf('accounts', 'down', 1), shows(ACCOUNTS[1]));
    await v.press(KEYS.down, shows(ACCOUNTS[2]));
    await v.press(keyOf('accounts', 'up', 1), shows(ACCOUNTS[1]));
    await v.press(KEYS.up, shows(ACCOUNTS[0]));
    for (let i = 1; i <= 12; i++) await v.press(keyOf('accounts', 'down', 1), shows(ACCOUNTS[i]));
    const f = v.frame();
    expect(f).not.toContain(ACCOUNTS[0]?.id.slice(0, 8)); // scrolled out of view
    expect(f).toContain(ACCOUNTS[4]?.id.slice(0, 8));
    expect(f).toContain('rows 1–30');
  });

  it('crosses page edges: past the last row to the next page, past the first back', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(keyOf('accounts', 'last-row', 1), shows(ACCOUNTS[29]));
    await v.press(keyOf('accounts', 'down', 1), (f) => f.includes('rows 31–60') && shows(ACCOUNTS[30])(f));
    await v.press(keyOf('accounts', 'up', 1), (f) => f.includes('rows 1–30') && shows(ACCOUNTS[29])(f));
  });

  it('pages with PgDn/PgUp and n/b, jumps with Home/End and g/G', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(KEYS.pageDown, (f) => f.includes('rows 31–60') && shows(ACCOUNTS[30])(f));
    await v.press(
      keyOf('accounts', 'page-down', 1),
      (f) => f.includes('rows 61–90') && shows(ACCOUNTS[60])(f),
    );
    await v.press(KEYS.end, shows(ACCOUNTS[89]));
    await v.press(KEYS.home, shows(ACCOUNTS[60]));
    await v.press(keyOf('accounts', 'page-up', 1), (f) => f.includes('rows 31–60'));
    await v.press(KEYS.pageUp, (f) => f.includes('rows 1–30') && shows(ACCOUNTS[0])(f));
    await v.press(keyOf('accounts', 'last-row', 1), shows(ACCOUNTS[29]));
    await v.press(keyOf('accounts', 'first-row', 1), shows(ACCOUNTS[0]));
  });

  it('shows "end of list" on a short last page and stays there', async () => {
    const v = mount({ client: new AccountsClient(ACCOUNTS.slice(0, 45)) });
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(KEYS.pageDown, footer('rows 31–45 · page size 30 · end of list'));
    await v.press(KEYS.pageDown, footer('end of list'));
    expect(v.frame()).toContain('rows 31–45');
  });

  it('prefetches the next page, so PgDn needs no new request', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await waitUntil(() => listCalls(v.client, (q) => q.offset === 30) === 1, 'the prefetch');
    await v.press(KEYS.pageDown, footer('rows 31–60'));
    expect(listCalls(v.client, (q) => q.offset === 30)).toBe(1);
  });

  it('shows only the page the footer names: no rows of another page while the next one loads', async () => {
    const client = new AccountsClient(ACCOUNTS);
    let release: () => void = () => {};
    const v = mount({ client });
    await waitForFrame(v.frame, footer('rows 1–30'));
    await waitUntil(() => listCalls(client, (q) => q.offset === 30) === 1, 'the prefetch');
    // Held from before page 2 shows: its prefetch of page 3 may start as soon as it lands.
    const held = new Promise<void>((r) => (release = r));
    client.gate = (q) => (q.offset === 60 ? held : Promise.resolve());
    await v.press(KEYS.pageDown, footer('rows 31–60 ·'));
    const loading = await v.press(keyOf('accounts', 'page-down', 1), footer('rows 61–90 loading'));
    expect(loading).not.toContain(ACCOUNTS[30]?.id.slice(0, 8)); // page 31–60 is gone
    expect(loading).toContain('Loading sub-accounts');
    expect(selectedLine(loading)).toBe('');
    await v.press(keyOf('accounts', 'down', 1), footer('still loading'));
    release();
    const f = await waitForFrame(
      v.frame,
      (x) => x.includes('rows 61–90 ·') && x.includes(ACCOUNTS[60]?.id.slice(0, 8) ?? '?'),
    );
    expect(f).not.toContain('still loading'); // the hint ends with the wait
  });

  it('after a failed page change shows no rows and the error, and y / Enter act on nothing', async () => {
    const client = new AccountsClient(ACCOUNTS);
    // Page 61–90 never loads (its prefetch fails too); every other page does.
    client.gate = async (q) => {
      if (q.offset === 60)
        throw new PooltopError('http', 'whitebit.com answered 503: maintenance', { status: 503 });
    };
    const v = mount({ client, height: 24 });
    await waitForFrame(v.frame, footer('rows 1–30 ·'));
    await v.press(KEYS.pageDown, footer('rows 31–60 ·'));
    const f = await v.press(keyOf('accounts', 'page-down', 1), footer('rows 61–90 not loaded'));
    expect(f).toContain('error: whitebit.com answered 503');
    expect(f).toContain('Could not load sub-accounts');
    for (const a of ACCOUNTS.slice(30, 60)) expect(f).not.toContain(a.id.slice(0, 8));
    expect(selectedLine(f)).toBe('');
    v.stdin.write(keyOf('accounts', 'copy-id'));
    await waitUntil(() => vi.mocked(v.ui.notify).mock.calls.length > 0, 'the notice');
    expect(v.ui.notify).toHaveBeenLastCalledWith('No sub-account selected.');
    expect(v.sent).toEqual([]);
    v.stdin.write(KEYS.enter);
    v.settle();
    expect(v.frame()).not.toContain('User ID');
  });

  it('says "end of list" once, and marks rows below and above the view', async () => {
    const v = mount({ client: new AccountsClient(ACCOUNTS.slice(0, 12)), height: 10 }); // 7 table rows
    let f = await waitForFrame(v.frame, footer('rows 1–12 · 1–7 shown ↓5 · page size 30 · end of list'));
    await v.press(keyOf('accounts', 'last-row', 1), footer('6–12 shown ↑5 ·'));
    f = await v.press(keyOf('accounts', 'down', 1), footer('end of list'));
    expect(f.match(/end of list/g)).toHaveLength(1);
    await v.press(keyOf('accounts', 'first-row', 1), footer('1–7 shown ↓5'));
    await v.press(keyOf('accounts', 'down', 1), footer('1–7 shown ↓5'));
    f = v.frame();
    expect(f).not.toContain('↑');
  });

  it('changes the page size with +/- and stops at 100 and 1 with a hint', async () => {
    const v = mount({ client: new AccountsClient(generateAccounts(250, 3)) });
    await waitForFrame(v.frame, footer('page size 30'));
    for (const size of [40, 50, 60, 70, 80, 90, 100])
      await v.press(keyOf('accounts', 'page-size-up'), footer(`page size ${size}`));
    await v.press(keyOf('accounts', 'page-size-up'), footer('page size is at most 100'));
    expect(v.client.calls.every((c) => (c.query.limit ?? 30) <= 100)).toBe(true);
    for (const size of [90, 80, 70, 60, 50, 40, 30, 20, 10, 5, 1])
      await v.press(keyOf('accounts', 'page-size-down'), footer(`page size ${size}`));
    await v.press(keyOf('accounts', 'page-size-down'), footer('page size is at least 1'));
    expect(v.client.calls.every((c) => (c.query.limit ?? 30) >= 1)).toBe(true);
  });

  it('never asks for an offset past 10000, and says so at the bound', async () => {
    const many = generateAccounts(10_200, 5);
    const v = mount({ client: new AccountsClient(many), height: 8 });
    await waitForFrame(v.frame, footer('rows 1–30'));
    for (const size of [40, 50, 60, 70, 80, 90, 100])
      await v.press(keyOf('accounts', 'page-size-up'), footer(`page size ${size}`));
    await waitForFrame(v.frame, footer('rows 1–100 ·'));
    for (let offset = 100; offset <= 10_000; offset += 100) {
      await v.press(KEYS.pageDown, footer(`rows ${offset + 1}–${offset + 100} ·`));
    }
    await v.press(KEYS.pageDown, footer('offset stops at 10000'));
    await v.press(keyOf('accounts', 'last-row', 1), shows(many[10_099]));
    await v.press(keyOf('accounts', 'down', 1), footer('offset stops at 10000'));
    expect(Math.max(...v.client.calls.map((c) => c.query.offset ?? 0))).toBe(10_000);
  });

  it('opens the detail pane with Enter and closes it with Esc', async () => {
    const v = mount({ height: 24 });
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(keyOf('accounts', 'down', 1), shows(ACCOUNTS[1]));
    await v.press(keyOf('accounts', 'down', 1), shows(ACCOUNTS[2]));
    const a = ACCOUNTS[2]!;
    const open = await v.press(KEYS.enter, footer('User ID'));
    expect(open).toContain(a.userId);
    expect(open).toContain(a.id);
    expect(open).toContain(a.color);
    expect(open).toMatch(/KYC shared\s+(yes|no)/);
    expect(open).toContain('row 3');
    await v.press(KEYS.escape, (f) => !f.includes('User ID'));
  });

  it('copies the selected id with y through OSC 52', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    v.stdin.write(keyOf('accounts', 'copy-id'));
    const id = ACCOUNTS[0]!.id;
    await waitUntil(() => v.sent.length > 0, 'the OSC 52 write');
    expect(v.sent).toEqual([`\u001b]52;c;${Buffer.from(id).toString('base64')}\u0007`]);
    expect(v.ui.notify).toHaveBeenCalledWith(expect.stringContaining(id));
  });
});

describe('Sub-accounts tab: search', () => {
  it('follows the typing after the debounce, from offset 0, with one request', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(KEYS.pageDown, footer('rows 31–60'));
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    expect(v.ui.setCapture).toHaveBeenLastCalledWith(true);
    for (const ch of 'miner') v.stdin.write(ch);
    await waitForFrame(v.frame, footer('Search: miner'));
    expect(listCalls(v.client, (q) => q.search !== '')).toBe(0); // nothing sent while typing
    await v.timers.settle();
    const f = await waitForFrame(v.frame, (x) => x.includes('search "miner"') && /rows 1–\d+ ·/.test(x));
    const searches = v.client.calls.filter((c) => c.query.search !== '').map((c) => c.query);
    expect(searches[0]).toEqual({ search: 'miner', offset: 0, limit: 30 });
    expect(searches.filter((q) => q.offset === 0)).toHaveLength(1);
    const rows = f.split('\n').filter((l) => /^[› ] /.test(l) && l.includes('@'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.toLowerCase()).toMatch(/miner|m\*\*\*|@/);
    await v.press(KEYS.enter, (x) => !x.includes('Search:') && x.includes('search "miner"'));
    expect(v.ui.setCapture).toHaveBeenLastCalledWith(false);
  });

  it('types global single letters into the box instead of acting on them', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    await v.press('qjk', footer('Search: qjk'));
    expect(selectedLine(v.frame())).toContain(ACCOUNTS[0]?.id.slice(0, 8));
  });

  it('Esc clears the term and goes back to the whole list', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    await v.press('ops', footer('Search: ops'));
    await v.timers.settle();
    await waitForFrame(v.frame, footer('search "ops"'));
    await v.press(KEYS.escape, (f) => !f.includes('search "') && f.includes('rows 1–30'));
  });

  it('still follows the search while polling is paused', async () => {
    const v = mount({ paused: true });
    await waitForFrame(v.frame, footer('rows 1–30 ·'));
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    await v.press('ops', footer('Search: ops'));
    await v.timers.settle();
    const f = await waitForFrame(v.frame, (x) => x.includes('search "ops"') && /rows 1–\d+ ·/.test(x));
    expect(f).toContain('polling paused');
  });

  it('says so when nothing matches', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30'));
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    await v.press('zzqqxx', footer('Search: zzqqxx'));
    await v.timers.settle();
    const f = await waitForFrame(v.frame, footer('No sub-accounts match "zzqqxx"'));
    expect(f).toContain('no rows');
    expect(f).toContain('end of list');
  });

  it('never lets an older term replace a newer one, and aborts the abandoned request', async () => {
    const client = new AccountsClient(ACCOUNTS);
    const releases = new Map<string, () => void>();
    const v = mount({ client });
    await waitForFrame(v.frame, footer('rows 1–30'));
    client.gate = (q) =>
      q.search ? new Promise<void>((r) => releases.set(q.search ?? '', r)) : Promise.resolve();
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    await v.press('m', footer('Search: m'));
    await v.timers.settle();
    await waitUntil(() => releases.has('m'), 'the request for "m"');
    await v.press('i', footer('Search: mi'));
    await v.timers.settle();
    await waitUntil(() => releases.has('mi'), 'the request for "mi"');
    const old = client.calls.find((c) => c.query.search === 'm');
    expect(old?.signal?.aborted).toBe(true);
    releases.get('mi')?.();
    await waitForFrame(v.frame, (f) => f.includes('search "mi"') && !f.includes('loading'));
    releases.get('m')?.();
    await new Promise((r) => setImmediate(r));
    const f = v.frame();
    expect(f).toContain('search "mi"');
    const rows = f.split('\n').filter((l) => /^[› ] /.test(l) && l.includes('@'));
    const mi = ACCOUNTS.filter((a) =>
      [a.alias, a.email, a.id, a.userId].some((x) => (x ?? '').toLowerCase().includes('mi')),
    );
    expect(rows[0]).toContain(mi[0]?.id.slice(0, 8));
  });
});

describe('Sub-accounts tab: credentials and errors', () => {
  it('explains how to give credentials when there are none, and sends nothing', async () => {
    const v = mount({ config: keylessConfig });
    const f = await waitForFrame(v.frame, footer('need an API key'));
    for (const text of [
      '--api-key',
      '--api-secret',
      'WHITEBIT_API_KEY',
      'WHITEBIT_API_SECRET',
      'api_key',
      'config.toml',
    ]) {
      expect(f).toContain(text);
    }
    expect(v.client.calls).toHaveLength(0);
  });

  it('explains the same when the client refuses to sign (kind config)', async () => {
    const client = new AccountsClient(ACCOUNTS);
    client.fail = () =>
      new PooltopError('config', 'API key and secret are required for sub-accounts: missing API secret');
    const v = mount({ client });
    const f = await waitForFrame(v.frame, footer('need an API key'));
    expect(f).toContain('missing API secret');
    expect(f).toContain('WHITEBIT_API_SECRET');
  });

  it('shows an auth error with the server message and the likely fix', async () => {
    const client = new AccountsClient(ACCOUNTS);
    client.fail = () => new PooltopError('auth', 'Unauthorized request.', { status: 401 });
    const v = mount({ client, width: 120 });
    // Which key was refused (where it came from, never its value) and what to check.
    const f = await waitForFrame(
      v.frame,
      footer(
        'API key from WHITEBIT_API_KEY refused: Unauthorized request. — check its secret (WHITEBIT_API_SECRET)',
      ),
    );
    expect(f).not.toContain('test-key');
    expect(f).toContain('r retries');
    expect(client.calls).toHaveLength(1); // auth errors are not retried on their own
  });

  it('does not ask again and again when every request is cancelled from outside (client closed)', async () => {
    const client = new AccountsClient(ACCOUNTS);
    const v = mount({ client });
    await waitForFrame(v.frame, footer('rows 1–30'));
    client.fail = () =>
      new PooltopError('network', 'request cancelled: client closed', { reason: 'aborted' });
    const before = client.calls.length;
    // Asking again on every such failure would loop without a pause, starving the timers; past
    // 20 calls the client stops answering, so a loop ends and the count shows it.
    client.gate = () => (client.calls.length - before > 20 ? new Promise<void>(() => {}) : Promise.resolve());
    v.stdin.write(keyOf('accounts', 'page-size-up')); // a page size not asked for yet: a new request
    // Each turn lets a failed answer come back and the effects it sets off run (settle), so a
    // loop would ask at least once a turn; counted in turns, not in time.
    for (let turn = 0; turn < 10; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      v.settle();
    }
    expect(client.calls.length - before).toBeGreaterThanOrEqual(1);
    expect(client.calls.length - before).toBeLessThanOrEqual(3);
  });
});

describe('Sub-accounts tab: keys in one read, and pastes', () => {
  it('acts on each key of a read: jjjj, --, /term, two Backspaces, Esc then j', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30 ·'));
    await v.press('jjjj', shows(ACCOUNTS[4]));
    await v.press('--', footer('page size 10'));
    await v.press('/mine', footer('Search: mine'));
    expect(v.ui.setCapture).toHaveBeenLastCalledWith(true);
    await v.press('\x7f\x7f', (f) => f.includes('Search: mi') && !f.includes('Search: min'));
    await v.press('\x1bj', (f) => !f.includes('Search:') && shows(ACCOUNTS[5])(f));
    expect(v.ui.setCapture).toHaveBeenLastCalledWith(false);
  });

  it('puts a bracketed paste into the open search box, on one line, and ignores it elsewhere', async () => {
    const v = mount();
    await waitForFrame(v.frame, footer('rows 1–30 ·'));
    v.stdin.write('\x1b[200~jjG/q\x1b[201~'); // not keys: the cursor stays, no search opens
    await v.press(keyOf('accounts', 'down', 1), shows(ACCOUNTS[1]));
    expect(v.frame()).not.toContain('Search:');
    await v.press(keyOf('accounts', 'search'), footer('Search:'));
    await v.press('\x1b[200~grid\nbot\x1b[201~', footer('Search: grid bot'));
    await v.press(KEYS.enter, (f) => !f.includes('Search:'));
  });
});
