/**
 * `pooltop accounts balances` and `pooltop accounts --all --balances` as users run them: the built
 * CLI against `pooltop serve` over real HTTP. What the CLI prints is compared with an independent
 * signed fetch written here from the vendor's documentation (base64 payload of the JSON body,
 * lowercase hex HMAC-SHA512 of it keyed with the secret), not with src/api. Faults
 * (`serve --fail-rate`) are retried and lose no account; a hostile server's tickers never reach
 * the terminal raw.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPty } from '../support/pty-session.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';

const LIST = '/api/v4/sub-account/list';
const BALANCES = '/api/v4/sub-account/balances';

type Raw = Record<string, { main?: unknown; spot?: unknown; collateral?: unknown }[]>;
interface Account {
  id: string;
  alias: string;
}

/** One signed POST, with its own nonce; a refused nonce (another process signed later) is signed afresh. */
let lastNonce = 0;
async function signedPost(serve: ServedCli, path: string, fields: object): Promise<unknown> {
  for (let attempt = 0; attempt < 20; attempt++) {
    lastNonce = Math.max(Date.now(), lastNonce + 1) + attempt * 1000;
    const body = JSON.stringify({ ...fields, request: path, nonce: lastNonce });
    const payload = Buffer.from(body, 'utf8').toString('base64');
    const res = await fetch(serve.facts.base_url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-txc-apikey': serve.facts.api_key,
        'x-txc-payload': payload,
        'x-txc-signature': createHmac('sha512', serve.facts.api_secret).update(payload).digest('hex'),
      },
      body,
    });
    const text = await res.text();
    if (res.status === 200) return JSON.parse(text);
    // Faults of --fail-rate and a nonce another process got ahead of: try again.
    if (res.status >= 429) continue;
    throw new Error(`HTTP ${res.status}: ${text}`);
  }
  throw new Error(`no answer from ${path}`);
}

async function everyAccount(serve: ServedCli): Promise<Account[]> {
  const out: Account[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await signedPost(serve, LIST, { limit: 100, offset })) as { data: Account[] };
    out.push(...page.data);
    if (page.data.length < 100) return out;
  }
}

/** The exact sum of decimal strings, by the test's own BigInt arithmetic. */
function total(values: string[]): string {
  const scale = Math.max(0, ...values.map((v) => v.split('.')[1]?.length ?? 0));
  const sum = values.reduce((acc, v) => {
    const [w = '0', f = ''] = v.split('.');
    return acc + BigInt(w + f.padEnd(scale, '0'));
  }, 0n);
  const digits = sum.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** What `--json` must hold for a raw answer: each ticker's one object, and its total. */
function expectedJson(raw: Raw) {
  return Object.fromEntries(
    Object.entries(raw).map(([ticker, [item]]) => {
      const { main, spot, collateral } = item as { main: string; spot: string; collateral: string };
      return [ticker, { main, spot, collateral, total: total([main, spot, collateral]) }];
    }),
  );
}

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let serve: ServedCli;
let accounts: Account[];
const served: ServedCli[] = [];
beforeAll(async () => {
  serve = await startServeCli(['--accounts', '300', '--seed', '9']);
  served.push(serve);
  accounts = await everyAccount(serve);
}, 60_000);
afterAll(async () => {
  await Promise.all(served.map((s) => s.stop()));
});

describe('pooltop accounts balances', () => {
  it('--json equals an independent signed fetch, by id and by alias', async () => {
    const picked = [0, 1, 2, 50, 123, 299].map((i) => accounts[i] as Account);
    let nonEmpty = 0;
    for (const a of picked) {
      const raw = (await signedPost(serve, BALANCES, { id: a.id })) as Raw;
      if (Object.keys(raw).length > 0) nonEmpty++;
      const byId = await runCli(['accounts', 'balances', a.id, '--json'], serve.env());
      expect(byId.code, byId.stderr).toBe(0);
      expect(byId.stderr).toBe('');
      const out = JSON.parse(byId.stdout);
      expect(out).toEqual({ id: a.id, balances: expectedJson(raw) });
      expect(Object.keys(out.balances)).toEqual(Object.keys(raw));
    }
    expect(nonEmpty).toBeGreaterThan(2);
    // An alias held by one account only resolves to it.
    const counts = new Map<string, number>();
    for (const a of accounts) counts.set(a.alias.toLowerCase(), (counts.get(a.alias.toLowerCase()) ?? 0) + 1);
    const unique = accounts.filter(
      (a) =>
        counts.get(a.alias.toLowerCase()) === 1 &&
        !accounts.some((b) => b !== a && b.alias.includes(a.alias)),
    );
    expect(unique.length).toBeGreaterThan(0);
    const named = unique[0] as Account;
    const raw = (await signedPost(serve, BALANCES, { id: named.id })) as Raw;
    const byAlias = await runCli(['accounts', 'balances', named.alias, '--json'], serve.env());
    expect(byAlias.code, byAlias.stderr).toBe(0);
    expect(JSON.parse(byAlias.stdout)).toEqual({ id: named.id, balances: expectedJson(raw) });
  }, 120_000);

  it('the table: one row per currency, amounts to the row precision, points lined up', async () => {
    const raws = await Promise.all(
      accounts
        .slice(0, 40)
        .map(async (a) => [a, (await signedPost(serve, BALANCES, { id: a.id })) as Raw] as const),
    );
    const [a, raw] = raws.find(([, r]) => Object.keys(r).length >= 5) ?? [];
    expect(a).toBeDefined();
    const r = await runCli(['accounts', 'balances', (a as Account).id], serve.env());
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toContain((a as Account).id);
    const header = lines[2] ?? '';
    expect(header.split(/\s+/)).toEqual(['Currency', 'Main', 'Spot', 'Collateral', 'Total']);
    const rows = lines.slice(4);
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(Object.keys(raw as Raw));
    // Column spans from the rule under the header.
    const spans = [...(lines[3] ?? '').matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length]);
    expect(spans).toHaveLength(5);
    let pointed = 0;
    for (const [col, name] of ['Main', 'Spot', 'Collateral', 'Total'].entries()) {
      const [start, end] = spans[col + 1] as [number, number];
      expect(header.slice(start, end).trim()).toBe(name);
      const cells = rows.map((l) => l.slice(start, end));
      const points = new Set(cells.filter((c) => c.includes('.')).map((c) => c.indexOf('.')));
      expect(points.size, name).toBeLessThanOrEqual(1);
      if (points.size === 1) pointed++;
      for (const [i, cell] of cells.entries()) {
        const ticker = Object.keys(raw as Raw)[i] as string;
        const sent = (raw as Raw)[ticker]?.[0] as Record<string, string>;
        const value =
          name === 'Total'
            ? total([sent.main, sent.spot, sent.collateral] as string[])
            : sent[name.toLowerCase()];
        // Same value as sent (zeros added to the row's precision never change it).
        expect(Number(cell.trim()), `${ticker} ${name}`).toBe(Number(value));
      }
    }
    expect(pointed).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('--ticker answers one currency (any case), as the service does', async () => {
    const a = accounts[3] as Account;
    for (const ticker of ['BTC', 'usdt', 'Trx']) {
      const raw = (await signedPost(serve, BALANCES, { id: a.id, ticker: ticker.toUpperCase() })) as Raw;
      const r = await runCli(['accounts', 'balances', a.id, '--ticker', ticker, '--json'], serve.env());
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ id: a.id, balances: expectedJson(raw) });
      expect(Object.keys(JSON.parse(r.stdout).balances)).toEqual([ticker.toUpperCase()]);
    }
  }, 60_000);

  it('each error is one pooltop: line with its exit code', async () => {
    const env = serve.env();
    const cases: [string[], number, RegExp][] = [
      [
        ['00000000-0000-4000-8000-000000000000'],
        1,
        /^pooltop: Validation failed: id: The selected id is invalid\.$/,
      ],
      [['no-such-alias-anywhere'], 1, /^pooltop: no sub-account matches 'no-such-alias-anywhere'/],
      [
        [accounts[0]?.id as string, '--ticker', 'NOPE'],
        1,
        /^pooltop: Validation failed: ticker: The selected ticker is invalid\.$/,
      ],
      [
        [accounts[0]?.id as string, '--ticker', 'B-T'],
        2,
        /^pooltop: --ticker must be 1 to 16 letters or digits, got 'B-T'$/,
      ],
      [
        [accounts[0]?.id as string, '--ticker', '\u001b[2J'.repeat(10)],
        2,
        /^pooltop: --ticker must be 1 to 16 letters or digits, got '\?\[2J… \(40 characters\)'$/,
      ],
      [[], 2, /^pooltop: accounts balances needs a sub-account: its id or alias$/],
      [
        [accounts[0]?.id as string, '--limit', '5'],
        2,
        /^pooltop: --limit lists sub-accounts: leave it out of accounts balances$/,
      ],
    ];
    for (const [args, code, line] of cases) {
      const r = await runCli(['accounts', 'balances', ...args], env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(line);
    }
    // Several aliases match: one line naming them, exit 2.
    const stem = accounts[0]?.alias.replace(/[-_ #]*\d+$/, '') as string;
    expect(accounts.filter((a) => a.alias.toLowerCase().includes(stem.toLowerCase())).length).toBeGreaterThan(
      1,
    );
    const r = await runCli(['accounts', 'balances', stem.slice(0, 3)], env);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^pooltop: '.+' matches \d+ sub-accounts: .+; give the id\n$/);
  }, 120_000);

  it('the examples of `pooltop accounts --help` run on --demo and show data', async () => {
    const help = (await runCli(['accounts', '--help'])).stdout;
    const examples = help
      .split('Examples (on the demo service):\n')[1]
      ?.split('\n\n')[0]
      ?.split('\n')
      .map((l) => l.trim().split(/\s+/).slice(1))
      .filter((args) => args[1] === 'balances' || args.includes('--balances'));
    expect(examples).toHaveLength(3);
    for (const args of examples ?? []) {
      const r = await runCli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/\d+\.\d{6,8}/);
    }
    const table = await runCli(['accounts', 'balances', 'ops', '--demo']);
    expect(table.stdout).toMatch(/^ops · [0-9a-f-]{36}\n\nCurrency +Main +Spot +Collateral +Total\n/);
    const csv = (await runCli(examples?.[2] ?? [])).stdout;
    const records: Record<string, string>[] = parse(csv, { columns: true });
    expect(records.length).toBeGreaterThan(3);
    expect(new Set(records.map((x) => x.ticker))).toEqual(new Set(['BTC']));
  }, 60_000);
});

/**
 * More requests than pooltop starts in the API's 10-second window (40 a second): the run spans
 * more than one window, so a pace that let a window overflow would meet a 429.
 */
const ACCOUNTS = 450;

describe('pooltop accounts --all --balances', () => {
  let faulty: ServedCli;
  let clean: ServedCli;
  let cleanCsv: string;
  beforeAll(async () => {
    [faulty, clean] = await Promise.all([
      // 5 % of requests fail: some 25 retries over the run. At 10 % an account failing all four
      // of its attempts (1 in 10,000) made runs of 1,000 accounts fail one in ten.
      startServeCli(['--accounts', String(ACCOUNTS), '--seed', '4', '--fail-rate', '0.05']),
      startServeCli(['--accounts', String(ACCOUNTS), '--seed', '4']),
    ]);
    served.push(faulty, clean);
  });

  it(`${ACCOUNTS} accounts: within the rate limit (no 429, no retry), every account, no progress off a terminal`, async () => {
    const r = await runCli(
      ['accounts', '--all', '--balances', '--csv'],
      clean.env({ DEBUG: 'pooltop' }),
      180_000,
    );
    expect(r.code, r.stderr).toBe(0);
    // DEBUG=pooltop names every retried page and account: none was needed, and no bar was drawn.
    expect(r.stderr).not.toMatch(/retrying|429|balances [█#]/);
    cleanCsv = r.stdout;
    const records: Record<string, string>[] = parse(r.stdout, { columns: true });
    const ids = new Set(records.map((x) => x.id));
    expect(ids.size).toBe(ACCOUNTS);
    const list = await everyAccount(clean);
    expect([...ids]).toEqual(list.map((a) => a.id));
    // A sample compared with the independent fetch: one record per currency, the amounts as sent.
    for (const a of list.filter((_, i) => i % 97 === 0)) {
      const raw = (await signedPost(clean, BALANCES, { id: a.id })) as Raw;
      const mine = records.filter((x) => x.id === a.id);
      if (Object.keys(raw).length === 0) {
        expect(mine.map((x) => x.ticker)).toEqual(['']);
        continue;
      }
      const want = expectedJson(raw);
      expect(mine.map((x) => x.ticker)).toEqual(Object.keys(raw));
      for (const x of mine) {
        const { main, spot, collateral, total: sum } = want[x.ticker as string] as Record<string, string>;
        expect([x.main, x.spot, x.collateral, x.total]).toEqual([main, spot, collateral, sum]);
      }
    }
  }, 240_000);

  it('on a terminal, a bar on stderr while balances load, erased at the end', async () => {
    const s = launchPty(
      ['accounts', '--all', '--search', 'hedge', '--balances', '--ticker', 'BTC', '--ndjson', '--demo'],
      {
        cols: 120,
        rows: 40,
      },
    );
    try {
      expect(await s.exit).toBe(0);
      await s.flushed();
      const frames = s.raw().match(/\r\u001b\[Kbalances [█░]{24} \d+\/\d+/g) ?? [];
      expect(frames.length).toBeGreaterThan(0);
      const [, done, totalCount] = /(\d+)\/(\d+)$/.exec(frames.at(-1) ?? '') ?? [];
      expect(done).toBe(totalCount);
      // Without the bar's frames, what is left is the NDJSON, one whole account a line.
      const rest = s.raw().replace(/\r\u001b\[K((balances |loading sub-accounts:)[^\r\n]*)?/g, '');
      const lines = rest.split(/\r?\n/).filter((l) => l.includes('{'));
      expect(lines.length).toBe(Number(totalCount));
      expect(rest).toContain(`${totalCount} rows, every match of "hedge"`);
      for (const line of lines) expect(JSON.parse(line).balances.BTC).toBeDefined();
      // The NDJSON is on the screen; the bar is not.
      expect(s.screen()).toContain('"balances":{"BTC":');
      expect(s.screen()).not.toMatch(/balances [█░]{24}/);
    } finally {
      s.dispose();
    }
  }, 60_000);

  it('under injected faults (5xx, 429, resets) every account is retried to the same file', async () => {
    const r = await runCli(['accounts', '--all', '--balances', '--csv'], faulty.env(), 240_000);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(cleanCsv);
  }, 300_000);

  it('an account that keeps failing is written as null, named on stderr, exit 1; the rest are written', async () => {
    const always = await startServeCli(['--accounts', '30', '--seed', '4', '--fail-rate', '1']);
    served.push(always);
    // The list is read from the clean service, the balances from one that fails every request
    // (its faults come before any check of the key).
    const proxy = await routeProxy(clean.facts.base_url, always.facts.base_url);
    try {
      const env = cleanEnv({
        WHITEBIT_API_URL: proxy.url,
        WHITEBIT_API_KEY: clean.facts.api_key,
        WHITEBIT_API_SECRET: clean.facts.api_secret,
      });
      const [first] = await everyAccount(clean);
      const r = await runCli(
        ['accounts', '--all', '--search', first?.id as string, '--balances', '--ndjson'],
        env,
        240_000,
      );
      expect(r.code).toBe(1);
      const rows = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(rows.map((x) => x.id)).toEqual([first?.id]);
      for (const row of rows) expect(row.balances).toBeNull();
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^pooltop: incomplete: the balances of ${rows.length} of ${rows.length} accounts could not be fetched after 4 attempts \\(written as null\\): `,
        ),
      );
    } finally {
      await proxy.close();
    }
  }, 300_000);
});

/** Forwards the list to `listBase` and everything else to `otherBase`, bodies and headers as they are. */
async function routeProxy(
  listBase: string,
  otherBase: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const target = (req.url === LIST ? listBase : otherBase) + (req.url ?? '/');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host') headers[k] = v;
      try {
        const answer = await fetch(target, { method: req.method, headers, body: Buffer.concat(chunks) });
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body);
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a hostile ticker never reaches the terminal raw', () => {
  const ID = '8e667b4a-0b71-4988-8af5-9474dbfaeb51';
  const hostile = {
    '\u001b]0;pwned\u0007BTC': [{ main: '1', spot: '2', collateral: '3' }],
    '\u001b[2J\u001b[31mETH\u009b1m': [{ main: '0.5' }],
    [`\u001b]8;;http://evil\u001b\\${'A'.repeat(10_240)}`]: [{ main: '7' }],
    ['B'.repeat(10_240)]: [{ main: '1' }],
    '\u202eCSU\u0085\u0000': [{ spot: 4 }],
    LTC: [{ main: '1.5' }, { main: '0.25', spot: '1' }],
  };
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = req.url === BALANCES ? hostile : { offset: 0, limit: 100, data: [{ id: ID, alias: 'x' }] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('in the table, --json, --ndjson and --csv: no control character, every ticker at most 32 characters', async () => {
    const env = cleanEnv({
      WHITEBIT_API_URL: url,
      WHITEBIT_API_KEY: 'k',
      WHITEBIT_API_SECRET: 's',
      DEBUG: 'pooltop',
    });
    for (const args of [
      ['accounts', 'balances', ID],
      ['accounts', 'balances', ID, '--json'],
      ['accounts', '--all', '--balances', '--ndjson'],
      ['accounts', '--all', '--balances', '--csv'],
    ]) {
      const r = await runCli(args, env);
      expect(r.code, r.stderr).toBe(0);
      for (const text of [r.stdout, r.stderr]) {
        expect(UNSAFE.test(text.replaceAll('\r\n', '\n')), args.join(' ')).toBe(false);
        expect(text).not.toContain('pwned');
        expect(text.length).toBeLessThan(6000);
      }
    }
    const json = JSON.parse((await runCli(['accounts', 'balances', ID, '--json'], env)).stdout);
    const tickers = Object.keys(json.balances);
    expect(tickers).toHaveLength(6);
    // Two objects for one currency are summed, and DEBUG=pooltop says so.
    expect(json.balances.LTC).toEqual({ main: '1.75', spot: '1', collateral: null, total: '2.75' });
    const debug = (await runCli(['accounts', 'balances', ID], env)).stderr;
    expect(debug).toContain(
      'pooltop: debug: POST /api/v4/sub-account/balances: balances[5] holds 2 balances; summed\n',
    );
    expect(debug).toContain(
      'pooltop: debug: POST /api/v4/sub-account/balances: balances[0].ticker held characters',
    );
    for (const t of tickers) expect([...t].length).toBeLessThanOrEqual(32);
    expect(tickers.slice(0, 2)).toEqual(['BTC', 'ETH']);
    expect(json.balances.BTC.total).toBe('6');
  }, 60_000);
});
