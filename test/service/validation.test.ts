import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer, start, type Started } from './helpers.js';

let s: Started;
let signer: Signer;
beforeAll(async () => {
  s = await start({ accounts: 200 });
  signer = new Signer(s.svc);
});
afterAll(() => s.svc.close());

async function expect422(fields: Record<string, unknown>, errors: Record<string, string[]>): Promise<void> {
  const r = await signer.list(fields);
  expect(r.status).toBe(422);
  expect(r.json).toEqual({ code: 0, message: 'Validation failed', errors });
}

describe('sub-account list validation (422)', () => {
  it('limit out of range or not an integer', async () => {
    await expect422({ limit: 0 }, { limit: ['The limit must be at least 1.'] });
    await expect422({ limit: -3 }, { limit: ['The limit must be at least 1.'] });
    await expect422({ limit: 101 }, { limit: ['The limit may not be greater than 100.'] });
    await expect422({ limit: 1.5 }, { limit: ['The limit must be an integer.'] });
    await expect422({ limit: '10' }, { limit: ['The limit must be an integer.'] });
    await expect422({ limit: null }, { limit: ['The limit must be an integer.'] });
  });

  it('offset out of range or not an integer', async () => {
    await expect422({ offset: -1 }, { offset: ['The offset must be at least 0.'] });
    await expect422({ offset: 10_001 }, { offset: ['The offset may not be greater than 10000.'] });
    await expect422({ offset: 2.5 }, { offset: ['The offset must be an integer.'] });
    await expect422({ offset: true }, { offset: ['The offset must be an integer.'] });
  });

  it('search not a string, or too long', async () => {
    await expect422({ search: 5 }, { search: ['The search must be a string.'] });
    await expect422({ search: ['a'] }, { search: ['The search must be a string.'] });
    await expect422(
      { search: 'x'.repeat(256) },
      { search: ['The search may not be greater than 255 characters.'] },
    );
  });

  it('names every bad field at once', async () => {
    await expect422(
      { limit: 0, offset: 'x', search: {} },
      {
        limit: ['The limit must be at least 1.'],
        offset: ['The offset must be an integer.'],
        search: ['The search must be a string.'],
      },
    );
  });

  it('accepts the bounds and ignores unknown fields', async () => {
    expect((await signer.page({ limit: 1, offset: 0 })).data).toHaveLength(1);
    expect((await signer.page({ limit: 100 })).data).toHaveLength(100);
    expect((await signer.page({ offset: 10_000 })).data).toEqual([]);
    expect((await signer.page({ extra: 'ignored', limit: 3 })).limit).toBe(3);
    expect((await signer.page({ search: 'x'.repeat(255) })).data).toEqual([]);
  });
});
