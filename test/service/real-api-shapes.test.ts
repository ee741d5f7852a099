/**
 * `--pool-shape` and `--sparse`: the service answers in each shape the real API is known to
 * send, and as loosely as it is allowed to, deterministically. Over real HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../src/service/server.js';
import { SPARSE_SHARE } from '../../src/service/sparse.js';
import { get, POOL_PATH, Signer, start } from './helpers.js';

const open: ServiceHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function service(options: Parameters<typeof start>[0] = {}) {
  const started = await start({ accounts: 300, ...options });
  open.push(started.svc);
  return started.svc;
}

type Json = Record<string, unknown>;
const dataOf = async (svc: ServiceHandle) => ((await get(svc, POOL_PATH)).json as { data: unknown }).data;

describe('--pool-shape', () => {
  it('sends the same overview as a snake_case object, a camelCase object or a camelCase array', async () => {
    const snake = (await dataOf(await service())) as Json;
    const camel = (await dataOf(await service({ poolShape: 'camel' }))) as Json;
    const array = (await dataOf(await service({ poolShape: 'camel-array' }))) as Json[];
    expect(Object.keys(snake)).toContain('connection_links');
    expect(Array.isArray(array)).toBe(true);
    expect(array).toEqual([camel]);
    expect(Object.keys(camel).sort()).toEqual(
      [
        'assets',
        'blocks',
        'connectionLinks',
        'currentHashRate',
        'last7daysHashRate',
        'location',
        'rewardSchemes',
        'workers',
      ].sort(),
    );
    expect(camel.connectionLinks).toEqual(snake.connection_links);
    expect(camel.currentHashRate).toBe(snake.current_hash_rate);
    expect(camel.last7daysHashRate).toEqual(snake.last7days_hash_rate);
    const blocks = snake.blocks as { block_found_at: number; block_height: number }[];
    expect(camel.blocks).toEqual(
      blocks.map((b) => ({ blockFoundAt: b.block_found_at, blockHeight: b.block_height })),
    );
  });

  it('refuses an unknown shape', async () => {
    await expect(service({ poolShape: 'kebab' as never })).rejects.toThrow(RangeError);
  });
});

describe('--sparse', () => {
  it('thins a share of accounts, keeps every id, and answers the same way every time', async () => {
    const svc = await service({ sparse: true });
    const signer = new Signer(svc);
    const pages = [];
    for (let offset = 0; offset < 300; offset += 100) pages.push(await signer.page({ limit: 100, offset }));
    const accounts = pages.flatMap((p) => p.data) as unknown as Json[];
    expect(accounts).toHaveLength(300);
    expect(new Set(accounts.map((a) => a.id)).size).toBe(300);
    const thinned = accounts.filter(
      (a) =>
        Object.keys(a).length < 8 || Object.values(a).some((v) => v === null) || typeof a.kyc !== 'object',
    );
    // About SPARSE_SHARE of them (some thinned ones happen to keep every field).
    expect(thinned.length).toBeGreaterThan(300 * SPARSE_SHARE * 0.5);
    expect(thinned.length).toBeLessThan(300 * SPARSE_SHARE * 1.5);
    expect(accounts.some((a) => a.email === null)).toBe(true);
    expect(accounts.some((a) => a.kyc === null || !('kyc' in a))).toBe(true);
    expect(
      accounts.some(
        (a) =>
          typeof a.permissions === 'object' &&
          a.permissions !== null &&
          Object.values(a.permissions).some((v) => v === null),
      ),
    ).toBe(true);

    const again = await service({ sparse: true });
    const replay = await new Signer(again).page({ limit: 100, offset: 0 });
    expect(replay.data).toEqual(pages[0]?.data);
  });

  it('sends some pages without their bounds or with them as strings', async () => {
    const signer = new Signer(await service({ sparse: true, accounts: 1000 }));
    const shapes = new Set<string>();
    for (let offset = 0; offset < 1000; offset += 10) {
      const page = (await signer.page({ limit: 10, offset })) as unknown as Json;
      shapes.add('offset' in page ? (page.offset === null ? 'null' : typeof page.offset) : 'missing');
    }
    expect([...shapes].sort()).toEqual(['missing', 'null', 'number', 'string']);
  });

  it('thins the overview and its items, never leaving a block with neither height nor time', async () => {
    const seen = { workersString: false, hashRateNumber: false, pointNull: false, blockString: false };
    for (let minute = 0; minute < 30; minute++) {
      const svc = await service({ sparse: true, now: () => Date.UTC(2025, 5, 1, 12, minute) });
      const data = (await dataOf(svc)) as Json;
      if (typeof data.workers === 'string') seen.workersString = true;
      if (typeof data.current_hash_rate === 'number') seen.hashRateNumber = true;
      const points = data.last7days_hash_rate as Json[];
      if (points.some((p) => p.timestamp === null || p.hashrate === null)) seen.pointNull = true;
      const blocks = data.blocks as Json[];
      for (const b of blocks) expect(b.block_height ?? b.block_found_at).not.toBeUndefined();
      for (const b of blocks) expect(b.block_height ?? b.block_found_at).not.toBeNull();
      if (blocks.some((b) => typeof b.block_height === 'string')) seen.blockString = true;
      await svc.close();
    }
    expect(seen).toEqual({ workersString: true, hashRateNumber: true, pointNull: true, blockString: true });
  });
});
