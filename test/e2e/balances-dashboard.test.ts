/**
 * The detail pane's balances in the built dashboard, in a real pseudo-terminal read back through
 * a headless xterm: at 80×24 and 120×40 (and in an ASCII locale) against the embedded service,
 * the first row's balances drawn as the service holds them; and a hostile server whose tickers
 * carry escape sequences and 10 KB of text, which never reach the terminal raw.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BALANCES_PATH } from '../../src/api/balance-types.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { accountBalances } from '../../src/service/balance-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const COUNT = 40;
let service: ServiceHandle;
let seed = 0;
let sessions: PtySession[] = [];
afterEach(() => {
  for (const s of sessions) s.dispose();
  sessions = [];
});

/** `0.00424276` from units of 1e-8. */
const btc = (units: bigint) => `${units / 10n ** 8n}.${(units % 10n ** 8n).toString().padStart(8, '0')}`;
const units = (s: string) => {
  const [whole, frac = ''] = s.split('.');
  return BigInt(whole ?? '0') * 10n ** 8n + BigInt(frac.padEnd(8, '0') || '0');
};
/** As the pane writes an amount of a BTC row: zero as `0`, else all 8 digits. */
const shown = (s: string) => (units(s) === 0n ? '0' : btc(units(s)));

/** The first row's BTC row as the pane should draw it. */
function expectedBtcRow(): RegExp {
  const first = generateAccounts(COUNT, seed)[0];
  if (!first) throw new Error('no account');
  const held = accountBalances(first, 0, seed).BTC;
  if (!held) throw new Error('the first account holds no BTC');
  const total = btc(units(held.main) + units(held.spot) + units(held.collateral));
  const cells = [held.main, held.spot, held.collateral].map(shown);
  return new RegExp(`BTC +${[...cells, total].map((c) => c.replace('.', '\\.')).join(' +')}\\b`);
}

beforeAll(async () => {
  // A seed whose first account holds BTC (the generator leaves some accounts empty).
  for (seed = 1; seed < 50; seed++) {
    const first = generateAccounts(COUNT, seed)[0];
    const held = first && accountBalances(first, 0, seed).BTC;
    if (held && units(held.main) + units(held.spot) + units(held.collateral) > 0n) break;
  }
  service = await startService({ port: 0, accounts: COUNT, seed });
});
afterAll(async () => {
  await service.close();
});

function launch(url: string, key: string, secret: string, cols: number, rows: number, lang = 'C.UTF-8') {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-home-'));
  const s = launchPty(['--interval', '5'], {
    cols,
    rows,
    env: {
      HOME: home,
      XDG_STATE_HOME: join(home, '.state'),
      LANG: lang,
      CI: '0',
      WHITEBIT_API_URL: url,
      WHITEBIT_API_KEY: key,
      WHITEBIT_API_SECRET: secret,
    },
  });
  sessions.push(s);
  return s;
}

const balanceRequests = () => service.stats().byPath[BALANCES_PATH] ?? 0;

describe('the detail pane shows balances in a real terminal', () => {
  for (const [cols, rows, lang] of [
    [80, 24, 'C.UTF-8'],
    [120, 40, 'C.UTF-8'],
    [80, 24, 'C'],
  ] as const) {
    it(`${cols}×${rows}, LANG=${lang}: the table under the fields, the selected row still in view`, async () => {
      const { apiKey, apiSecret } = service.credentials;
      const s = launch(service.baseUrl, apiKey, apiSecret, cols, rows, lang);
      await waitForScreen(s, (t) => t.includes('[1 Pool]'), 'the dashboard');
      s.pty.write(tabKey(3));
      await waitForScreen(s, (t) => /rows 1[–-]\d+ [·|]/.test(t), 'the first page');
      const before = balanceRequests();
      s.pty.write(keyOf('accounts', 'details'));
      const want = expectedBtcRow();
      const screen = await waitForScreen(
        s,
        (t) => /Currency +Main +Spot +Collateral +Total/.test(t) && want.test(t),
        'the balances table',
      );
      const lines = screen.split('\n');
      expect(lines).toHaveLength(rows);
      // The selected row, the pane's fields and its key, the status bar: all on the screen.
      expect(screen).toMatch(/^[›>] /m);
      expect(screen).toContain('z zero balances');
      expect(screen).toMatch(/Email \(masked\) +\S/);
      expect(screen).toMatch(/Balances +(updated|loading)/);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(cols);
      // Polled while open (every 5 s here).
      await waitForScreen(s, () => balanceRequests() >= before + 2, 'a second balances request');
    }, 60_000);
  }
});

describe('a hostile ticker never reaches the terminal raw', () => {
  const ID = '8e667b4a-0b71-4988-8af5-9474dbfaeb51';
  const hostile = {
    '\u001b]0;pwned\u0007BTC': [{ main: '1', spot: '2', collateral: '3' }],
    '\u001b[2J\u001b[31mETH\u009b1m': [{ main: '0.5' }],
    [`\u001b]8;;http://evil\u001b\\${'A'.repeat(10_240)}`]: [{ main: '7' }],
    ['B'.repeat(10_240)]: [{ main: '1' }],
    '\u202eCSU\u0085\u0000': [{ spot: 4 }],
  };
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body =
        req.url === BALANCES_PATH
          ? hostile
          : { offset: 0, limit: 100, data: [{ id: ID, alias: 'hostile-ops', email: 'a***@example.com' }] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('escape sequences and 10 KB tickers are cleaned and cut in the pane', async () => {
    const s = launch(url, 'k', 's', 100, 30);
    let title = '';
    s.term.onTitleChange((t) => {
      title = t;
    });
    await waitForScreen(s, (t) => t.includes('[1 Pool]'), 'the dashboard');
    s.pty.write(tabKey(3));
    await waitForScreen(s, (t) => t.includes('hostile-ops'), 'the hostile page');
    s.pty.write(keyOf('accounts', 'details'));
    const screen = await waitForScreen(
      s,
      (t) => /Currency +Main/.test(t) && /BTC +1 +2 +3 +6/.test(t),
      'the hostile balances',
    );
    await s.flushed();
    const raw = s.raw();
    for (const bad of ['pwned', '\u001b]0;', '\u001b]8;;http://evil', '\u202e', '\u0085', '\u009b', '\u0000'])
      expect(raw.includes(bad), JSON.stringify(bad)).toBe(false);
    expect(raw).not.toMatch(/A{40}|B{40}/);
    expect(title).not.toContain('pwned');
    // Each cleaned ticker is cut to its column; the screen was not cleared by the ticker's CSI.
    expect(screen).toMatch(/ETH +0\.5/);
    expect(screen).toMatch(/A{8,12}…|A{6,9}\.\.\./);
    expect(screen).toContain('hostile-ops');
  }, 60_000);
});
