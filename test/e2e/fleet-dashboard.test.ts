/**
 * The Mining tab's fleet table and gone workers in a real terminal: the built CLI in a
 * pseudo-terminal read through a headless xterm, against `pooltop serve --mining-accounts 5`
 * (the table agrees with signed fetches of miners/info made here), and against an in-process
 * service whose clock the test sets, behind a proxy that can refuse one page of worker names
 * (a worker leaves the listing, a failed listing marks nothing, the worker comes back).
 * `npm test` builds dist/pooltop.cjs first.
 */
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { MINING_PATHS } from '../../src/api/mining-types.js';
import { seenStorePath } from '../../src/config/seen-store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { forward, startPageFaultProxy } from './page-fault-proxy.js';
import { CLI } from '../support/run-cli.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const done: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of done.splice(0).reverse()) await fn();
});

async function until(s: PtySession, check: (t: string) => boolean, what: string, timeout = 20_000) {
  return vi.waitFor(
    () => {
      const t = s.screen();
      if (!check(t)) throw new Error(`waiting for ${what}; screen:\n${t}`);
      return t;
    },
    { timeout, interval: 25 },
  );
}

/** A fleet row: its account, hash rate and worker counts. */
function fleetRows(t: string): Map<string, { online: number; low: number; offline: number; gone: number }> {
  const out = new Map();
  for (const l of t.split('\n')) {
    const m = /^[› ] (\S+)\s+\d[\d.]* [kMGTPE]?H\/s [↑↓→ ].*?([\d,]+) · ([\d,]+) · ([\d,]+)\s+([\d,]+)/.exec(
      l,
    );
    if (!m) continue;
    const n = (i: number) => Number((m[i] ?? '').replaceAll(',', ''));
    out.set(m[1], { online: n(2), low: n(3), offline: n(4), gone: n(5) });
  }
  return out;
}

function ptyEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = { CI: '0', CONTINUOUS_INTEGRATION: '0' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

describe('the fleet table in a terminal', () => {
  it('against pooltop serve --mining-accounts 5: one row per account, agreeing with signed miners/info', async () => {
    expect(existsSync(CLI), 'dist/pooltop.cjs is missing: run `npm run build` (npm test does)').toBe(true);
    const served: ServedCli = await startServeCli(['--mining-accounts', '5']);
    done.push(() => served.stop());
    const { base_url: base, api_key: key, api_secret: secret } = served.facts;
    let nonce = 0;
    const signed = async (path: string, fields: object) => {
      nonce = Math.max(Date.now(), nonce + 1);
      const body = JSON.stringify({ ...fields, request: path, nonce });
      const payload = Buffer.from(body).toString('base64');
      const res = await fetch(base + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-txc-apikey': key,
          'x-txc-payload': payload,
          'x-txc-signature': createHmac('sha512', secret).update(payload).digest('hex'),
        },
        body,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: unknown }).data;
    };
    const accounts = ((await signed(MINING_PATHS.accounts, {})) as { name: string }[]).map((a) => a.name);
    expect(accounts).toHaveLength(5);

    const s = launchPty(['--interval', '2'], { cols: 200, rows: 60, env: ptyEnv(served.env()) });
    done.push(() => s.dispose());
    await until(s, (t) => t.includes('[1 Pool]'), 'the dashboard');
    s.pty.write(tabKey(2));
    const t = await until(s, (x) => fleetRows(x).size === 5, 'five fleet rows');
    expect(t).toMatch(/Mining fleet · 5 accounts/);
    expect([...fleetRows(t).keys()]).toEqual(accounts);
    // The demo's counts drift with time: the screen and a fetch made here agree at some poll.
    await vi.waitFor(
      async () => {
        const rows = fleetRows(s.screen());
        for (const name of accounts) {
          const info = (await signed(MINING_PATHS.minerInfo, { account: name })) as {
            workers: { online: number; low: number; offline: number };
          };
          const row = rows.get(name);
          expect({ online: row?.online, low: row?.low, offline: row?.offline }, name).toEqual(info.workers);
        }
      },
      { timeout: 30_000, interval: 250 },
    );
    for (const line of s.screen().split('\n')) expect(line.length).toBeLessThanOrEqual(200);
    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  });

  it('a worker that leaves the listing is gone (not after a failed page), and back when its name is', async () => {
    // Ahead of the dashboard's own clock, which computes the series windows (`from`) it asks for.
    const clock = { t: Date.now() + 60_000 };
    const service: ServiceHandle = await startService({
      port: 0,
      seed: 21,
      miningAccounts: 5,
      workers: 250,
      now: () => clock.t,
      nonceNow: Date.now,
    });
    done.push(() => service.close());
    const account = service.miningAccounts[0] as string;
    const client = createClient({
      baseUrl: service.baseUrl,
      apiKey: service.credentials.apiKey,
      apiSecret: service.credentials.apiSecret,
      retries: 0,
    });
    done.push(() => client.close());
    const listAt = async (t: number) => {
      clock.t = t;
      const names = new Set<string>();
      for (let offset = 0; ; offset += 100) {
        const page = await client.mining.workerNames({ account, offset, limit: 100 });
        for (const n of page.items) names.add(n);
        if (page.items.length < 100) return names;
      }
    };
    // The counts the dashboard watches (connected, offline) at the service's clock now: it lists
    // the names again when they change.
    const countsNow = async () => {
      const w = (await client.mining.minerInfo({ account })).workers;
      return `${(w.online ?? 0) + (w.low ?? 0)} ${w.offline}`;
    };
    // The service's model is a function of time: find when some of the first listing's workers
    // are away (the counts changed with it), and later when they are all listed again.
    const T0 = clock.t;
    const first = await listAt(T0);
    const counts0 = await countsNow();
    let T1 = 0;
    let at1 = new Set<string>();
    let away: string[] = [];
    for (let t = T0 + 300_000; t < T0 + 3 * 86_400_000 && T1 === 0; t += 300_000) {
      at1 = await listAt(t);
      away = [...first].filter((n) => !at1.has(n));
      if (away.length > 0 && (await countsNow()) !== counts0) T1 = t;
    }
    expect(T1, 'a time with workers away').toBeGreaterThan(0);
    const counts1 = await countsNow();
    let T2 = 0;
    let at2 = new Set<string>();
    for (let t = T1 + 300_000; t < T1 + 3 * 86_400_000 && T2 === 0; t += 300_000) {
      at2 = await listAt(t);
      if (away.every((n) => at2.has(n)) && (await countsNow()) !== counts1) T2 = t;
    }
    expect(T2, 'a time with them back').toBeGreaterThan(0);
    // What the dashboard remembers after listing at T0, T1 and T2: gone = seen before, not listed now.
    const goneAt2 = [...new Set([...first, ...at1])].filter((n) => !at2.has(n)).length;
    clock.t = T0;

    // Between the proxy and the service: the account's workers/names requests, answered and in
    // flight. The service answers each page at the clock of the moment it gets it, so a listing
    // still going when the clock moves is read partly at one time and partly at another: if it
    // completes, its names are not the listing of either time (workers shift between pages), and
    // the wrong workers are marked gone, or the right ones missed, until the next listing, which
    // (the counts unchanged) comes only after RELIST_MS. The dashboard lists an account more than
    // once as it starts (the tab and its watcher), so the file being written says that one listing
    // is done, not all: the clock moves only once none is left.
    const names = { inFlight: 0, answered: new Map<number, number>(), trace: [] as string[] };
    const started = Date.now();
    const hop = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        let offset: number | undefined;
        if (req.url === MINING_PATHS.workerNames) {
          const q = JSON.parse(body.toString('utf8')) as { account?: string; offset?: number };
          if (q.account === account) offset = q.offset ?? 0;
        }
        if (offset !== undefined) {
          names.inFlight++;
          names.trace.push(`+${Date.now() - started} ms offset ${offset} at ${clockName()}`);
        }
        forward(upstream, req, body, res, () => {
          if (offset === undefined) return;
          names.inFlight--;
          names.answered.set(offset, (names.answered.get(offset) ?? 0) + 1);
        });
      });
    });
    const upstream = new URL(service.baseUrl);
    const clockName = () =>
      clock.t === T0 ? 'T0' : clock.t === T1 ? 'T1' : clock.t === T2 ? 'T2' : String(clock.t);
    await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
    done.push(
      () =>
        new Promise<void>((resolve) => {
          hop.closeAllConnections();
          hop.close(() => resolve());
        }),
    );
    const hopUrl = `http://127.0.0.1:${(hop.address() as AddressInfo).port}`;
    // Every listing begun has ended: it begins at offset 0 and, with 101 to 400 names, ends with
    // the wave of pages 100–400 (api/page-waves.ts).
    expect(first.size).toBeGreaterThan(100);
    expect(first.size).toBeLessThanOrEqual(400);
    const listingsDone = () =>
      names.inFlight === 0 &&
      (names.answered.get(0) ?? 0) > 0 &&
      names.answered.get(400) === names.answered.get(0);
    const proxy = await startPageFaultProxy(hopUrl, -1, MINING_PATHS.workerNames);
    done.push(() => proxy.close());
    const home = mkdtempSync(join(tmpdir(), 'pooltop-fleet-'));
    const state = join(home, '.state');
    const s = launchPty(['--interval', '1'], {
      cols: 200,
      rows: 60,
      env: ptyEnv({
        HOME: home,
        XDG_STATE_HOME: state,
        XDG_CONFIG_HOME: join(home, '.config'),
        WHITEBIT_API_URL: proxy.baseUrl,
        WHITEBIT_API_KEY: service.credentials.apiKey,
        WHITEBIT_API_SECRET: service.credentials.apiSecret,
      }),
    });
    done.push(() => s.dispose());
    await until(s, (t) => t.includes('[1 Pool]'), 'the dashboard');
    s.pty.write(tabKey(2));
    await until(s, (x) => fleetRows(x).size === 5, 'five fleet rows');
    // Every account listed completely once: its memory is on disk.
    const file = seenStorePath(join(state, 'pooltop'), 'default', account);
    await vi.waitFor(() => expect(existsSync(file), file).toBe(true), { timeout: 20_000 });
    // What the file remembers: every listing so far was at T0 (the last one may still be writing).
    const inFile = () =>
      (
        Object.values(
          (
            JSON.parse(readFileSync(file, 'utf8')) as {
              entries: Record<string, { workers: { name: string; gone?: boolean }[] }>;
            }
          ).entries,
        )[0]?.workers ?? []
      ).map((w) => `${w.name}${w.gone ? ' gone' : ''}`);
    const remembered = [...first].sort();

    // Workers leave while every listing's second page fails: nothing is marked gone.
    // No listing of the account left going at T0 (above): none is read across the clock's move.
    await vi.waitFor(() => expect(listingsDone(), names.trace.join('\n')).toBe(true), { timeout: 20_000 });
    proxy.failOffset = 100;
    clock.t = T1;
    names.trace.push(`+${Date.now() - started} ms clock moved to T1`);
    const info = await client.mining.minerInfo({ account });
    const connected = (info.workers.online ?? 0) + (info.workers.low ?? 0);
    await until(
      s,
      (x) => {
        const r = fleetRows(x).get(account);
        return r !== undefined && r.online + r.low === connected;
      },
      'the new counts',
    );
    await vi.waitFor(() => expect(proxy.refused()).toBeGreaterThan(0), { timeout: 20_000 });
    expect(fleetRows(s.screen()).get(account)?.gone).toBe(0);
    expect(inFile().sort()).toEqual(remembered);

    // The page answers again: the listing is tried again at the next poll, and the workers away are gone.
    proxy.failOffset = -1;
    let t = await until(
      s,
      (x) => fleetRows(x).get(account)?.gone === away.length,
      `the gone count (away: ${away.join(', ')})`,
      60_000,
    );
    s.pty.write(keyOf('mining', 'details'));
    t = await until(s, (x) => x.includes(`Account ${account}`) && /rows 1–\d+ ·/.test(x), 'the account');
    for (let page = 2; !t.includes('end of list'); page++) {
      s.pty.write(keyOf('mining', 'page-down', 1));
      t = await until(s, (x) => new RegExp(`rows ${(page - 1) * 100 + 1}–\\d+ ·`).test(x), `page ${page}`);
    }
    s.pty.write(keyOf('mining', 'last-row', 1));
    t = await until(
      s,
      (x) => away.every((n) => new RegExp(`${n}\\s+gone \\d`).test(x)),
      `the gone rows (away: ${away.join(', ')})`,
    );
    // After the connected ones: the last rows of the table.
    const rows = t.split('\n').filter((l) => /^[› ] \S+\s+(\d[\d.]* [kMGTP]?H\/s|…|gone \d)/.test(l));
    expect(rows.slice(-away.length).every((l) => /gone \d/.test(l))).toBe(true);

    // They come back: once the counts change, listed again and no longer gone.
    clock.t = T2;
    s.pty.write(keyOf('global', 'close'));
    // A listing again once the counts change: on a busy machine that can take longer than the default.
    t = await until(
      s,
      (x) => fleetRows(x).get(account)?.gone === goneAt2,
      'the fleet after they came back',
      60_000,
    );
    // The table is drawn before the memory is written to disk: wait for the file.
    await vi.waitFor(
      () => {
        const seen = JSON.parse(readFileSync(file, 'utf8')) as {
          entries: Record<string, { workers: { name: string; gone?: boolean; cameBack?: number[] }[] }>;
        };
        const workers = Object.values(seen.entries)[0]?.workers ?? [];
        for (const n of away) expect(workers.find((w) => w.name === n)?.cameBack?.length, n).toBe(1);
      },
      { timeout: 20_000 },
    );
    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  }, 120_000);
});
