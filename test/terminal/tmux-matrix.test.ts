/**
 * The real-terminal matrix: the built CLI in tmux, as ops users run it. Each dashboard is started
 * once, all at the same time, and several checks drive it: sizes from 80×24 to 200×60, shrinking
 * and growing compared with a fresh start at the same size, keys that arrive together, bracketed
 * paste, Ctrl+Z and fg, the locale and TERM, the clipboard under tmux, a dead base URL and paging
 * against a failing service. Skipped, with a message, where tmux is not installed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAccounts } from '../../src/service/accounts.js';
import { CLI } from '../support/run-cli.js';
import {
  masked,
  startTmux,
  type TmuxServer,
  type TmuxSession,
  tmuxMissing,
} from '../support/tmux-session.js';

const missing = tmuxMissing();
if (missing) console.warn(`test/terminal/tmux-matrix: ${missing}`);

const SIZES = [
  [80, 24],
  [100, 30],
  [200, 60],
] as const;

let server: TmuxServer;
const s: Record<string, TmuxSession> = {};
let service: ChildProcess | undefined;
const SEED = 11;
const ACCOUNTS = generateAccounts(400, SEED);

/** `pooltop serve --json` with failures, for the paging check; resolves with its settings. */
function startFailingService(): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, 'serve', '--json', '--accounts', '400', '--seed', String(SEED), '--fail-rate', '0.5'],
      { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, LANG: 'C.UTF-8' } },
    );
    service = child;
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as Record<string, string>);
    });
    child.on('error', reject);
  });
}

const accountsLoaded = (screen: string): boolean => /rows 1[–-]30( [·|]|$)/m.test(screen);
const poolLoaded = (screen: string): boolean => /Workers [\d,]+/.test(screen);
/** Table rows of the Sub-accounts tab (cursor column, swatch, alias…), not its heading. */
const tableRows = (screen: string): string[] =>
  screen.split('\n').filter((l) => /^[›> ] (██|##| {2}) \S/.test(l) && !/^\s+Alias\s/.test(l));
/** The tab's data is in and the header has caught up with it. */
/**
 * Every row on screen has its key count (read a row at a time, after the page), where the column
 * shows: the count (and its marks) just before the row's id at the end of the line.
 */
const keysRead = (screen: string): boolean => {
  const lines = screen.split('\n');
  if (!lines.some((l) => /\bAlias\b/.test(l) && /\bKeys\b/.test(l))) return true;
  return lines
    .filter((l) => /^[› ] ██ /.test(l))
    .every((l) => /\s(\d+\+?|\?)( [!~-]+)?\s+[0-9a-f-]{8,36}$/.test(l.trimEnd()));
};

const settled = (screen: string): boolean =>
  accountsLoaded(screen) &&
  /● LIVE$/.test(screen.split('\n')[0] ?? '') &&
  // The demo's withdrawals awaiting confirmation have their line above the table.
  screen.includes('Withdrawals awaiting') &&
  keysRead(screen);

beforeAll(async () => {
  if (missing) return;
  server = startTmux('matrix');
  s.resize = server.pooltop('resize', 120, 40, ['--demo']);
  for (const [c, r] of SIZES) s[`fresh${c}`] = server.pooltop(`fresh${c}`, c, r, ['--demo']);
  s.keys = server.pooltop('keys', 100, 30, ['--demo']);
  s.ascii = server.pooltop('ascii', 100, 30, ['--demo'], { LANG: 'C' });
  // tmux may drop what a program wrote just before it exits: a shell stays to show it.
  s.dumb = server.session(
    'dumb',
    100,
    30,
    `${server.command(['--demo'], { TERM: 'dumb' })}; echo "exit $?"; sleep 120`,
  );
  s.xterm = server.pooltop('xterm', 100, 30, ['--demo'], { TERM: 'xterm' });
  s.noColor = server.pooltop('nocolor', 100, 30, ['--demo'], { TERM: 'xterm-256color', NO_COLOR: '1' });
  s.dead = server.pooltop('dead', 100, 30, [], { WHITEBIT_API_URL: 'http://127.0.0.1:1' });
  s.shell = server.session(
    'shell',
    100,
    30,
    `env -i HOME=${server.home} LANG=C.UTF-8 TZ=UTC POOLTOP_CACHE_DIR=${server.home}/cache TERM=screen PATH=/usr/bin:/bin PS1='$ ' bash --norc -i`,
  );
  const settings = await startFailingService();
  s.faults = server.pooltop('faults', 100, 30, ['--interval', '60'], {
    WHITEBIT_API_URL: settings.base_url ?? '',
    WHITEBIT_API_KEY: settings.api_key ?? '',
    WHITEBIT_API_SECRET: settings.api_secret ?? '',
  });
}, 60_000);

afterAll(() => {
  service?.kill();
  server?.kill();
});

describe.skipIf(missing)('real terminals: tmux', { timeout: 60_000 }, () => {
  it('after shrinking, growing and several size changes in a row, the screen is a fresh start at that size', async () => {
    const r = s.resize!;
    await r.waitFor(poolLoaded, 'the pool tab');
    const pool = await r.waitFor((x) => x.split('\n').length === 40, '40 rows');
    expect(pool.split('\n')[0]).toMatch(/^pooltop \[1 Pool\]/);
    for (const t of [r, ...SIZES.map(([c]) => s[`fresh${c}`]!)]) {
      await t.waitFor(poolLoaded, `${t.name}: the pool tab`);
      t.keys('3');
    }
    const at120 = masked(await r.waitFor(settled, 'sub-accounts at 120×40'));
    const steps: Array<[number, number, string]> = [
      [100, 30, 'shrink to 100×30'],
      [80, 24, 'shrink to 80×24'],
      [200, 60, 'grow to 200×60'],
    ];
    for (const [c, rows, what] of steps) {
      r.resize(c, rows);
      const fresh = masked(await s[`fresh${c}`]!.waitFor(settled, `fresh ${c}×${rows}`));
      await r.waitFor(
        (x) => masked(x) === fresh,
        `${what} equal to a fresh start:\n${fresh}\n(masked); the resized one`,
      );
    }
    // Several changes before the dashboard draws once.
    r.resize(90, 27);
    r.resize(150, 45);
    r.resize(120, 40);
    await r.waitFor((x) => masked(x) === at120, 'back at 120×40 after three quick changes');
    r.keys('1');
    const back = await r.waitFor(poolLoaded, 'the pool tab again');
    const lines = back.split('\n');
    expect(lines[0]).toMatch(/^pooltop \[1 Pool\]/);
    // The keys, or the demo's worker alerts once they fire: the last line, drawn whole.
    expect(lines.at(-1)).toMatch(/^(\? help|CRIT |WARN )/);
    r.keys('C-l');
    await r.waitFor((x) => x.split('\n')[0]?.startsWith('pooltop [1 Pool]') === true, 'Ctrl+L redraw');
  });

  it('keys that arrive together each act, in order: jjjj, --, two Backspaces, Esc then a key', async () => {
    const k = s.keys!;
    await k.waitFor(poolLoaded, 'the pool tab');
    k.keys('3');
    let screen = await k.waitFor(accountsLoaded, 'sub-accounts');
    k.type('jjjj');
    screen = await k.waitFor((x) => tableRows(x)[4]?.startsWith('›') === true, 'the cursor on the fifth row');
    k.type('--');
    screen = await k.waitFor((x) => x.includes('page size 10'), 'page size 30 → 20 → 10');
    k.type('/mine');
    screen = await k.waitFor((x) => x.includes('Search: mine'), 'the search box with what was typed after /');
    k.type('\x7f\x7f');
    screen = await k.waitFor(
      (x) => x.includes('Search: mi ') || /Search: mi\S?$/m.test(x),
      'two Backspaces in one read',
    );
    await k.waitFor((x) => x.includes('search "mi"'), 'the search applied');
    k.type('\x1bj'); // Esc clears the search (back to the first row), then j moves
    screen = await k.waitFor(
      (x) => !x.includes('Search:') && tableRows(x)[1]?.startsWith('›') === true,
      'Esc, then j',
    );
    expect(screen).toContain('page size 10');
  });

  it('a bracketed paste goes into the search box, and is ignored elsewhere (it never runs commands)', async () => {
    const k = s.keys!;
    k.keys('1');
    await k.waitFor(poolLoaded, 'the pool tab');
    server.tmux('set-buffer', '-b', 'p', '2q?');
    server.tmux('paste-buffer', '-p', '-b', 'p', '-t', k.name);
    k.type('\x1b[200~3q\x1b[201~');
    k.keys('t'); // a key after the pastes still works: the chart range flips
    let screen = await k.waitFor((x) => x.includes('last 24 hours'), 'the key after the pastes');
    expect(screen).toMatch(/\[1 Pool\]/); // still on the pool tab, not quit, no help
    expect(screen).not.toContain('closes this help');
    k.keys('3', '/');
    await k.waitFor((x) => x.includes('Search:'), 'the search box');
    server.tmux('set-buffer', '-b', 'p', 'grid\nbot');
    server.tmux('paste-buffer', '-p', '-b', 'p', '-t', k.name);
    screen = await k.waitFor((x) => x.includes('Search: grid bot'), 'the pasted text in the search box');
    k.keys('Escape');
    await k.waitFor((x) => !x.includes('Search:'), 'search closed');
  });

  // `npm start` and `npx pooltop` run the dashboard under npm and sh, in the same process group:
  // Ctrl+Z must stop the whole job (as the terminal would), or the shell keeps waiting for npm.
  it.each([
    ['run directly', `${process.execPath} ${CLI} --demo`],
    [
      'under a parent process, as npm start and npx run it',
      `sh -c 'true && ${process.execPath} ${CLI} --demo'`,
    ],
  ])('Ctrl+Z gives the shell back and fg brings the dashboard back, redrawn (%s)', async (_how, command) => {
    const sh = s.shell!;
    await sh.waitFor((x) => x.includes('$'), 'the shell prompt');
    sh.type(command);
    sh.keys('Enter');
    await sh.waitFor((x) => /^pooltop \[1 Pool\]/.test(x) && poolLoaded(x), 'the dashboard');
    sh.keys('C-z');
    await sh.waitFor((x) => /Stopped/.test(x) && !/^pooltop/.test(x), 'the shell, the job stopped');
    sh.type('fg');
    sh.keys('Enter');
    await sh.waitFor((x) => /^pooltop \[1 Pool\]/.test(x) && poolLoaded(x), 'the dashboard again');
    sh.keys('q');
    await sh.waitFor((x) => !x.split('\n').some((l) => l.startsWith('pooltop [')), 'quit to the shell');
    sh.type('clear');
    sh.keys('Enter');
  });

  it('LANG=C: pure ASCII on every tab (Pool, Mining, Sub-accounts) and in the help; other TERMs and NO_COLOR draw too', async () => {
    const a = s.ascii!;
    await a.waitFor(poolLoaded, 'the pool tab');
    const screens = [await a.waitFor((x) => /\+-+\+/.test(x), 'ASCII table borders')];
    a.keys('2');
    // The demo's three accounts: the fleet table (its trend glyphs too), then one account.
    screens.push(await a.waitFor((x) => /Mining fleet/.test(x) && /H\/s [v^>]/.test(x), 'the fleet table'));
    a.keys('Enter');
    screens.push(
      await a.waitFor((x) => /Workers \d+ online/.test(x) && /rows 1-\d+ \|/.test(x), 'the Mining tab'),
    );
    a.keys('3');
    // The tab bar too: the Mining account's workers table has a `rows 1-N |` footer as well.
    screens.push(await a.waitFor((x) => x.includes('[3 Sub-accounts]') && accountsLoaded(x), 'sub-accounts'));
    a.keys('?');
    screens.push(await a.waitFor((x) => x.includes('closes this help'), 'the help'));
    for (const screen of screens) expect([...screen].filter((c) => c.charCodeAt(0) > 0x7e)).toEqual([]);
    expect(screens[3]).toMatch(/\?\?/); // data outside ASCII shown as ?
    for (const t of [s.xterm!, s.noColor!]) {
      const screen = await t.waitFor(poolLoaded, `${t.name}: the pool tab`);
      expect(screen.split('\n')[0]).toMatch(/● LIVE$/);
    }
  });

  it('TERM=dumb: the dashboard refuses with one line naming `pooltop pool`', async () => {
    const screen = await s.dumb!.waitFor((x) => x.includes('exit '), 'the refusal');
    const lines = screen.split('\n').filter((l) => l.startsWith('pooltop:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('`pooltop pool`');
    expect(screen).toMatch(/^exit 2$/m);
  });

  it('y under tmux says what was sent and the setting that makes it arrive; with it on, tmux has it', async () => {
    const k = s.keys!;
    k.keys('1');
    await k.waitFor(poolLoaded, 'the pool tab');
    server.tmux('set-option', '-g', 'set-clipboard', 'on');
    k.keys('y');
    const screen = await k.waitFor((x) => x.includes('terminal clipboard'), 'the notice');
    expect(screen).toContain('Link sent to the terminal clipboard (OSC 52) · tmux: set -g set-clipboard on');
    expect(screen).not.toMatch(/copied/i);
    const link = /Links [›>] (\S+)/.exec(screen)?.[1];
    expect(server.tmux('show-buffer')).toBe(link);
  });

  it('a dead base URL is never LIVE: the header says ERROR', async () => {
    const d = s.dead!;
    const screen = await d.waitFor(
      (x) => /ERROR$/.test(x.split('\n')[0] ?? ''),
      'ERROR in the header',
      20_000,
    );
    expect(screen).not.toContain('LIVE');
  });

  it('paging against a failing service shows the page the footer names, or no rows and the error', async () => {
    const f = s.faults!;
    f.keys('3');
    for (let step = 0; step < 6; step++) {
      const screen = await f.waitFor(
        (x) => /rows \d+–\d+ (·|not loaded)/.test(x) && !/Loading sub-accounts/.test(x),
        'a settled page',
        20_000,
      );
      const [, first, , state] = /rows (\d+)–(\d+) (·|not loaded)/.exec(screen) ?? [];
      const rows = tableRows(screen);
      if (state === 'not loaded') {
        expect(rows, screen).toEqual([]);
        expect(screen).toContain('Could not load sub-accounts');
        f.keys('r');
      } else {
        const expected = ACCOUNTS[Number(first) - 1]?.id.slice(0, 8);
        expect(rows[0], screen).toContain(expected);
        f.keys('NPage');
      }
      await f.waitFor((x) => x !== screen, 'the next state', 20_000).catch(() => undefined);
    }
  }, 120_000);
});
