/**
 * An overview's hash-rate history is read once while it stays the same: a poll whose history is,
 * point for point, the last one's takes it as read. That must never change what is read or
 * reported: for any change to the history (a point changed, dropped, added, moved, one field
 * missing, null or of another type, an extra field), reading with the previous overview gives
 * the same model and the same degradation reports as reading without it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { parsePoolOverview } from '../../src/api/schemas.js';
import type { Degradation } from '../../src/api/parse-policy.js';
import { type FakeServer, startFakeServer } from './fake-server.js';

type Point = Record<string, unknown>;

const history = (n: number): Point[] =>
  Array.from({ length: n }, (_, i) => ({
    timestamp: 1732579200 + i * 3600,
    hashrate: `${180 + i}000000000000000.25`,
  }));

const body = (points: unknown): unknown => ({
  data: {
    connection_links: ['stratum+tcp://eu1.example:3333'],
    location: 'global',
    assets: ['BTC'],
    reward_schemes: ['FPPS'],
    workers: 1846,
    current_hash_rate: '184425100325925.9259259259259259',
    last7days_hash_rate: points,
    blocks: [{ block_found_at: 1715339355, block_height: 18329 }],
  },
});

/** One change to a history (or none). */
const change = fc.oneof(
  fc.constant((h: Point[]) => h),
  fc.nat().map((i) => (h: Point[]) => h.map((p, j) => (j === i % h.length ? { ...p, hashrate: '1.5' } : p))),
  fc.nat().map((i) => (h: Point[]) => h.filter((_, j) => j !== i % h.length)),
  fc.constant((h: Point[]) => [...h, { timestamp: 1, hashrate: '2' }]),
  fc.constant((h: Point[]) => [...h].reverse()),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('timestamp', 'hashrate'),
      fc.constantFrom(undefined, null, 'x', 7, '1732579200'),
    )
    .map(
      ([i, field, value]) =>
        (h: Point[]) =>
          h.map((p, j) => {
            if (j !== i % h.length) return p;
            const q = { ...p };
            if (value === undefined) delete q[field];
            else q[field] = value;
            return q;
          }),
    ),
  fc.nat().map((i) => (h: Point[]) => h.map((p, j) => (j === i % h.length ? { ...p, extra: true } : p))),
  fc.constant(() => null),
  fc.constant(() => 'not a list'),
);

function read(points: unknown, previous?: ReturnType<typeof parsePoolOverview>) {
  const reports: Degradation[] = [];
  const model = parsePoolOverview(body(points), (d) => reports.push(d), previous);
  return { model, reports };
}

describe('parsePoolOverview with the previous overview', () => {
  it('reads every history as it would without it, and reports the same', () => {
    fc.assert(
      // Half the time the next history is the first one again: what was odd in it stays odd.
      fc.property(fc.integer({ min: 1, max: 8 }), change, change, fc.boolean(), (n, first, second, again) => {
        const before = first(history(n)) as Point[];
        const previous = read(before).model;
        const next = again ? first(history(n)) : second(history(n));
        const fresh = read(next);
        const reused = read(next, previous);
        expect(reused.model).toEqual(fresh.model);
        expect(reused.reports).toEqual(fresh.reports);
      }),
      { numRuns: 300 },
    );
  });

  it('takes an unchanged history as it was read', () => {
    const previous = read(history(169)).model;
    const next = read(history(169), previous).model;
    expect(next.last7daysHashRate).toBe(previous.last7daysHashRate);
    expect(next.received.last7days_hash_rate).toBe(previous.received.last7days_hash_rate);
    // The rest of the overview is read afresh.
    expect(next.blocks).not.toBe(previous.blocks);
  });
});

describe('the client', () => {
  let server: FakeServer;
  let points = history(5);
  beforeAll(async () => {
    server = await startFakeServer();
    server.on('GET /api/v4/public/mining-pool', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body(points)));
    });
  });
  afterAll(() => server.close());

  it('reads a history once while it stays the same, and again when it changes', async () => {
    const client = createClient({ baseUrl: server.url, retries: 0 });
    try {
      const first = await client.getMiningPool();
      const second = await client.getMiningPool();
      expect(second.last7daysHashRate).toBe(first.last7daysHashRate);
      points = [...history(5), { timestamp: 1732579200 + 5 * 3600, hashrate: '9.5' }];
      const third = await client.getMiningPool();
      expect(third.last7daysHashRate).toHaveLength(6);
      expect(third.last7daysHashRate?.at(-1)).toEqual({ timestamp: 1732579200 + 5 * 3600, hashrate: 9.5 });
    } finally {
      await client.close();
    }
  });
});
