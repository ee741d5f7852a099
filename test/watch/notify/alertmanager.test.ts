/** The Alertmanager sink against a loopback receiver standing in for /api/v2/alerts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Round } from '../../../src/watch/event.js';
import { alertsUrl, FIRING_HORIZON_MS, REPOST_INTERVAL_MS } from '../../../src/watch/notify/alertmanager.js';
import { createNotifier, type Notifier } from '../../../src/watch/notify/notifier.js';
import { event, fakeClock, type Receiver, startReceiver, tempDir } from './helpers.js';

const open: Array<Notifier | Receiver> = [];
afterEach(async () => {
  for (const x of open.splice(0)) await x.close();
});

async function setup() {
  const receiver = await startReceiver();
  const clock = fakeClock();
  const log: string[] = [];
  const notifier = createNotifier({
    targets: [{ type: 'alertmanager', index: 1, url: `${receiver.url}/am/`, timeoutMs: 10_000 }],
    stateDir: tempDir(),
    log: (l) => log.push(l),
    random: () => 0.5,
    ...clock,
  });
  open.push(notifier, receiver);
  return { receiver, clock, log, notifier };
}

type Posted = Array<{
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  endsAt: string;
}>;
const posts = (r: Receiver) => r.got.map((g) => JSON.parse(g.body) as Posted);

const rig = event({ worker: 'rig-07' });
const pool = event({
  kind: 'threshold',
  severity: 'warning',
  account: null,
  worker: null,
  metric: 'hashrate',
  value: 1.5e17,
  summary: 'pool: hashrate 150 PH/s below 200 PH/s',
});

describe('Alertmanager sink', () => {
  it('posts new alerts as one JSON array to /api/v2/alerts under the base URL', async () => {
    const { receiver, clock, notifier } = await setup();
    const r: Round = { events: [], alerts: [rig, pool], firing: [rig, pool] };
    notifier.send(r);
    await vi.waitFor(() => expect(receiver.got.length).toBeGreaterThanOrEqual(1));
    const req = receiver.got[0];
    expect(req?.url).toBe('/am/api/v2/alerts');
    expect(req?.headers['content-type']).toBe('application/json');
    const endsAt = new Date(clock.now() + FIRING_HORIZON_MS).toISOString();
    expect(posts(receiver)[0]).toEqual([
      {
        labels: {
          alertname: 'PooltopWorkerOffline',
          severity: 'critical',
          metric: 'worker_offline',
          account: 'main_farm',
          worker: 'rig-07',
        },
        annotations: { summary: 'main_farm: worker rig-07 offline' },
        startsAt: rig.startsAt,
        endsAt,
      },
      {
        // No account or worker label at all: an empty label is the same as none in Alertmanager.
        labels: { alertname: 'PooltopThreshold', severity: 'warning', metric: 'hashrate' },
        annotations: { summary: 'pool: hashrate 150 PH/s below 200 PH/s', value: '150000000000000000' },
        startsAt: pool.startsAt,
        endsAt,
      },
    ]);
  });

  it('a resolved alert carries its resolve time as endsAt', async () => {
    const { receiver, notifier } = await setup();
    const resolved = { ...rig, status: 'resolved' as const, endsAt: '2026-03-01T12:04:00.000Z' };
    notifier.send({ events: [], alerts: [resolved], firing: [] });
    await vi.waitFor(() => expect(receiver.got).toHaveLength(1));
    expect(posts(receiver)[0]?.[0]?.endsAt).toBe('2026-03-01T12:04:00.000Z');
  });

  it('re-posts every firing alert each minute, between rounds too; a failed re-post is not queued', async () => {
    const { receiver, clock, log, notifier } = await setup();
    notifier.send({ events: [], alerts: [rig], firing: [rig] });
    // The new alert, then (nothing posted for a minute before) the firing set.
    await vi.waitFor(() => expect(receiver.got).toHaveLength(2));
    await vi.waitFor(() => expect(clock.pending()).toEqual([REPOST_INTERVAL_MS]));
    clock.advance(REPOST_INTERVAL_MS);
    await vi.waitFor(() => expect(receiver.got).toHaveLength(3));
    const third = posts(receiver)[2];
    expect(third?.map((a) => a.labels.worker)).toEqual(['rig-07']);
    expect(third?.[0]?.endsAt).toBe(new Date(clock.now() + FIRING_HORIZON_MS).toISOString());

    receiver.replies = [{ status: 503 }];
    await vi.waitFor(() => expect(clock.pending()).toEqual([REPOST_INTERVAL_MS]));
    clock.advance(REPOST_INTERVAL_MS);
    await vi.waitFor(() =>
      expect(log).toEqual([expect.stringContaining('delivery failed (HTTP 503); will retry')]),
    );
    expect(notifier.pending()).toEqual([0]);
    receiver.replies = [];
    await vi.waitFor(() => expect(clock.pending()).toEqual([REPOST_INTERVAL_MS]));
    clock.advance(REPOST_INTERVAL_MS);
    await vi.waitFor(() => expect(log).toHaveLength(2));
    expect(log[1]).toBe(`pooltop: notify[1] (alertmanager ${receiver.url}): delivering again`);
    expect(receiver.got).toHaveLength(5);
  });

  it('a round that comes while a re-post is in flight is delivered when it ends', async () => {
    const { receiver, notifier } = await setup();
    let release = () => {};
    receiver.hold = new Promise((r) => (release = r));
    notifier.send({ events: [], alerts: [], firing: [rig] });
    await vi.waitFor(() => expect(receiver.got).toHaveLength(1));
    notifier.send({ events: [], alerts: [pool], firing: [rig, pool] });
    release();
    await vi.waitFor(() => expect(receiver.got).toHaveLength(2));
    expect(posts(receiver)[1]?.map((a) => a.labels.alertname)).toEqual(['PooltopThreshold']);
    expect(notifier.pending()).toEqual([0]);
  });

  it('nothing firing: nothing re-posted', async () => {
    const { receiver, clock, notifier } = await setup();
    const resolved = { ...rig, status: 'resolved' as const, endsAt: '2026-03-01T12:04:00.000Z' };
    notifier.send({ events: [], alerts: [resolved], firing: [] });
    await vi.waitFor(() => expect(notifier.pending()).toEqual([0]));
    await vi.waitFor(() => expect(receiver.got).toHaveLength(1));
    expect(clock.pending()).toEqual([]);
  });

  it.each([
    ['http://127.0.0.1:9093', 'http://127.0.0.1:9093/api/v2/alerts'],
    ['http://127.0.0.1:9093/', 'http://127.0.0.1:9093/api/v2/alerts'],
    ['https://am.example.net/alertmanager/', 'https://am.example.net/alertmanager/api/v2/alerts'],
  ])('alertsUrl(%s)', (base, url) => {
    expect(alertsUrl(base)).toBe(url);
  });
});
