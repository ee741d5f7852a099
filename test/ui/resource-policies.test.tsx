/**
 * The data layer's policies beyond polling every interval, on fake time through the dashboard's
 * real providers: a bulk load (progress, cancel, `r`, a key left behind), a background resource
 * (polled while hidden, at its own period, and when its answer is due), a once resource (asked
 * again only on `r`).
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardProviders } from '../../src/ui/app.js';
import { useRefreshAll } from '../../src/ui/data/data-layer.js';
import type { ReportProgress } from '../../src/ui/data/use-progress.js';
import { type ResourcePolicy, useResource } from '../../src/ui/data/use-resource.js';
import { configFixture, elapse, fakeClock, NOW, StubClient } from './helpers/fixtures.js';

beforeEach(() => fakeClock());
afterEach(() => vi.useRealTimers());

/** Runs the fake timers due in `ms` and lets React draw what they set (its scheduler is not faked). */
async function pass(ms = 0): Promise<void> {
  await elapse(ms);
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A bulk fetcher whose steps the test drives: each `step()` is one more row; `finish()` ends it. */
class Bulk {
  calls: { key: readonly unknown[]; signal: AbortSignal }[] = [];
  private rows: string[] = [];
  private report: ReportProgress<string> = () => {};
  private done: (() => void) | undefined;

  fetch = (key: readonly [string, number], signal: AbortSignal, report: ReportProgress<string>) =>
    new Promise<string>((resolve) => {
      this.calls.push({ key, signal });
      this.rows = [];
      this.report = report;
      // Cancelled or finished, it ends with what arrived.
      this.done = () => resolve(`${this.rows.length} rows`);
      signal.addEventListener('abort', () => this.done?.());
    });

  step(urgent = false): void {
    this.rows.push('row');
    const n = this.rows.length;
    this.report(() => `${n} so far`, urgent);
  }

  finish(): void {
    this.done?.();
  }
}

let refreshAll: () => void = () => {};
function RefreshButton() {
  refreshAll = useRefreshAll();
  return null;
}

interface ProbeProps {
  resourceKey: readonly [string, number] | null;
  fetch: (
    key: readonly [string, number],
    signal: AbortSignal,
    report: ReportProgress<string>,
  ) => Promise<string>;
  policy: ResourcePolicy<string>;
}

let cancel: () => boolean = () => false;
function Probe({ resourceKey, fetch, policy }: ProbeProps) {
  const r = useResource(resourceKey, fetch, policy);
  cancel = r.cancel;
  return (
    <Text>
      value={r.value ?? '-'} progress={r.progress ?? '-'}
    </Text>
  );
}

function mount(props: ProbeProps, intervalSec = 1) {
  const controller = new AbortController();
  const tree = (p: ProbeProps) => (
    <DashboardProviders
      client={new StubClient()}
      config={configFixture}
      demo={false}
      intervalSec={intervalSec}
      color={false}
      signal={controller.signal}
      pausedRef={{ current: false }}
      now={Date.now}
      random={() => 0}
    >
      <RefreshButton />
      <Probe {...p} />
    </DashboardProviders>
  );
  const view = render(tree(props));
  return { view, frame: () => view.lastFrame() ?? '', update: (p: ProbeProps) => view.rerender(tree(p)) };
}

describe('a bulk resource', () => {
  it('draws its progress at most every 100 ms (the first and urgent reports at once), and its answer at the end', async () => {
    const bulk = new Bulk();
    const m = mount({ resourceKey: ['all', 1], fetch: bulk.fetch, policy: { bulk: true } });
    await pass(0);
    bulk.step();
    await pass(0);
    expect(m.frame()).toBe('value=- progress=1 so far');
    bulk.step();
    await pass(50);
    expect(m.frame()).toBe('value=- progress=1 so far');
    bulk.step(true);
    await pass(0);
    expect(m.frame()).toBe('value=- progress=3 so far');
    await pass(100);
    bulk.step();
    await pass(0);
    expect(m.frame()).toBe('value=- progress=4 so far');
    bulk.finish();
    await pass(0);
    expect(m.frame()).toBe('value=4 rows progress=-');
    m.view.unmount();
  });

  it('is asked once per key: not polled, not asked again on r', async () => {
    const bulk = new Bulk();
    const m = mount({ resourceKey: ['all', 1], fetch: bulk.fetch, policy: { bulk: true } });
    await pass(0);
    bulk.finish();
    await pass(60_000);
    refreshAll();
    await pass(1_000);
    expect(bulk.calls).toHaveLength(1);
    expect(m.frame()).toBe('value=0 rows progress=-');
    m.view.unmount();
  });

  it('cancel stops it with what arrived; a key left behind stops and leaves the cache', async () => {
    const bulk = new Bulk();
    const m = mount({ resourceKey: ['all', 1], fetch: bulk.fetch, policy: { bulk: true } });
    await pass(0);
    bulk.step();
    bulk.step();
    expect(cancel()).toBe(true);
    await pass(0);
    expect(m.frame()).toBe('value=2 rows progress=-');
    expect(cancel()).toBe(false);
    // A new load is a new key: the old one is dropped, so coming back to it (after SWR's own
    // deduplication window) asks again.
    m.update({ resourceKey: ['all', 2], fetch: bulk.fetch, policy: { bulk: true } });
    await pass(0);
    expect(bulk.calls).toHaveLength(2);
    await pass(1_000);
    m.update({ resourceKey: ['all', 1], fetch: bulk.fetch, policy: { bulk: true } });
    await pass(0);
    expect(bulk.calls[1]?.signal.aborted).toBe(true);
    expect(bulk.calls).toHaveLength(3);
    expect(m.frame()).toBe('value=- progress=-');
    m.view.unmount();
  });
});

describe('a once resource', () => {
  it('is asked once per key: not polled, not asked again when shown again or met again, but on r', async () => {
    let asked = 0;
    const fetch = async () => `answer ${++asked}`;
    const shown: ProbeProps = { resourceKey: ['seen', 1], fetch, policy: { once: true } };
    const m = mount(shown);
    await pass(0);
    expect(asked).toBe(1);
    m.update({ ...shown, policy: { once: true, hidden: true } });
    await pass(120_000); // older than any period
    m.update(shown);
    await pass(1_000);
    expect(asked).toBe(1);
    // Another key and back: the first one's answer is drawn, not asked for again.
    m.update({ ...shown, resourceKey: ['seen', 2] });
    await pass(120_000);
    m.update(shown);
    await pass(1_000);
    expect(asked).toBe(2);
    expect(m.frame()).toBe('value=answer 1 progress=-');
    refreshAll();
    await pass(1_000);
    expect(asked).toBe(3);
    m.view.unmount();
  });
});

describe('a background resource', () => {
  it('is polled while hidden at its own period, and as soon as an answer says it is due', async () => {
    let asked = 0;
    const fetch = async () => `answer ${++asked}`;
    const policy: ResourcePolicy<string> = {
      hidden: true,
      background: true,
      everyMs: 5_000,
      // The second answer is due again 1.5 s after it lands.
      dueAt: (value) => (value === 'answer 2' ? NOW + 6_500 : undefined),
    };
    const m = mount({ resourceKey: ['session', 0], fetch, policy }, 60);
    await pass(0);
    expect(asked).toBe(1);
    await pass(5_000);
    expect(asked).toBe(2);
    await pass(1_500);
    expect(asked).toBe(3);
    // Then its period again, aimed at a whole second.
    await pass(4_499);
    expect(asked).toBe(3);
    await pass(1);
    expect(asked).toBe(4);
    expect(m.frame()).toBe('value=answer 4 progress=-');
    m.view.unmount();
  });
});
