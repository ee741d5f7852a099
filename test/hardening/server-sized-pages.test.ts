/**
 * A server that ignores `limit` does not size what pooltop holds: each page keeps at most the
 * rows asked for (said under DEBUG=pooltop), the whole list stops at the API's reach, and the
 * JSON page keeps its documented `offset` and `limit` when the server leaves them out. The
 * built CLI against a local server that answers every list with ten thousand rows, and the
 * loaders (the dashboard's `L`, the mining lists) directly.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { loadAllSubAccounts, REACH_ROWS } from '../../src/api/load-all.js';
import { createMiningApi } from '../../src/api/mining-client.js';
import type { SubAccount } from '../../src/api/types.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { VirtualClock } from '../api/virtual-time.js';
import { type HostileServer, OVERSIZED_ROWS, startHostileServer } from './hostile-server.js';
import { subAccountModel } from '../../src/api/schemas.js';

const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function oversized() {
  const server = await startHostileServer('oversized-pages');
  servers.push(server);
  const env = (extra: NodeJS.ProcessEnv = {}) =>
    cleanEnv({ WHITEBIT_API_URL: server.url, WHITEBIT_API_KEY: 'k', WHITEBIT_API_SECRET: 's', ...extra });
  return { server, env };
}

describe('pages sized by the server', () => {
  it('accounts --limit 5 --json keeps 5 rows and prints the offset and limit asked for', async () => {
    const { server, env } = await oversized();
    const r = await runCli(['accounts', '--limit', '5', '--json'], env());
    expect(r.code, r.stderr).toBe(0);
    const page = JSON.parse(r.stdout) as { offset: number; limit: number; data: unknown[] };
    expect(page).toMatchObject({ offset: 0, limit: 5 });
    expect(page.data).toHaveLength(5);
    expect(Object.keys(page)).toEqual(['offset', 'limit', 'data']);
    expect(server.limits).toEqual([5]);
    expect(r.stderr).toBe('');
  });

  it('says so under DEBUG=pooltop, in our words only', async () => {
    const { env } = await oversized();
    const r = await runCli(['accounts', '--offset', '30', '--json'], env({ DEBUG: 'pooltop' }));
    expect(r.code, r.stderr).toBe(0);
    const page = JSON.parse(r.stdout) as { offset: number; limit: number; data: unknown[] };
    expect(page).toMatchObject({ offset: 30, limit: 30 });
    expect(page.data).toHaveLength(30);
    expect(r.stderr).toContain(
      `POST /api/v4/sub-account/list: data ${OVERSIZED_ROWS} items where at most 30 were asked for; kept the first 30`,
    );
  });

  it('accounts --all stops at the reach: 101 pages of 100, not a million rows', async () => {
    const { server, env } = await oversized();
    const r = await runCli(['accounts', '--all', '--ndjson'], env(), 120_000);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(REACH_ROWS);
    expect(r.stderr).toMatch(/^pooltop: warning: stopped at the API's reach of 10,100 rows/);
    expect(server.count()).toBeGreaterThanOrEqual(101);
    expect(server.limits.every((l) => l === 100)).toBe(true);
  }, 130_000);

  it("the dashboard's loader keeps at most a page from each answer and stops at the reach", async () => {
    const clock = new VirtualClock();
    let requests = 0;
    const rows = (offset: number): SubAccount[] =>
      Array.from({ length: OVERSIZED_ROWS }, (_, i) => subAccountModel({ id: `r${offset}-${i}` }));
    const out = await clock.run(
      loadAllSubAccounts({
        fetchPage: async (q) => {
          requests++;
          return { offset: null, limit: null, data: rows(q.offset) };
        },
        queue: createRequestQueue({ now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer }),
        now: clock.now,
        sleep: clock.sleep,
        random: () => 0.5,
      }),
    );
    expect(out.end).toBe('reach');
    expect(out.rows).toHaveLength(REACH_ROWS);
    expect(out.rows[100]?.id).toBe('r100-0');
    expect(requests).toBeLessThanOrEqual(101 + 4);
  });

  it('the mining lists keep at most the page asked for, and the limit asked for', async () => {
    const workers = Array.from({ length: OVERSIZED_ROWS }, (_, i) => `w${i}`);
    const rewards = Array.from({ length: OVERSIZED_ROWS }, (_, i) => ({ account: 'a', reward: `${i}` }));
    const answers: Record<string, unknown> = {
      '/api/v4/mining/workers/names': { data: { workers }, limit: OVERSIZED_ROWS },
      '/api/v4/mining/rewards': { data: rewards },
    };
    const degraded: string[] = [];
    const api = createMiningApi(
      async (path, _fields, read) => read(answers[path]),
      () => Date.now(),
      (path) => (d) => degraded.push(`${path}: ${d.path} ${d.problem}`),
    );
    const names = await api.workerNames({ account: 'a', limit: 50 });
    expect(names.items).toHaveLength(50);
    expect(names.limit).toBe(50);
    const paid = await api.rewards({ account: 'a' });
    expect(paid.items.length).toBeLessThanOrEqual(30);
    expect(paid).toMatchObject({ limit: 30, offset: 0 });
    expect(degraded).toContain(
      `/api/v4/mining/workers/names: data.workers ${OVERSIZED_ROWS} items where at most 50 were asked for; kept the first 50`,
    );
  });
});
