import { describe, expect, it } from 'vitest';
import type { MinerInfo } from '../../src/api/mining-types.js';
import { shareReads } from '../../src/api/shared-reads.js';
import type { ApiClient } from '../../src/api/types.js';

/** A client whose miners/info answers only when the test says, counting what it was asked. */
function slowClient() {
  const pending: Array<{ resolve: (v: MinerInfo) => void; signal?: AbortSignal }> = [];
  let asked = 0;
  const info = (online: number): MinerInfo => ({ fee: 1, workers: { online, offline: 0, low: 0 }, stratum: [] });
  const client = {
    baseUrl: 'http://127.0.0.1:1',
    mining: {
      minerInfo: (_q: unknown, o?: { signal?: AbortSignal }) => {
        asked++;
        return new Promise<MinerInfo>((resolve, reject) => {
          pending.push({ resolve, signal: o?.signal });
          o?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
      },
    },
  } as unknown as ApiClient;
  return { client, pending, info, asked: () => asked };
}

describe('shared reads', () => {
  it('a reader that accepts an age joins the read in flight, then takes its answer while recent', async () => {
    const clock = { t: 0 };
    const c = slowClient();
    const shared = shareReads(c.client, () => clock.t);
    const view = shared.client(0);
    const watcher = shared.client(60_000);
    const a = view.mining.minerInfo({ account: 'x' });
    const b = watcher.mining.minerInfo({ account: 'x' });
    expect(c.asked()).toBe(1);
    c.pending[0]!.resolve(c.info(5));
    expect(await a).toEqual(await b);
    clock.t = 59_000;
    expect((await watcher.mining.minerInfo({ account: 'x' })).workers.online).toBe(5);
    expect(c.asked()).toBe(1);
    clock.t = 61_000;
    const late = watcher.mining.minerInfo({ account: 'x' });
    expect(c.asked()).toBe(2);
    c.pending[1]!.resolve(c.info(6));
    expect((await late).workers.online).toBe(6);
    // Another account is another read.
    void watcher.mining.minerInfo({ account: 'y' });
    expect(c.asked()).toBe(3);
  });

  it('a view always asks (a read that hangs does not hold back the next), and its answer serves the watcher', async () => {
    const c = slowClient();
    const shared = shareReads(c.client, () => 0);
    const view = shared.client(0);
    void view.mining.minerInfo({ account: 'x' }); // hangs
    const second = view.mining.minerInfo({ account: 'x' });
    expect(c.asked()).toBe(2);
    const watcher = shared.client(10_000).mining.minerInfo({ account: 'x' });
    expect(c.asked()).toBe(2); // joined the newest
    c.pending[1]!.resolve(c.info(9));
    expect((await second).workers.online).toBe(9);
    expect((await watcher).workers.online).toBe(9);
  });

  it('a joined read is cancelled only when every reader has gone', async () => {
    const c = slowClient();
    const shared = shareReads(c.client, () => 0);
    const one = new AbortController();
    const two = new AbortController();
    const watcher = shared.client(10_000);
    const a = watcher.mining.minerInfo({ account: 'x' }, { signal: one.signal });
    const b = watcher.mining.minerInfo({ account: 'x' }, { signal: two.signal });
    one.abort();
    await expect(a).rejects.toThrow('cancelled');
    expect(c.pending[0]!.signal?.aborted).toBe(false);
    two.abort();
    await expect(b).rejects.toThrow('cancelled');
    expect(c.pending[0]!.signal?.aborted).toBe(true);
  });
});
