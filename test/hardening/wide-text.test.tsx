/**
 * Wide (CJK, emoji, fullwidth) and zero-width (combining) characters are laid out by display
 * width: no line of the dashboard is wider than the terminal, and the columns of the
 * Sub-accounts table and of `pooltop accounts` start at the same column on every row.
 */
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import type { SubAccountJson } from '../../src/api/types.js';
import type { CommandContext } from '../../src/commands/support/context.js';
import { runAccounts } from '../../src/commands/accounts-page.js';
import {
  AccountsClient,
  keyedConfig,
  KEYS,
  mountAccounts,
  waitForFrame as waitForAccounts,
} from '../ui/helpers/accounts-fakes.js';
import { NOW, overviewFixture } from '../ui/helpers/fixtures.js';
import { startApp, unmountApps, waitForFrame } from '../ui/helpers/harness.js';
import { linesThatWrap } from './xterm-fit.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';
import { keyOf } from '../ui/helpers/keys.js';

const WIDE = [
  '测试账户矿池挖矿一号机组',
  '👍🏽🇺🇦 family',
  `${'e\u0301'.repeat(12)}x`,
  'ｆｕｌｌｗｉｄｔｈ－ａｌｉａｓ',
  // Invisible, zero columns to string-width, yet one or two columns in a terminal.
  `a${'\u200b\u3164\u2060\u00ad\ufeff'.repeat(8)}b`,
];

function account(i: number): SubAccountJson {
  const wide = WIDE[i % WIDE.length] ?? '';
  return {
    id: `${i}${'🔑'.repeat(5)}-0b71-4988-8af5-9474dbfaeb51`,
    alias: wide,
    userId: `u-${wide}`,
    email: `m${i}${wide}@例子.中国`,
    status: `s${i}矿`,
    color: '#FF5733',
    kyc: { shareKyc: i % 2 === 0, kycStatus: `k${i}验证` },
    permissions: { spotEnabled: true, collateralEnabled: false },
  };
}
const accounts = Array.from({ length: 10 }, (_, i) => account(i));

/** Display column at which `marker` starts in `line` (-1 when absent). */
function columnOf(line: string, marker: string): number {
  const at = line.indexOf(marker);
  return at === -1 ? -1 : stringWidth(line.slice(0, at));
}

/** No line wider than the terminal, by string-width and in a real terminal emulator. */
async function expectFits(frame: string, width: number) {
  const over = frame.split('\n').filter((line) => stringWidth(line) > width);
  expect(over, `lines wider than ${width}`).toEqual([]);
  expect(await linesThatWrap(frame, width), `lines that wrap in a ${width}-column xterm`).toEqual([]);
}

afterEach(unmountApps);

describe('display width', () => {
  it.each([80, 100, 140])(
    'Sub-accounts table at %i columns: fits, and every column lines up',
    async (width) => {
      const view = mountAccounts({ client: new AccountsClient(accounts), width, height: 40 });
      const frame = await waitForAccounts(view.frame, (f) => f.includes('rows 1–10'));
      await expectFits(frame, width);
      const lines = frame.split('\n');
      const header = lines.find((l) => l.includes('Alias') && l.includes('Email')) ?? '';
      const rows = accounts.map((_, i) => lines.find((l) => l.includes(`m${i}`)) ?? '');
      for (const [i, row] of rows.entries()) {
        expect(row, `row ${i}`).not.toBe('');
        expect(columnOf(row, `m${i}`), `email column, row ${i}`).toBe(columnOf(header, 'Email'));
        expect(columnOf(row, `s${i}`), `status column, row ${i}`).toBe(columnOf(header, 'Status'));
        expect(columnOf(row, `k${i}`), `KYC column, row ${i}`).toBe(columnOf(header, 'KYC'));
      }
      view.stdin.write(KEYS.enter);
      await expectFits(await waitForAccounts(view.frame, (f) => f.includes('Sub-account, row 1')), width);
      view.unmount();
    },
  );

  it('Pool tab: wide links, location and assets, extreme blocks, and a wide error in the status bar', async () => {
    for (const columns of [80, 120, 150]) {
      const { client, app } = startApp({ columns, rows: 30 }, (c) => {
        c.next = async () =>
          overviewFixture({
            connection_links: [`stratum+tcp://${WIDE[0]}.example:3333`, WIDE[1] ?? ''],
            location: WIDE.join(' '),
            assets: WIDE,
            reward_schemes: ['ＦＰＰＳ', 'e\u0301'.repeat(40)],
            blocks: [
              { block_found_at: 0, block_height: Number.MAX_SAFE_INTEGER },
              { block_found_at: NOW / 1000 + 86_400 * 400, block_height: 0 },
            ],
          });
      });
      const loaded = await waitForFrame(app.frame, (f) => f.includes('Workers'));
      await expectFits(loaded, columns);
      // The blocks table keeps its shape: a huge height and a 55-year age stay on one row each.
      expect(loaded).toMatch(/│ …740991 │ \d{4}-\d\d-\d\d \d\d:\d\d:\d\d │ \d+d ago\s*│/);
      client.next = async () => {
        throw new PooltopError('http', `服务器错误 ${WIDE.join(' ')} `.repeat(4), { status: 500 });
      };
      app.press(keyOf('global', 'refresh'));
      await expectFits(await waitForFrame(app.frame, (f) => f.includes('error:')), columns);
      app.unmount();
    }
  });

  it('`pooltop accounts` text table: columns line up by display width', async () => {
    const client = new AccountsClient(accounts) as unknown as CommandContext['client'];
    const ctx: CommandContext = {
      config: keyedConfig,
      client,
      queue: createRequestQueue(),
      demo: false,
      close: async () => {},
    };
    let out = '';
    const io = {
      stdout: (t: string) => (out += t),
      stderr: () => {},
      env: {},
      signal: new AbortController().signal,
      terminal: DEFAULT_TERMINAL,
    };
    expect(await runAccounts(ctx, io, { json: false })).toBe(0);
    const lines = out.split('\n');
    const header = lines[0] ?? '';
    for (const [i, a] of accounts.entries()) {
      const row = lines.find((l) => l.includes(`m${i}`)) ?? '';
      expect(columnOf(row, (a.alias ?? '').slice(0, 1)), `alias, row ${i}`).toBe(0);
      expect(columnOf(row, `m${i}`), `email, row ${i}`).toBe(columnOf(header, 'Email'));
      expect(columnOf(row, `s${i}`), `status, row ${i}`).toBe(columnOf(header, 'Status'));
      expect(columnOf(row, `k${i}`), `KYC, row ${i}`).toBe(columnOf(header, 'KYC'));
      expect(columnOf(row, `${i}🔑`), `id, row ${i}`).toBe(columnOf(header, 'ID'));
    }
  });
});
