/**
 * useSubAccounts (through the Sub-accounts view) against the real embedded service over
 * loopback HTTP, counting what reaches the server with `stats()`. Real debounce timers: the
 * assertions are about request counts, never about time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { PATHS } from '../../src/api/types.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { KEYS, keyedConfig, mountAccounts, waitForFrame, waitUntil } from './helpers/accounts-fakes.js';
import { keyOf } from './helpers/keys.js';

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ port: 0, accounts: 1000, seed: 11 });
});
afterAll(() => service.close());

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

const listRequests = () => service.stats().byPath[PATHS.subAccounts] ?? 0;

function mount(secret?: string) {
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: secret ?? service.credentials.apiSecret,
    retries: 0,
  });
  const config = { ...keyedConfig, baseUrl: service.baseUrl };
  const view = mountAccounts({ client, config, width: 100, height: 24 });
  cleanup.push(async () => {
    view.unmount();
    await client.close();
  });
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, press };
}

const loaded = (range: string) => (f: string) => f.includes(`rows ${range} ·`);

describe('sub-accounts against the embedded service', () => {
  it('typing a ten-letter term sends at most three list requests (debounced, plus one prefetch)', async () => {
    const v = mount();
    await waitForFrame(v.frame, loaded('1–30'));
    await waitUntil(() => listRequests() >= 2, 'the first page and its prefetch');
    const before = listRequests();
    await v.press(keyOf('accounts', 'search'), (f) => f.includes('Search:'));
    const term = 'trading_bo';
    for (let i = 1; i <= term.length; i++)
      await v.press(term[i - 1] ?? '', (f) => f.includes(`Search: ${term.slice(0, i)}`));
    const f = await waitForFrame(
      v.frame,
      (x) => x.includes(`search "${term}"`) && /rows 1–\d+ ·/.test(x),
      5000,
    );
    const rows = f.split('\n').filter((l) => /^[› ] /.test(l) && l.includes('@'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('trading_bot');
    const sent = listRequests() - before;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(3);
  });

  it('pages forward from the prefetch and back from the cache without new requests', async () => {
    const v = mount();
    await waitForFrame(v.frame, loaded('1–30'));
    await waitUntil(() => listRequests() >= 2, 'the prefetch');
    await v.press(KEYS.pageDown, loaded('31–60'));
    await waitUntil(() => listRequests() >= 3, 'the prefetch of rows 61–90');
    const before = listRequests();
    await v.press(KEYS.pageUp, loaded('1–30'));
    await v.press(KEYS.pageDown, loaded('31–60'));
    // Revisiting cached pages revalidates them at most once each, never page by key press.
    expect(listRequests() - before).toBeLessThanOrEqual(2);
  });

  it('shows the server message and the fix when the secret is wrong', async () => {
    const v = mount('not-the-secret');
    const f = await waitForFrame(v.frame, (x) => x.includes('Unauthorized request. — check its secret ('));
    expect(f).not.toContain('not-the-secret');
  });
});
