/**
 * useResource, the dashboard's one data hook, on fake time: the dashboard's real providers (SWR
 * configuration, retry schedule, seeded cache; test/ui/helpers/harness.tsx) around a probe, with a fetcher the test answers.
 * Nothing waits on the wall clock: every step advances the fake clock and reads the frame.
 */
import { Text } from 'ink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { type Seed, seed } from '../../src/ui/data/seed.js';
import { type ResourceKey, type ResourcePolicy, useResource } from '../../src/ui/data/use-resource.js';
import { configFixture, elapse, fakeClock, NOW, StubClient } from './helpers/fixtures.js';
import { mountView } from './helpers/harness.js';

beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

interface Call {
  key: ResourceKey;
  signal: AbortSignal;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

/** A fetcher whose every call waits for the test (or answers at once with `auto`). */
class Answers {
  calls: Call[] = [];
  auto: ((key: ResourceKey) => string) | undefined = (key) => `${String(key)}@${Date.now() - NOW}`;
  fail: (() => Error) | undefined;

  fetch = (key: ResourceKey, signal: AbortSignal): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      this.calls.push({ key, signal, resolve, reject });
      signal.addEventListener('abort', () =>
        reject(new PooltopError('network', 'request cancelled', { reason: 'aborted' })),
      );
      if (this.fail) reject(this.fail());
      else if (this.auto) resolve(this.auto(key));
    });

  of(key: string): Call[] {
    return this.calls.filter((c) => String(c.key) === key);
  }
}

interface ProbeProps {
  name: string;
  resourceKey: ResourceKey | null;
  answers: Answers;
  policy?: ResourcePolicy<string>;
}

function Probe({ name, resourceKey, answers, policy }: ProbeProps) {
  const r = useResource(resourceKey, answers.fetch, policy);
  const retry = r.retryAt === undefined ? '-' : r.retryAt === null ? 'none' : String(r.retryAt - NOW);
  return (
    <Text>
      {name}: value={r.value ?? '-'} poll={r.poll ?? '-'} current={String(r.isCurrent)} error=
      {r.error?.message ?? '-'} retry={retry}
    </Text>
  );
}

interface MountOptions {
  intervalSec?: number;
  seeds?: readonly Seed[];
  paused?: boolean;
}

function mount(probes: ProbeProps[], opts: MountOptions = {}) {
  let list = probes;
  const view = mountView(
    () => (
      <>
        {list.map((p) => (
          <Probe key={p.name} {...p} />
        ))}
      </>
    ),
    {
      client: new StubClient(),
      config: configFixture,
      intervalSec: opts.intervalSec ?? 1,
      paused: opts.paused,
      now: Date.now,
      random: () => 0,
      seeds: opts.seeds,
    },
  );
  const line = (name: string): string =>
    (view.lastFrame() ?? '').split('\n').find((l) => l.startsWith(`${name}:`)) ?? '';
  const update = (next: ProbeProps[]): void => {
    list = next;
    view.settle();
  };
  return { view, controller: view.controller, pausedRef: view.pausedRef, line, update };
}

describe('useResource', () => {
  it('loads, then polls every interval; two components of one key share each request', async () => {
    const answers = new Answers();
    const probe = { resourceKey: 'k', answers };
    const m = mount([
      { name: 'a', ...probe },
      { name: 'b', ...probe },
    ]);
    await elapse(0);
    expect(m.line('a')).toContain('value=k@0 poll=1 current=true error=-');
    expect(m.line('b')).toContain('value=k@0 poll=1');
    await elapse(1000);
    expect(m.line('a')).toContain('value=k@1000 poll=2');
    await elapse(2000);
    expect(m.line('b')).toContain('value=k@3000 poll=4');
    expect(answers.calls).toHaveLength(4);
    m.view.unmount();
  });

  it('aborts its request when the component goes away', async () => {
    const answers = new Answers();
    answers.auto = undefined;
    const m = mount([{ name: 'a', resourceKey: 'k', answers }]);
    await elapse(0);
    expect(answers.calls).toHaveLength(1);
    const [call] = answers.calls;
    expect(call?.signal.aborted).toBe(false);
    m.view.unmount();
    expect(call?.signal.aborted).toBe(true);
  });

  it('a request cancelled by a component that went away is not an error: whoever still shows the key asks again', async () => {
    const answers = new Answers();
    answers.auto = undefined;
    const a = { name: 'a', resourceKey: 'k', answers };
    const b = { name: 'b', resourceKey: 'k', answers };
    const m = mount([a, b], { intervalSec: 3600 });
    await elapse(0);
    expect(answers.calls).toHaveLength(1); // a's fetch, shared by b
    m.update([b]);
    await elapse(0);
    expect(answers.calls[0]?.signal.aborted).toBe(true);
    expect(answers.calls).toHaveLength(2);
    answers.calls[1]?.resolve('again');
    await elapse(0);
    expect(m.line('b')).toContain('value=again poll=1 current=true error=- retry=-');
    m.view.unmount();
  });

  it('a cancellation from outside (the dashboard quitting) is reported and not asked again', async () => {
    const answers = new Answers();
    answers.auto = undefined;
    const m = mount([{ name: 'a', resourceKey: 'k', answers }], { intervalSec: 3600 });
    await elapse(0);
    m.controller.abort();
    await elapse(0);
    expect(m.line('a')).toContain('error=request cancelled retry=none');
    await elapse(60_000);
    expect(answers.calls).toHaveLength(1);
    m.view.unmount();
  });

  it('retries a failure at the time it shows as retryAt, then recovers', async () => {
    const answers = new Answers();
    answers.fail = () => new PooltopError('http', 'HTTP 503', { status: 503 });
    const m = mount([{ name: 'a', resourceKey: 'k', answers }], { intervalSec: 60 });
    await elapse(0);
    const shown = /error=HTTP 503 retry=(\d+)/.exec(m.line('a'));
    expect(shown, m.line('a')).not.toBeNull();
    const retryIn = Number(shown?.[1]);
    expect(retryIn).toBeGreaterThan(0);
    answers.fail = undefined;
    await elapse(retryIn - 1);
    expect(answers.calls).toHaveLength(1); // not before
    await elapse(1);
    expect(answers.calls).toHaveLength(2);
    expect(m.line('a')).toContain(`value=k@${retryIn} poll=1 current=true error=- retry=-`);
    m.view.unmount();
  });

  it('polls nothing while hidden; shown again with data older than its period, asks at once', async () => {
    const answers = new Answers();
    const m = mount([{ name: 'a', resourceKey: 'k', answers, policy: { hidden: false } }], {
      intervalSec: 5,
    });
    await elapse(0);
    m.update([{ name: 'a', resourceKey: 'k', answers, policy: { hidden: true } }]);
    await elapse(3000);
    // Shown again within its period: the cached data is drawn, nothing asked.
    m.update([{ name: 'a', resourceKey: 'k', answers, policy: { hidden: false } }]);
    await elapse(0);
    expect(answers.calls).toHaveLength(1);
    m.update([{ name: 'a', resourceKey: 'k', answers, policy: { hidden: true } }]);
    await elapse(60_000);
    expect(answers.calls).toHaveLength(1);
    expect(m.line('a')).toContain('value=k@0 poll=1');
    m.update([{ name: 'a', resourceKey: 'k', answers, policy: { hidden: false } }]);
    await elapse(0);
    expect(answers.calls).toHaveLength(2);
    expect(m.line('a')).toContain('value=k@63000 poll=2');
    m.view.unmount();
  });

  it('paused: not polled, yet a new key asked for still loads', async () => {
    const answers = new Answers();
    const policy = { paused: true };
    const m = mount([{ name: 'a', resourceKey: 'k1', answers, policy }]);
    await elapse(10_000);
    expect(answers.calls).toHaveLength(1);
    m.update([{ name: 'a', resourceKey: 'k2', answers, policy }]);
    await elapse(0);
    expect(m.line('a')).toContain('value=k2@10000 poll=1 current=true');
    await elapse(10_000);
    expect(answers.calls).toHaveLength(2);
    m.view.unmount();
  });

  it("without a pause of its own, the dashboard's pause holds every request", async () => {
    const answers = new Answers();
    const m = mount([{ name: 'a', resourceKey: 'k', answers }], { paused: true });
    await elapse(10_000);
    expect(answers.calls).toHaveLength(0);
    m.pausedRef.current = false;
    await elapse(1000);
    expect(m.line('a')).toContain('value=k@11000 poll=1');
    m.view.unmount();
  });

  it('starts from an answered seed: no request on mount, the next poll one interval later', async () => {
    const answers = new Answers();
    const first = seed('k', Promise.resolve('seeded'));
    await elapse(0);
    const m = mount([{ name: 'a', resourceKey: 'k', answers }], { seeds: [first] });
    expect(m.line('a')).toContain('value=seeded poll=1 current=true');
    await elapse(999);
    expect(answers.calls).toHaveLength(0);
    await elapse(1);
    expect(answers.calls).toHaveLength(1);
    expect(m.line('a')).toContain('value=k@1000 poll=2');
    m.view.unmount();
  });

  it('a seed still in flight is taken over by the first fetch of its key: no second request', async () => {
    const answers = new Answers();
    let answer: (v: string) => void = () => {};
    const first = seed('k', new Promise<string>((resolve) => (answer = resolve)));
    const m = mount([{ name: 'a', resourceKey: 'k', answers }], { seeds: [first], intervalSec: 3600 });
    await elapse(0);
    expect(m.line('a')).toContain('value=- poll=-');
    answer('late');
    await elapse(0);
    expect(m.line('a')).toContain('value=late poll=1');
    expect(answers.calls).toHaveLength(0);
    m.view.unmount();
  });

  it('prefetches the next key and hands its request over when that key is asked for', async () => {
    const answers = new Answers();
    const policy: ResourcePolicy<string> = {
      keepPreviousData: true,
      abortOnLeave: true,
      prefetch: (_value, key) => `${String(key)}+`,
    };
    const m = mount([{ name: 'a', resourceKey: 'p', answers, policy }], { intervalSec: 3600 });
    await elapse(0);
    expect(answers.calls.map((c) => String(c.key))).toEqual(['p', 'p+']);
    m.update([{ name: 'a', resourceKey: 'p+', answers, policy }]);
    expect(m.line('a')).toContain('value=p+@0 poll=1 current=true');
    await elapse(0);
    expect(answers.of('p+')).toHaveLength(1);
    m.view.unmount();
  });

  it('keeps the previous value while a new key loads, and aborts what the old key still asked', async () => {
    const answers = new Answers();
    const policy: ResourcePolicy<string> = { keepPreviousData: true, abortOnLeave: true };
    const m = mount([{ name: 'a', resourceKey: 'x', answers, policy }], { intervalSec: 3600 });
    await elapse(0);
    answers.auto = undefined;
    m.update([{ name: 'a', resourceKey: 'y', answers, policy }]);
    await elapse(0);
    expect(m.line('a')).toContain('value=x@0 poll=1 current=false');
    m.update([{ name: 'a', resourceKey: 'z', answers, policy }]);
    await elapse(0);
    expect(answers.of('y')[0]?.signal.aborted).toBe(true);
    expect(answers.of('z')[0]?.signal.aborted).toBe(false);
    m.view.unmount();
  });
});
