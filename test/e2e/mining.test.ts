/**
 * The Mining tab of the built CLI in a real pseudo-terminal: `node dist/pooltop.cjs --demo`
 * (three mining accounts of 40 workers on the in-process embedded service) at 100×30, read back
 * through a headless xterm. One key per write, each wait polls the screen with a bound.
 * `npm test` builds dist/pooltop.cjs first.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { keyOf, keySequence, tabKey } from '../ui/helpers/keys.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(root, 'dist', 'pooltop.cjs');
const COLS = 100;
const ROWS = 30;

let current: PtySession | undefined;
afterEach(() => {
  current?.dispose();
  current = undefined;
});

async function press(
  s: PtySession,
  keys: string,
  check: (t: string) => boolean,
  what: string,
): Promise<string> {
  s.pty.write(keys);
  return vi.waitFor(
    () => {
      const text = s.screen();
      if (!check(text)) throw new Error(`waiting for ${what}; screen:\n${text}`);
      return text;
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** Worker rows whose series arrived: name, rate, mean, trend. */
const rows = (t: string) => t.split('\n').filter((l) => /^[› ] \S+\s+\d[\d.]* [kMGTP]?H\/s\s+\d/.test(l));
/** The fleet table, its three accounts' rows loaded (hash rates in). */
const fleet = (t: string) =>
  t.includes('Mining fleet') &&
  t.split('\n').filter((l) => /^[› ] \S+\s+\d[\d.]* [kMGTPE]?H\/s/.test(l)).length === 3;
const headline = (t: string) =>
  /Hash rate \d[\d.]* [kMGTPE]?H\/s · 24 h average \d/.test(t) && /Workers \d+ online/.test(t);

describe('pooltop --demo: the Mining tab in a terminal', () => {
  it('walks the tab: headline, chart toggle, a worker chart, search, rewards, the picker, a link copied', async () => {
    expect(existsSync(cli), 'dist/pooltop.cjs is missing: run `npm run build` (npm test does)').toBe(true);
    const s = launchPty(['--demo', '--interval', '30'], {
      cols: COLS,
      rows: ROWS,
      env: { CI: '0', CONTINUOUS_INTEGRATION: '0' },
    });
    current = s;
    await press(s, '', (t) => t.includes('[1 Pool]'), 'the dashboard');

    // Three accounts: the tab opens on the fleet table; Enter opens the first.
    let t = await press(s, tabKey(2), (x) => x.includes('[2 Mining]') && fleet(x), 'the fleet table');
    expect(t).toMatch(/Mining fleet · 3 accounts/);
    t = await press(
      s,
      keyOf('mining', 'details'),
      (x) => headline(x) && rows(x).length > 3,
      'the first account',
    );
    // With history (the demo's, back-filled as it opens): the account's 30-day uptime, or — before it is read.
    expect(t).toMatch(/Account \S+ · a: another of 3 · Esc: fleet · up 30 d (—|\d+(\.\d)?%) · Payout/);
    expect(t).toMatch(/Reject \d+\.\d\d %/);
    expect(t).toMatch(/Workers \d+ online · \d+ low · \d+ offline · Fee [\d.]+ %/);
    expect(t).toMatch(/Watchers › \S+/);
    expect(t).toMatch(/Hash rate · 5 min points, 24 h \(t: 1 h\)/);
    expect(t).toMatch(/Rewards 1–\d+, newest first · after fee [\d.]+ BTC/);
    // The connected workers, more than fit: the rows on screen and how many lie below.
    expect(t).toMatch(/rows 1–\d+ · 1–\d+ shown ↓\d+ · page size 100 · end of list/);
    for (const line of t.split('\n')) expect(line.length).toBeLessThanOrEqual(COLS);
    const account = /Account (\S+)/.exec(t)?.[1];

    await press(
      s,
      keyOf('mining', 'chart-interval'),
      (x) => x.includes('Hash rate · hourly, 7 days') && /H\/s[┼┤]/.test(x),
      'the hourly chart',
    );
    await press(
      s,
      keyOf('mining', 'down'),
      (x) => rows(x)[1]?.startsWith('› ') === true,
      'the second worker selected',
    );
    const worker = rows(s.screen())[1]?.slice(2).split(' ')[0] ?? '';
    t = await press(
      s,
      keyOf('mining', 'details'),
      (x) => x.includes(`Worker ${worker} · hourly`) && /H\/s[┼┤]/.test(x),
      "the worker's chart",
    );
    await press(
      s,
      keyOf('global', 'close'),
      (x) => x.includes('Hash rate · hourly, 7 days'),
      'the account chart again',
    );

    await press(s, keyOf('mining', 'search'), (x) => x.includes('Search:'), 'the search box');
    for (const ch of '-01')
      await press(
        s,
        ch,
        (x) => x.includes(`Search: ${'-01'.slice(0, '-01'.indexOf(ch) + 1)}`),
        `typing ${ch}`,
      );
    // Enter in the search box keeps the search: the box reads it as text, no action of the keymap.
    t = await press(
      s,
      keySequence('enter'),
      (x) => x.includes('search "-01"') && !x.includes('Search:') && rows(x).length > 0,
      'the matches',
    );
    for (const row of rows(t)) expect(row).toContain('-01');
    await press(
      s,
      keyOf('global', 'close'),
      (x) => !x.includes('search "') && /rows 1–\d+ · (1–\d+ shown ↓\d+ · )?page size/.test(x),
      'the search cleared',
    );

    await press(
      s,
      keyOf('mining', 'older-rewards'),
      (x) => /Rewards \d\d?–\d+, newest first/.test(x) && !x.includes('Rewards 1–'),
      'older rewards',
    );
    await press(s, keyOf('mining', 'newer-rewards'), (x) => x.includes('Rewards 1–'), 'the newest rewards');
    // The yield per TH/s in each row and its trend; m flips to months and back.
    expect(s.screen()).toMatch(/Yield 30 d .* \d\.\d{12} BTC · m: months/);
    expect(s.screen()).toMatch(/\d{4}-\d\d-\d\d (pending|successful|canceled)\s+[\d.]+ BTC\s+0\.\d{12} /);
    t = await press(
      s,
      keyOf('mining', 'reward-months'),
      (x) => /Rewards by month \(UTC\) 1–\d+ of 1\d, newest first/.test(x),
      'months',
    );
    expect(t).toMatch(/\d{4}-\d\d {4}\d+ days +[\d.]+ BTC +0\.\d{12}/);
    await press(
      s,
      keyOf('mining', 'reward-months'),
      (x) => x.includes('Rewards 1–') && x.includes('m: months'),
      'days again',
    );

    t = await press(
      s,
      keyOf('mining', 'choose-account'),
      (x) => x.includes('Choose a mining account'),
      'the picker',
    );
    expect(t).toContain('shown now');
    t = await press(
      s,
      keyOf('mining', 'down'),
      (x) => /› \S+\s+created/.test(x) && !new RegExp(`› ${account}\\s`).test(x),
      'another account',
    );
    const other = /› (\S+)\s+created/.exec(t)?.[1];
    await press(
      s,
      keyOf('mining', 'details'),
      (x) => x.includes(`Account ${other}`) && headline(x) && /Watchers › \S+/.test(x),
      'the other account',
    );

    s.pty.write(keyOf('mining', 'copy-link'));
    await vi.waitFor(
      () => {
        if (!/\x1b\]52;c;[A-Za-z0-9+/=]+\x07/.test(s.raw())) throw new Error('no OSC 52 yet');
      },
      { timeout: 5000 },
    );
    const b64 = /\x1b\]52;c;([A-Za-z0-9+/=]+)\x07/.exec(s.raw())?.[1] ?? '';
    expect(Buffer.from(b64, 'base64').toString()).toMatch(/^https:\/\/\S+$/);
    await vi.waitFor(
      () => {
        if (!s.screen().includes('to the terminal clipboard (OSC 52)')) throw new Error('no notice');
      },
      { timeout: 5000 },
    );

    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  });

  it('after G the footer names the worker rows on screen and how many lie above, as Sub-accounts does', async () => {
    const s = launchPty(['--demo', '--interval', '30'], { cols: 120, rows: 40 });
    current = s;
    await press(s, '', (t) => t.includes('[1 Pool]'), 'the dashboard');
    await press(s, tabKey(2), fleet, 'the fleet table');
    await press(
      s,
      keyOf('mining', 'details'),
      (x) => rows(x).length > 3 && /rows 1–\d+ ·/.test(x),
      'the first account',
    );
    // The last row: a connected worker, or one gone (listed after them, its time in words).
    const table = (x: string) =>
      x.split('\n').filter((l) => /^[› ] \S+\s+(\d[\d.]* [kMGTP]?H\/s|…|-|—|gone \d)/.test(l));
    const t = await press(
      s,
      keyOf('mining', 'last-row', 1),
      (x) => /› \S+/.test(table(x).at(-1) ?? ''),
      'the last worker selected',
    );
    const footer = /rows 1–(\d+) · (\d+)–(\d+) shown ↑(\d+) · page size 100 · end of list/.exec(t);
    expect(footer, t).not.toBeNull();
    const [total, first, last, above] = (footer ?? []).slice(1).map(Number);
    expect(last).toBe(total);
    expect(above).toBe((first ?? 0) - 1);
    // As many worker lines on screen as the footer says, the last of them selected.
    const onScreen = table(t);
    expect(onScreen, t).toHaveLength((last ?? 0) - (first ?? 0) + 1);
    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  });

  it('marks a value past a threshold of the preferences file, and refuses a broken file in one line', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pooltop-mining-prefs-'));
    mkdirSync(join(home, 'pooltop'));
    const prefs = join(home, 'pooltop', 'config.toml');
    writeFileSync(prefs, '[thresholds.mining]\nreject_rate = { warning = "0.0001" }\n');
    const s = launchPty(['--demo', '--interval', '30'], {
      cols: COLS,
      rows: ROWS,
      env: { XDG_CONFIG_HOME: home },
    });
    current = s;
    await press(s, '', (t) => t.includes('[1 Pool]'), 'the dashboard');
    await press(s, tabKey(2), (x) => fleet(x) && /\sWARN\s*$/m.test(x), 'the fleet, the account warned');
    const t = await press(
      s,
      keyOf('mining', 'details'),
      (x) => /Reject \d+\.\d\d % WARN/.test(x),
      'the warning',
    );
    expect(t).not.toMatch(/online[^·]*(WARN|CRIT)/);
    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
    s.dispose();

    writeFileSync(prefs, '[thresholds.mining]\nreject_rat = { warning = "1" }\n');
    const bad = launchPty(['--demo'], { cols: COLS, rows: ROWS, env: { XDG_CONFIG_HOME: home } });
    current = bad;
    expect(await vi.waitFor(() => bad.exit, { timeout: 10_000 })).toBe(2);
    const lines = bad.raw().trim().split(/\r?\n/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^pooltop: .*config\.toml: thresholds\.mining\.reject_rat: unknown mining metric/,
    );
  });
});
