/**
 * The watcher's sub-account rules against the embedded service over real HTTP, on a clock the
 * test holds: a key added after the first audit fires once past the hold (without IP restriction:
 * a warning; allowed to withdraw: critical), a key there at the first audit never does, a new key
 * restricted and read-only never does; the keys are read every `keys_every`, not every round; a
 * withdrawal waiting longer than `withdrawal_wait` fires, checked against the service's own list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_THRESHOLDS } from '../../src/alerts/thresholds.js';
import { watchFromToml } from '../../src/alerts/watch-settings.js';
import { createClient } from '../../src/api/client.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { memorySeenStore } from '../../src/config/seen-store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import type { WatchEvent } from '../../src/watch/event.js';
import { createWatcher } from '../../src/watch/watcher.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
let service: ServiceHandle;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  service = await startService({ port: 0, seed: 8, accounts: 12, now: () => T0, nonceNow: Date.now });
  client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
  });
});
afterAll(async () => {
  await client.close();
  await service.close();
});

/** A watcher of the sub-account rules alone, on a clock the test holds. */
function watcher(subaccounts: Record<string, unknown>) {
  const clock = { t: T0 };
  let audits = 0;
  const waiters: (() => void)[] = [];
  const w = createWatcher({
    client,
    oversight: client.oversight,
    queue: createRequestQueue(),
    thresholds: NO_THRESHOLDS,
    watch: watchFromToml({ for: '2m', subaccounts }, 'test'),
    intervalS: 60,
    goneAfterS: 600,
    mining: false,
    seenStores: async () => memorySeenStore(),
    now: () => clock.t,
    onKeysAudited: () => {
      audits++;
      for (const resolve of waiters.splice(0)) resolve();
    },
  });
  /** Resolves once `n` audits have ended. */
  const audited = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (audits >= n ? resolve() : waiters.push(check));
      check();
    });
  /** A minute on, one round; its events. */
  const step = async (): Promise<WatchEvent[]> => {
    clock.t += 60_000;
    return [...(await w.round()).events];
  };
  return { w, clock, step, audited, audits: () => audits };
}

interface Account {
  id: string;
  alias: string;
}

async function accountIds(): Promise<Account[]> {
  const page = await client.listSubAccounts({ limit: 100 });
  return page.data.map((a) => ({ id: a.id ?? '', alias: a.alias ?? '' }));
}

describe('the watcher, new API keys', () => {
  it('fires for a key added after the first audit, never for one there before; keys read every keys_every', async () => {
    const { w, step, audited, audits, clock } = watcher({
      new_unrestricted_key: true,
      new_withdraw_key: true,
      keys_every: '10m',
    });
    const [a, b, c] = (await accountIds()) as [Account, Account, Account];
    // The first audit is the baseline: the service's own keys (a third without IP restriction) never fire.
    clock.t -= 60_000;
    expect(await step()).toEqual([]);
    await audited(1);
    const open = service.addKey(a.id, { title: 'open\u001b[31m key', ips: [] });
    const payout = service.addKey(b.id, { title: 'payout bot', type: '2', ips: ['203.0.113.5'] });
    service.addKey(c.id, { title: 'reports', ips: ['203.0.113.9'] });
    // Nine minutes of rounds: no audit is due, so nothing new is seen.
    for (let i = 0; i < 9; i++) expect(await step()).toEqual([]);
    expect(audits()).toBe(1);
    // Ten minutes after the first: the second audit (in the background), then the hold of 2 minutes.
    const second = audited(2);
    expect(await step()).toEqual([]);
    await second;
    expect(await step()).toEqual([]); // seen: pending
    expect(await step()).toEqual([]); // one minute
    const fired = await step(); // two minutes
    expect(fired.map((e) => [e.status, e.kind, e.severity, e.metric, e.account])).toEqual([
      ['firing', 'new_key', 'warning', 'new_unrestricted_key', a.alias],
      ['firing', 'new_key', 'critical', 'new_withdraw_key', b.alias],
    ]);
    // The title's colour escape is taken out, not obeyed.
    expect(fired[0]?.summary).toBe(`${a.alias}: new API key "open key" enabled without IP restriction`);
    expect(fired[1]?.summary).toBe(`${b.alias}: new API key "payout bot" allowed to withdraw or transfer`);
    expect(open && payout).toBeTruthy();
    expect(await step()).toEqual([]); // no repeat within 4h
    expect(service.stats().writes).toBe(0);
    await w.stop();
  }, 60_000);
});

describe('the watcher, withdrawals waiting', () => {
  it('fires for each withdrawal waiting longer than withdrawal_wait, none at first sight', async () => {
    const { w, step } = watcher({ withdrawal_wait: '1h' });
    const truth = await client.oversight.unconfirmedWithdrawals({ limit: 100 });
    if (!truth.enabled) throw new Error('withdrawals are enabled on this service');
    const nowS = T0 / 1000 + 120;
    const expected = truth.page.items
      .filter((x) => x.createdAt !== null && nowS - x.createdAt > 3600)
      .map((x) => `withdrawal_waiting ${x.subAccountId}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await step()).toEqual([]); // first sight
    const fired = await step();
    expect(fired.every((e) => e.status === 'firing' && e.metric === 'withdrawal_wait')).toBe(true);
    expect(fired.map((e) => `${e.kind} ${e.account}`).sort()).toEqual(expected.sort());
    for (const e of fired)
      expect(e.summary).toMatch(/: withdrawal of \d+ [A-Z]+ waiting .+ for the main account's confirmation$/);
    await w.stop();
  }, 30_000);
});
