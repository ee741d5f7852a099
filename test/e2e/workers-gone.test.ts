import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { fileSeenStore, seenStorePath } from '../../src/config/seen-store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

// `pooltop mining workers --gone` through the built CLI against the embedded service, whose clock
// the test moves: the names it lists change, and what the CLI remembers follows them.
const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const clock = { t: T0 };
/** The fault draw: no fault while `okDraws` lasts, then every request fails. */
const faults = { okDraws: Number.POSITIVE_INFINITY };

let service: ServiceHandle;
let env: NodeJS.ProcessEnv;
let account: string;
/** One client for the test's own reads: a client per listing could start its nonces below the
 * last one the previous client sent, which the service rightly refuses. */
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  service = await startService({
    port: 0,
    seed: 21,
    workers: 250,
    now: () => clock.t,
    nonceNow: Date.now,
    random: () => (faults.okDraws-- > 0 ? 0.9 : 0),
  });
  account = service.miningAccounts[0]!;
  env = serviceEnv(service, { WHITEBIT_MINING_ACCOUNT: account, POOLTOP_TIMEOUT_MS: '2000' });
  client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
  });
});
afterAll(async () => {
  await client.close();
  await service.close();
});

/** The listing at the service's current clock, fetched independently of the CLI. */
async function names(): Promise<Set<string>> {
  const out = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = await client.mining.workerNames({ account, offset, limit: 100 });
    for (const n of page.items) out.add(n);
    if (page.items.length < 100) return out;
  }
}

async function gone(): Promise<Array<{ name: string; lastSeen: number; goneFor: number }>> {
  const r = await runCli(['mining', 'workers', '--gone', '--json'], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** Moves the clock 5 minutes at a time until `until` holds of the listing (within two days). */
async function advanceUntil(until: (listed: Set<string>) => boolean): Promise<Set<string>> {
  for (let k = 0; k < 576; k++) {
    clock.t += 300_000;
    const listed = await names();
    if (until(listed)) return listed;
  }
  throw new Error('the listing never changed as asked');
}

describe('workers that went away, by name', () => {
  it('a name missing from a complete listing is gone; it is connected again when it comes back', async () => {
    const first = await names();
    expect(first.size).toBeGreaterThan(100);
    expect(await gone()).toEqual([]);

    const later = await advanceUntil((listed) => [...first].some((n) => !listed.has(n)));
    const missing = [...first].filter((n) => !later.has(n)).sort();
    const shown = await gone();
    expect(shown.map((g) => g.name).sort()).toEqual(missing);
    for (const g of shown) expect(g.goneFor).toBeGreaterThanOrEqual(0);

    const back = missing[0]!;
    const again = await advanceUntil((listed) => listed.has(back));
    const now = await gone();
    expect(now.map((g) => g.name)).not.toContain(back);
    // Whatever else is gone now was listed once and is missing now.
    for (const g of now) expect(again.has(g.name)).toBe(false);
  });

  it('a listing with a failed page marks nothing gone and leaves the file as it was', async () => {
    await gone();
    const file = seenStorePath(join(env.XDG_STATE_HOME!, 'pooltop'), 'default', account);
    const before = readFileSync(file, 'utf8');
    const listed = await names();
    await advanceUntil((now) => [...listed].some((n) => !now.has(n)));
    expect((await names()).size).toBeGreaterThan(200);
    service.setFailRate(0.5);
    faults.okDraws = 2; // two pages answer, the third fails, and so do its retries
    try {
      const r = await runCli(['mining', 'workers', '--gone', '--json'], env);
      expect(r.code).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^pooltop: /);
    } finally {
      service.setFailRate(0);
      faults.okDraws = Number.POSITIVE_INFINITY;
    }
    expect(service.stats().byPath['/api/v4/mining/workers/names']).toBeGreaterThan(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('check mining -c workers_gone=0', () => {
  it('CRITICAL when a worker has been gone longer than --gone-after (default 10m), OK within it', async () => {
    // check mining asks for the series up to our own clock: the service's must not be behind it.
    clock.t = Date.now();
    const listed = [...(await names())];
    const nowS = Math.floor(Date.now() / 1000);
    // What an earlier run remembered: every listed worker, and one that is not listed now.
    await fileSeenStore({
      stateDir: join(env.XDG_STATE_HOME!, 'pooltop'),
      profile: 'default',
      account,
      baseUrl: service.baseUrl,
    }).write({
      workers: [...listed, 'zz-unplugged'].sort().map((name) => ({
        name,
        firstSeen: nowS - 7200,
        lastSeen: name === 'zz-unplugged' ? nowS - 3600 : nowS,
      })),
    });
    const check = (...args: string[]) => runCli(['check', 'mining', '-c', 'workers_gone=0', ...args], env);
    const crit = await check('--json');
    expect(crit.code, crit.stdout + crit.stderr).toBe(2);
    const result = JSON.parse(crit.stdout) as {
      status: string;
      metrics: { metric: string; value: number }[];
    };
    expect(result.status).toBe('CRITICAL');
    expect(result.metrics.find((m) => m.metric === 'workers_gone')?.value).toBe(1);
    const ok = await check('--gone-after', '2h');
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/^POOLTOP OK - /);
    const bad = await check('--gone-after', 'soon');
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/--gone-after must be a duration/);
  });
});
