/** usePoolOverview against the real embedded service over loopback HTTP, through the real client. */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { PATHS } from '../../src/api/types.js';
import { startService } from '../../src/service/server.js';
import { DashboardProviders } from '../../src/ui/app.js';
import {
  firstPoolSnapshot,
  POOL_OVERVIEW_KEY,
  usePoolOverview,
} from '../../src/ui/hooks/use-pool-overview.js';
import { configFixture } from './helpers/fixtures.js';
import { waitForFrame } from './helpers/render-app.js';

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
  const { overview, fetchedAt, poll, error, isLoading } = usePoolOverview();
  if (isLoading) return <Text>{name}: loading</Text>;
  return (
    <Text>
      {name}: fetch#{fetchedAt ?? '-'} workers={overview?.workers ?? '-'} points=
      {overview?.last7days_hash_rate?.length ?? 0} error={error ? error.message : 'none'} poll#{poll ?? '-'}
    </Text>
  );
}

function mount(intervalSec: number, initialData?: Record<string, unknown>) {
  const controller = new AbortController();
  const view = render(
    <DashboardProviders
      client={client}
      config={{ ...configFixture, baseUrl: service.baseUrl }}
      demo={false}
      intervalSec={intervalSec}
      color={false}
      signal={controller.signal}
      pausedRef={{ current: false }}
      now={Date.now}
      random={() => 0}
      initialData={initialData}
    >
      <Probe name="a" />
      <Probe name="b" />
    </DashboardProviders>,
  );
  return { view, controller, frame: () => view.lastFrame() ?? '' };
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
    const overview = await client.getMiningPool();
    const before = poolRequests();
    const { view, frame } = mount(1, { [POOL_OVERVIEW_KEY]: firstPoolSnapshot(overview, 0) });
    expect(frame()).toMatch(/a: fetch#0 workers=\d+ points=\d+ error=none poll#1/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(poolRequests()).toBe(before); // not fetched again on mount
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
    const controller = new AbortController();
    const view = render(
      <DashboardProviders
        client={slowClient}
        config={configFixture}
        demo={false}
        intervalSec={60}
        color={false}
        signal={controller.signal}
        pausedRef={{ current: false }}
      >
        <Probe name="a" />
      </DashboardProviders>,
    );
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
