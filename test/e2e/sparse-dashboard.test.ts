/**
 * The built dashboard in a real pseudo-terminal against `pooltop serve --sparse --pool-shape
 * camel` (its own process): fields missing, null or sent as strings in a share of items, the
 * overview in the camelCase shape of the live API. Every tab, a few pages and the detail pane
 * of a row with placeholders, and never an error line. With DEBUG=pooltop the degradations are
 * held while the dashboard owns the screen and printed once it is gone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const COLS = 120;
const ROWS = 34;

let current: PtySession | undefined;
let served: ServedCli | undefined;
afterEach(async () => {
  current?.dispose();
  current = undefined;
  await served?.stop();
  served = undefined;
});

/** Lines that report a failure: the status line's `error:` or a tab that could not load. */
const errorLines = (screen: string) =>
  screen.split('\n').filter((l) => /\berror:|Could not load|unexpected response/.test(l));

describe('the dashboard against serve --sparse', () => {
  it('walks every tab, pages and opens a degraded row without an error line', async () => {
    served = await startServeCli(['--sparse', '--pool-shape', 'camel', '--accounts', '300']);
    const f = served.facts;
    const s = launchPty(['--interval', '2'], {
      cols: COLS,
      rows: ROWS,
      env: {
        DEBUG: 'pooltop',
        WHITEBIT_API_URL: f.base_url,
        WHITEBIT_API_KEY: f.api_key,
        WHITEBIT_API_SECRET: f.api_secret,
        WHITEBIT_CLIENT_ID: f.client_id,
        WHITEBIT_CLIENT_SECRET: f.client_secret,
        WHITEBIT_REFRESH_TOKEN: f.refresh_token,
        XDG_STATE_HOME: `${process.env.TMPDIR ?? '/tmp'}/pooltop-sparse-${process.pid}`,
      },
    });
    current = s;
    const seen: string[] = [];
    const press = (keys: string, check: (t: string) => boolean, what: string) => {
      s.pty.write(keys);
      return vi.waitFor(
        () => {
          const t = s.screen();
          seen.push(t);
          if (!check(t)) throw new Error(`waiting for ${what}; screen:\n${t}`);
          return t;
        },
        { timeout: 15_000, interval: 30 },
      );
    };

    const pool = await press('', (t) => t.includes('Blocks found') && /Workers \S/.test(t), 'the pool');
    // In a minute whose overview --sparse thinned, the links may be missing or null.
    expect(pool).toMatch(/Links (› stratum\+tcp:\/\/|none published)/);
    // A later poll (every 2 s): the camelCase overview keeps coming in, sparse fields and all.
    const clock = (t: string) => /(\d\d:\d\d:\d\d)\s*$/m.exec(t)?.[1];
    const before = clock(pool);
    await press('', (t) => clock(t) !== before && /updated (just now|\ds ago)/.test(t), 'a later poll');

    const accounts = await press(tabKey(3), (t) => t.includes('rows 1–30 ·'), 'the first page');
    expect(accounts).toMatch(/Alias\s+Email\s+Status\s+KYC/);
    expect(accounts).toContain('—');
    await press(keyOf('accounts', 'page-down', 1), (t) => t.includes('rows 31–60 ·'), 'page 2');
    await press(keyOf('accounts', 'page-down', 1), (t) => t.includes('rows 61–90 ·'), 'page 3');
    // The detail pane of the first row with a placeholder in it.
    const table = s.screen().split('\n');
    const first = table.findIndex((l) => /^[› ] /.test(l) && l.includes('—'));
    const cursor = table.findIndex((l) => l.startsWith('› '));
    expect(first).toBeGreaterThanOrEqual(cursor);
    for (let i = cursor; i < first; i++)
      await press(
        keyOf('accounts', 'down', 1),
        (t) => t.split('\n')[i + 1]?.startsWith('› ') ?? false,
        `row ${i + 1}`,
      );
    const detail = await press(keyOf('accounts', 'details'), (t) => t.includes('User ID'), 'the detail pane');
    expect(detail).toMatch(
      /(Alias|Email \(masked\)|User ID|Status|KYC status|KYC shared|Spot trading|Collateral|Colour)\s+—/,
    );
    await press(keyOf('global', 'close'), (t) => !t.includes('User ID'), 'the detail pane closed');

    // Auto-refresh spends the configured token on the way in; R refreshes once more.
    const refreshed = (t: string) => /Last refresh\s+(\d\d:\d\d:\d\d) .*, ok/.exec(t)?.[1];
    const session = await press(tabKey(4), (t) => refreshed(t) !== undefined, 'the session tab, refreshed');
    await press(
      keyOf('session', 'refresh-token'),
      (t) => (refreshed(t) ?? '') > (refreshed(session) ?? ''),
      'a token refresh',
    );
    await press(tabKey(1), (t) => t.includes('[1 Pool]') && t.includes('Blocks found'), 'back to the pool');

    for (const screen of seen) expect(errorLines(screen), screen).toEqual([]);

    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
    await s.flushed();
    // Held while the dashboard ran (the last 100 lines), printed after the terminal was restored.
    const raw = s.raw();
    const enter = raw.indexOf('\x1b[?1049h');
    const leave = raw.lastIndexOf('\x1b[?1049l');
    expect(raw.slice(enter, leave)).not.toContain('pooltop: debug:');
    expect(raw.slice(leave)).toMatch(
      /\npooltop: debug: POST \/api\/v4\/sub-account\/list: data\[\d+\]\.\S+ (is missing|is null)\r?\n/,
    );
    expect(raw).not.toContain(f.api_secret);
  }, 90_000);
});
