/**
 * The dashboard records history: its watcher writes into the store the dashboard opens after its
 * first frame, which views read as `useDashboard().history`. With `--demo` the store is a temporary
 * file, back-filled on first sight of each account (months at once), and removed on exit. Against
 * the embedded service over real HTTP; waits are on conditions.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { Text } from 'ink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { dashboardHistory } from '../../src/commands/dashboard-history.js';
import { DEFAULT_HISTORY } from '../../src/config/history-preferences.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { useDashboard } from '../../src/ui/dashboard-context.js';
import { configFixture } from './helpers/fixtures.js';
import { mountView, QUIET_ALERTS, waitForFrame, waitUntil } from './helpers/harness.js';

function Probe() {
  const { history } = useDashboard();
  return <Text>{history ? `history ${history.schemaVersion}` : 'no history'}</Text>;
}

describe('the dashboard and its history', () => {
  let service: ServiceHandle;
  let client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    service = await startService({ port: 0, seed: 3, workers: 20, miningAccounts: 1 });
    const { apiKey, apiSecret } = service.credentials;
    client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0 });
  });
  afterAll(async () => {
    await client.close();
    await service.close();
  });

  it('--demo: a temporary store, opened after the first frame, recorded and back-filled, removed on exit', async () => {
    const said: string[] = [];
    const source = dashboardHistory({
      env: {},
      profile: 'default',
      prefs: DEFAULT_HISTORY,
      demo: true,
      say: (line) => said.push(line),
    });
    const { apiKey, apiSecret } = service.credentials;
    const view = mountView(() => <Probe />, {
      client,
      config: { ...configFixture, baseUrl: service.baseUrl, apiKey, apiSecret },
      // No worker rule: the listing is made because history is recorded.
      alerts: QUIET_ALERTS,
      now: Date.now,
      history: source,
    });
    // The first frame has no store yet; it opens right after.
    expect(view.frame()).toBe('no history');
    await waitForFrame(view.frame, (f) => f.startsWith('history '), 10_000);
    const store = source.get();
    if (!store) throw new Error('no store');
    const account = service.miningAccounts[0]!;
    await waitUntil(() => !store.needsBackfill(account), 'the back-fill', 60_000);
    const now = Math.floor(Date.now() / 1000);
    const spans = store.exportSpans({ from: now - 90 * 86_400, to: now + 60 });
    // Months filled from the series, and the live listing.
    expect(spans.some((s) => s.filled && s.start < now - 60 * 86_400)).toBe(true);
    expect(spans.some((s) => !s.filled && s.state === 'up')).toBe(true);
    const path = store.path;
    view.unmount();
    source.close();
    expect(source.get()).toBeUndefined();
    expect(existsSync(dirname(path))).toBe(false);
    expect(said).toEqual([]);
  }, 90_000);
});
