/**
 * The watcher records history: against the embedded service behind the names proxy (which takes a
 * worker away and brings it back), the watcher `pooltop watch` runs — its store opened as watch
 * opens it, its clock the test's, moved a round at a time — records a two-minute outage that the
 * built CLI's `history incidents` then shows with start and end within one interval of the truth;
 * the account is back-filled on first sight. Rounds and the back-fill are awaited, never slept for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_THRESHOLDS } from '../../src/alerts/thresholds.js';
import { watchFromToml } from '../../src/alerts/watch-settings.js';
import type { createClient } from '../../src/api/client.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { DEFAULT_HISTORY } from '../../src/config/history-preferences.js';
import { cachedSeenStores, memorySeenStore } from '../../src/config/seen-store.js';
import { openWriterHistory, type WriterHistory } from '../../src/commands/history-writer.js';
import { collectGarbage } from '../../src/history/full-collection.js';
import type { ServiceHandle } from '../../src/service/server.js';
import { memoryBookStore } from '../../src/watch/book-store.js';
import { createWatcher } from '../../src/watch/watcher.js';
import type { NamesProxy } from '../support/names-proxy.js';
import { startProxiedService } from '../support/proxied-service.js';
import { cleanEnv, runCli } from '../support/run-cli.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const T0S = T0 / 1000;
const INTERVAL_S = 60;

interface Setup {
  service: ServiceHandle;
  proxy: NamesProxy;
  client: ReturnType<typeof createClient>;
  stateDir: string;
}

/** The proxied service (its clock frozen at T0) and a state directory, for one describe block. */
function proxiedWithStateDir(seed: number, workers: number): Setup {
  const setup = {} as Setup;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    let service: ServiceHandle;
    let proxy: NamesProxy;
    let client: ReturnType<typeof createClient>;
    ({ service, proxy, client, close } = await startProxiedService(T0, { seed, workers, miningAccounts: 1 }));
    Object.assign(setup, {
      service,
      proxy,
      client,
      stateDir: mkdtempSync(join(tmpdir(), 'pooltop-watch-history-')),
    });
  });
  afterAll(async () => {
    await close();
    rmSync(setup.stateDir, { recursive: true, force: true });
  });
  return setup;
}

/** The watcher as `pooltop watch` makes it, on the test's clock, recording into `history`. */
function recordingWatcher(
  client: ReturnType<typeof createClient>,
  clock: { t: number },
  intervalS: number,
  history: WriterHistory,
  afterBackfilledWorker?: () => void,
) {
  return createWatcher({
    client,
    queue: createRequestQueue(),
    thresholds: NO_THRESHOLDS,
    watch: watchFromToml({}, 'config.toml'),
    intervalS,
    goneAfterS: 600,
    mining: true,
    seenStores: cachedSeenStores(async () => memorySeenStore()),
    store: memoryBookStore(),
    now: () => clock.t,
    history: () => history.store,
    ...(afterBackfilledWorker ? { afterBackfilledWorker } : {}),
  });
}

describe('watch records history', () => {
  const setup = proxiedWithStateDir(5, 12);

  it('a worker away two minutes is one incident, within one interval of the truth', async () => {
    const { service, proxy, client, stateDir } = setup;
    const env = cleanEnv({ POOLTOP_STATE_DIR: stateDir });
    const said: string[] = [];
    const history: WriterHistory = openWriterHistory({
      env,
      profile: 'default',
      prefs: DEFAULT_HISTORY,
      temporary: false,
      say: (line) => said.push(line),
    });
    const store = history.store;
    if (!store) throw new Error(said.join('\n'));
    const clock = { t: T0 };
    // As watch-run.ts gives it: a collection, here counted.
    let collections = 0;
    const watcher = recordingWatcher(client, clock, INTERVAL_S, history, () => {
      collections++;
      collectGarbage();
    });
    const account = service.miningAccounts[0]!;
    const rig = (await client.mining.workerNames({ account, limit: 100 })).items[1]!;
    // The truth: away from T0+200 s to T0+320 s.
    const [goneAt, backAt] = [T0S + 200, T0S + 320];
    for (let k = 0; k <= 10; k++) {
      clock.t = T0 + k * INTERVAL_S * 1000;
      if (clock.t / 1000 >= goneAt && clock.t / 1000 < backAt) proxy.hide.add(rig);
      else proxy.hide.delete(rig);
      await watcher.round();
    }
    // First sight of the account: its back-fill runs beside the rounds, through the same queue.
    await expect.poll(() => store.needsBackfill(account), { timeout: 60_000, interval: 50 }).toBe(false);
    // Once after each worker back-filled.
    expect(collections).toBe(store.knownWorkers(account).length);
    await watcher.stop();
    history.close();
    expect(said).toEqual([]);

    const r = await runCli(
      [
        'history',
        'incidents',
        '--from',
        String(T0S),
        '--to',
        String(T0S + 11 * INTERVAL_S),
        '--worker',
        rig,
        '--json',
      ],
      env,
    );
    expect(r.stderr).toBe('');
    const incidents = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(incidents).toHaveLength(1);
    const [incident] = incidents as [
      { lastPresentAt: number; firstMissingAt: number; backAt: number; filled: boolean; ongoing: boolean },
    ];
    expect(incident).toMatchObject({ account, worker: rig, filled: false, ongoing: false });
    expect(incident.lastPresentAt).toBeLessThanOrEqual(goneAt);
    expect(incident.firstMissingAt).toBeGreaterThanOrEqual(goneAt);
    expect(incident.firstMissingAt - goneAt).toBeLessThanOrEqual(INTERVAL_S);
    expect(incident.backAt).toBeGreaterThanOrEqual(backAt);
    expect(incident.backAt - backAt).toBeLessThanOrEqual(INTERVAL_S);

    // The back-fill filled the days before the run from the workers' own series.
    const before = await runCli(
      ['history', 'uptime', '--from', String(T0S - 30 * 86_400), '--to', String(T0S), '--json'],
      env,
    );
    const rows = JSON.parse(before.stdout) as Array<{ worker: string; filledS: number }>;
    expect(rows.map((row) => row.worker).sort()).toEqual(expect.arrayContaining([rig]));
    for (const row of rows) expect(row.filledS).toBeGreaterThan(20 * 86_400);
  }, 120_000);
});

describe('two writers on one profile', () => {
  const setup = proxiedWithStateDir(6, 10);

  it('watch (60 s) and a dashboard (10 s) recording at once make one history, no error', async () => {
    const { service, proxy, client, stateDir } = setup;
    const env = cleanEnv({ POOLTOP_STATE_DIR: stateDir });
    const said: string[] = [];
    // Each writer opens the file itself, as two processes do.
    const open = () =>
      openWriterHistory({
        env,
        profile: 'default',
        prefs: DEFAULT_HISTORY,
        temporary: false,
        say: (l) => said.push(l),
      });
    const [watchHistory, dashHistory] = [open(), open()];
    const clock = { t: T0 };
    const watch = recordingWatcher(client, clock, 60, watchHistory);
    const dash = recordingWatcher(client, clock, 10, dashHistory);
    const account = service.miningAccounts[0]!;
    const rig = (await client.mining.workerNames({ account, limit: 100 })).items[0]!;
    const [goneAt, backAt] = [T0S + 125, T0S + 245];
    for (let s = 0; s <= 600; s += 10) {
      clock.t = T0 + s * 1000;
      if (clock.t / 1000 >= goneAt && clock.t / 1000 < backAt) proxy.hide.add(rig);
      else proxy.hide.delete(rig);
      await Promise.all([dash.round(), s % 60 === 0 ? watch.round() : undefined]);
    }
    const store = dashHistory.store!;
    await expect.poll(() => store.needsBackfill(account), { timeout: 60_000, interval: 50 }).toBe(false);
    await Promise.all([watch.stop(), dash.stop()]);
    expect(said).toEqual([]);

    const window = { from: T0S, to: T0S + 601 };
    const incidents = store.incidents({ ...window, worker: rig });
    expect(incidents).toHaveLength(1);
    const [one] = incidents;
    // The finer writer's rounds bound it: within 10 s of the truth.
    expect(one!.firstMissingAt - goneAt).toBeGreaterThanOrEqual(0);
    expect(one!.firstMissingAt - goneAt).toBeLessThanOrEqual(10);
    expect(one!.backAt! - backAt).toBeGreaterThanOrEqual(0);
    expect(one!.backAt! - backAt).toBeLessThanOrEqual(10);
    // No worker has two live spans over the same time.
    const live = store.exportSpans(window).filter((s) => !s.filled);
    for (const w of new Set(live.map((s) => s.worker))) {
      const spans = live.filter((s) => s.worker === w).sort((a, b) => a.start - b.start);
      for (let i = 1; i < spans.length; i++)
        expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
    const up = store.uptime({ ...window, worker: rig })[0]!;
    expect(up.downS).toBe(one!.durationS);
    watchHistory.close();
    dashHistory.close();
  }, 120_000);
});
