/**
 * The loaded list in the built CLI, in a real pseudo-terminal (120×30) read back through a headless
 * xterm, against the embedded service hosted here with 10,100 accounts: `L` loads every page,
 * `s` sorts, `f` + Space filters, the footer counts. Every wait polls the screen with a bound.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../src/api/types.js';
import { formatCount } from '../../src/format/number.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const COUNT = 10_100;
const SEED = 31;
let service: ServiceHandle;
let session: PtySession | undefined;
beforeAll(async () => {
  service = await startService({ port: 0, accounts: COUNT, seed: SEED });
});
afterAll(async () => {
  session?.dispose();
  await service.close();
});

async function press(
  s: PtySession,
  keys: string,
  check: (screen: string) => boolean,
  what: string,
  timeout = 10_000,
) {
  s.pty.write(keys);
  return vi.waitFor(
    () => {
      const text = s.screen();
      if (!check(text)) throw new Error(`waiting for ${what}; screen:\n${text}`);
      return text;
    },
    { timeout, interval: 25 },
  );
}

describe('pooltop: the whole sub-account list in a terminal', () => {
  it('loads 10,100 rows with L, sorts with s, filters with f and Space, and counts them', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pooltop-home-'));
    session = launchPty(['--interval', '30'], {
      cols: 120,
      rows: 30,
      env: {
        HOME: home,
        XDG_STATE_HOME: join(home, '.state'),
        LANG: 'C.UTF-8',
        LC_ALL: '',
        CI: '0',
        WHITEBIT_API_URL: service.baseUrl,
        WHITEBIT_API_KEY: service.credentials.apiKey,
        WHITEBIT_API_SECRET: service.credentials.apiSecret,
      },
    });
    const s = session;
    await press(s, '', (t) => t.includes('[1 Pool]'), 'the dashboard', 20_000);
    await press(s, tabKey(3), (t) => t.includes('rows 1–30 ·'), 'the first page');
    const listed = () => service.stats().byPath[PATHS.subAccounts] ?? 0;
    // The first page and the next one, fetched ahead.
    await vi.waitFor(() => expect(listed()).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const before = listed();

    const loaded = await press(
      s,
      keyOf('accounts', 'load-all'),
      (t) => t.includes('10,100 rows loaded'),
      'the whole list',
      20_000,
    );
    const data = generateAccounts(COUNT, SEED);
    const active = data.filter((a) => a.status === 'active').length;
    expect(loaded).toMatch(new RegExp(`rows 1–\\d+ of 10,100 · ${formatCount(active)} active · `));
    expect(listed() - before).toBe(101);

    // A frame can reach the screen in more than one read: wait for every part that is checked.
    const sorted = await press(
      s,
      keyOf('accounts', 'sort'),
      (t) => t.includes('Alias ▲') && t.includes('sorted by alias ▲'),
      'sorted by alias',
    );
    expect(sorted).toContain('sorted by alias ▲');

    await press(s, keyOf('accounts', 'filter'), (t) => t.includes('Space on/off'), 'the filter picker');
    await press(s, keyOf('accounts', 'toggle'), (t) => t.includes('›[x] active'), 'active chosen');
    const footer = `of ${formatCount(active)} (of 10,100 loaded) · ${formatCount(active)} active · sorted by alias ▲ · status=active`;
    const filtered = await press(
      s,
      keyOf('accounts', 'details'),
      (t) => !t.includes('Space on/off') && t.includes(footer),
      'the picker closed, the list filtered',
    );
    expect(filtered).toContain(footer);
    const rows = filtered.split('\n').filter((l) => /^[› ] /.test(l) && l.includes('@'));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row).toMatch(/ active /);

    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  }, 60_000);
});
