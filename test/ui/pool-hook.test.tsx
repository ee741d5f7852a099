/** usePoolOverview against the real embedded service over loopback HTTP, through the real client. */
import { Text } from 'ink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { PATHS } from '../../src/api/types.js';
import { startService } from '../../src/service/server.js';
import type { ApiClient, PoolOverview } from '../../src/api/types.js';
import { type Seed, settleSeed as settleFirstPoll } from '../../src/ui/data/seed.js';
import { firstPoll, usePoolOverview } from '../../src/ui/pool/use-pool-overview.js';
import { configFixture, overviewFixture, StubClient } from './helpers/fixtures.js';
import { mountView, waitForFrame } from './helpers/harness.js';

type Service = Awaited<ReturnType<typeof startService>>;
let service: Service;
let client: ReturnType<typeof createClient>;

beforeEach(async () => {
  service = await startService({ port: 0, seed: 7, accounts: 10 });
  client = createClient({ baseUrl: service.baseUrl, retries: 0 });
});

afterEach(async () => {
  await client.close();
  await service.close();
});

function Probe({ name }: { name: string }) {
  const { value: overview, fetchedAt, poll, error, loading } = usePoolOverview();
  if (loading && overview === undefined) return <Text>{name}: loading</Text>;
  return (
    <Text>
      {name}: fetch#{fetchedAt ?? '-'} workers={overview?.workers ?? '-'} points=
      {overview?.last7daysHashRate?.length ?? 0} error={error ? error.message : 'none'} poll#{poll ?? '-'}
    </Text>
  );
}

function mount(intervalSec: number, first?: Seed, on: ApiClient = client) {
  const view = mountView(
    () => (
      <>
        <Probe name="a" />
        <Probe name="b" />
      </>
    ),
    {
      client: on,
      config: { ...configFixture, baseUrl: service.baseUrl },
      intervalSec,
      now: Date.now,
      random: () => 0,
      seeds: first ? [first] : undefined,
    },
  );
  // settle: rendering the same tree again runs the effects React still owes first, a barrier
  // after which whatever mounting set off (a request) has been asked for.
  return { view, controller: view.controller, frame: view.frame, settle: view.settle };
}

const poolRequests = () => service.stats().byPath[PATHS.miningPool] ?? 0;
const shownFetch = (frame: string) =>
  Math.max(0, ...[...frame.matchAll(/fetch#(\d+)/g)].map((m) => Number(m[1])));
const shownPoll = (frame: string) =>
  Math.max(0, ...[...frame.matchAll(/poll#(\d+)/g)].map((m) => Number(m[1])));

describe('usePoolOverview over HTTP', () => {
  it('loads the overview; two consumers make one request per poll', async () => {
    const { view, frame } = mount(1);
    const first = await waitForFrame(frame, (f) =>
      /a: fetch#\d+ workers=\d+ points=\d+ error=none poll#1/.test(f),
    );
    expect(first).toMatch(/b: fetch#\d+ workers=\d+ points=[1-9]\d* error=none poll#1/);
    await waitForFrame(frame, (f) => /a: .* poll#3\n.*b: .* poll#3/.test(f), 10_000);
    const shown = shownPoll(frame());
    const requests = poolRequests();
    expect(requests).toBeGreaterThanOrEqual(shown);
    expect(requests).toBeLessThanOrEqual(shown + 1); // duplicates would double it
    view.unmount();
  });

  it('starts from a first poll made before mounting: shown at once, next poll one interval later', async () => {
    const first = firstPoll(client.getMiningPool(), () => 0);
    await settleFirstPoll(first, 10_000);
    const before = poolRequests();
    const asked = vi.spyOn(client, 'getMiningPool');
    const { view, frame, settle } = mount(1, first);
    expect(frame()).toMatch(/a: fetch#0 workers=\d+ points=\d+ error=none poll#1/);
    settle();
    expect(asked).not.toHaveBeenCalled(); // not fetched again on mount
    await waitForFrame(
      frame,
      (f) => /a: fetch#[1-9]\d* .* poll#2\n.*b: fetch#[1-9]\d* .* poll#2/.test(f),
      10_000,
    );
    expect(poolRequests()).toBe(before + 1);
    view.unmount();
  });

  it('keeps the data through failures and recovers with backoff retries', async () => {
    const { view, frame } = mount(1);
    await waitForFrame(frame, (f) => /a: fetch#\d+ workers=\d+/.test(f));
    service.setFailRate(1);
    const failing = await waitForFrame(
      frame,
      (f) => /a: fetch#\d+ workers=\d+ points=\d+ error=(?!none)/.test(f),
      10_000,
    );
    expect(failing).toMatch(/workers=\d+/);
    const failedAt = shownFetch(failing);
    service.setFailRate(0);
    await waitForFrame(frame, (f) => f.includes('error=none') && shownFetch(f) > failedAt, 10_000);
    view.unmount();
  });

  it('aborts the request in flight when the dashboard quits', async () => {
    const slow = await startService({ port: 0, latency: 60_000 });
    const slowClient = createClient({ baseUrl: slow.baseUrl, retries: 0 });
    const view = mountView(() => <Probe name="a" />, {
      client: slowClient,
      config: configFixture,
      intervalSec: 60,
    });
    const { controller } = view;
    await waitForFrame(
      () => slow.stats().requests.toString(),
      (n) => n === '1',
    );
    controller.abort();
    const f = await waitForFrame(
      () => view.lastFrame() ?? '',
      (x) => x.includes('error='),
    );
    expect(f).toMatch(/cancel/i);
    view.unmount();
    await slowClient.close();
    await slow.close();
  });
});

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the first poll, sent before the dashboard mounts', () => {
  it('settles within the wait, or gives up waiting', async () => {
    const answer = deferred<PoolOverview>();
    const slow = firstPoll(answer.promise, () => 42);
    await settleFirstPoll(slow, 5);
    expect(slow.answer).toBeUndefined();
    answer.resolve(overviewFixture({ workers: 3 }));
    await settleFirstPoll(slow, 1000);
    expect(slow.answer).toEqual({ value: overviewFixture({ workers: 3 }), fetchedAt: 42 });
  });

  it('when slow, the hook starts loading and its first fetch takes the request over', async () => {
    const stub = new StubClient();
    const answer = deferred<PoolOverview>();
    stub.next = () => answer.promise;
    const first = firstPoll(stub.getMiningPool(), Date.now);
    await settleFirstPoll(first, 5);
    const { view, frame } = mount(3600, first, stub);
    expect(frame()).toMatch(/a: loading/);
    answer.resolve(overviewFixture({ workers: 7 }));
    await waitForFrame(frame, (f) => /a: fetch#\d+ workers=7 .* poll#1\n.*b: .*workers=7/.test(f));
    expect(stub.calls).toBe(1); // no second request
    view.unmount();
  });

  it('a failed first poll is reported by the hook, not sent again at once', async () => {
    const stub = new StubClient();
    stub.next = async () => {
      throw new Error('refused');
    };
    const first = firstPoll(stub.getMiningPool(), Date.now);
    await settleFirstPoll(first, 1000);
    const { view, frame } = mount(3600, first, stub);
    await waitForFrame(frame, (f) => /a: .*error=refused/.test(f));
    expect(stub.calls).toBe(1);
    view.unmount();
  });

  it('leaves no unhandled rejection when it fails and is never taken over', async () => {
    const answer = deferred<PoolOverview>();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await settleFirstPoll(firstPoll(answer.promise), 1);
      answer.reject(new Error('dashboard closed'));
      // Node reports unhandled rejections once the microtasks of a turn have run: the next turn
      // comes after that.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
