import { describe, expect, it } from 'vitest';
import type { PoolOverview } from '../../src/api/types.js';
import { startFirstPoll } from '../../src/ui/first-poll.js';
import { POOL_OVERVIEW_KEY } from '../../src/ui/hooks/use-pool-overview.js';
import { overviewFixture, StubClient } from './helpers/fixtures.js';

const signal = new AbortController().signal;

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the first poll', () => {
  it('starts the dashboard with the overview when it arrives within the wait', async () => {
    const client = new StubClient();
    const start = await startFirstPoll(client, client.getMiningPool({ signal }), {
      waitMs: 1000,
      now: () => 42,
    });
    expect(start.initialData).toEqual({
      [POOL_OVERVIEW_KEY]: { overview: overviewFixture(), fetchedAt: 42, poll: 1 },
    });
    expect(start.client).toBe(client);
    expect(client.calls).toBe(1);
    expect(client.signals[0]).toBe(signal);
  });

  it('when slow, starts without data and hands the request in flight to the first fetch', async () => {
    const client = new StubClient();
    const answer = deferred<PoolOverview>();
    client.next = () => answer.promise;
    const start = await startFirstPoll(client, client.getMiningPool({ signal }), { waitMs: 5 });
    expect(start.initialData).toBeUndefined();
    const first = start.client.getMiningPool({ signal });
    expect(client.calls).toBe(1); // no second request
    answer.resolve(overviewFixture({ workers: 7 }));
    expect((await first).workers).toBe(7);
    client.next = async () => overviewFixture({ workers: 8 });
    expect((await start.client.getMiningPool({ signal })).workers).toBe(8);
    expect(client.calls).toBe(2);
  });

  it('hands a failed first poll to the first fetch, which reports it', async () => {
    const client = new StubClient();
    client.next = async () => {
      throw new Error('refused');
    };
    const start = await startFirstPoll(client, client.getMiningPool({ signal }), { waitMs: 1000 });
    expect(start.initialData).toBeUndefined();
    await expect(start.client.getMiningPool()).rejects.toThrow('refused');
    expect(client.calls).toBe(1);
  });

  it('leaves no unhandled rejection when the first poll fails and is never fetched', async () => {
    const client = new StubClient();
    const answer = deferred<PoolOverview>();
    client.next = () => answer.promise;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await startFirstPoll(client, client.getMiningPool({ signal }), { waitMs: 1 });
      answer.reject(new Error('dashboard closed'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes the other calls through to the client', async () => {
    const client = new StubClient();
    client.next = () => new Promise(() => {});
    const { client: wrapped } = await startFirstPoll(client, client.getMiningPool({ signal }), { waitMs: 1 });
    expect(wrapped.baseUrl).toBe(client.baseUrl);
    await expect(wrapped.listSubAccounts()).rejects.toThrow('not used by these tests');
    await expect(wrapped.close()).resolves.toBeUndefined();
  });
});
