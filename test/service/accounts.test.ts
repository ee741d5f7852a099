import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountStore, generateAccounts } from '../../src/service/accounts.js';
import { startService } from '../../src/service/server.js';
import { type Account, Signer, start, type Started } from './helpers.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let main: Started;
let signer: Signer;
/** Every account in the server's order, fetched once. */
let all: Account[];

async function fetchAll(s: Signer, fields: Record<string, unknown> = {}, limit = 100): Promise<Account[]> {
  const out: Account[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await s.page({ ...fields, limit, offset });
    expect(page.offset).toBe(offset);
    expect(page.limit).toBe(limit);
    out.push(...page.data);
    if (page.data.length < limit) return out;
  }
}

beforeAll(async () => {
  main = await start();
  signer = new Signer(main.svc);
  all = await fetchAll(signer);
});
afterAll(() => main.svc.close());

describe('sub-account list', () => {
  it('defaults to limit 30, offset 0 and echoes them', async () => {
    const page = await signer.page();
    expect(page.offset).toBe(0);
    expect(page.limit).toBe(30);
    expect(page.data).toHaveLength(30);
    expect(Object.keys(page).sort()).toEqual(['data', 'limit', 'offset']);
  });

  it('generates 1000 well-formed, unique accounts by default', () => {
    expect(all).toHaveLength(1000);
    expect(new Set(all.map((a) => a.id)).size).toBe(1000);
    expect(new Set(all.map((a) => a.userId)).size).toBe(1000);
    for (const a of all) {
      expect(a.id).toMatch(UUID_V4);
      expect(a.alias.length).toBeGreaterThan(0);
      expect(a.userId).toMatch(/^u-\d+$/);
      // As on the real API: no email when KYC is shared.
      if (a.kyc.shareKyc) expect(a).not.toHaveProperty('email');
      else expect(a.email).toMatch(/^[^@*]\*\*\*[^@*]?@[a-z.]+$/);
      expect(a.color).toMatch(/^#[0-9A-F]{6}$/);
      expect(typeof a.kyc.shareKyc).toBe('boolean');
      expect(typeof a.kyc.kycStatus).toBe('string');
      expect(typeof a.permissions.spotEnabled).toBe('boolean');
      expect(typeof a.permissions.collateralEnabled).toBe('boolean');
    }
  });

  it('has a spread of statuses (including a rare unknown one), kyc states and non-ASCII aliases', () => {
    const statuses = new Set(all.map((a) => a.status));
    for (const s of ['active', 'blocked', 'pending', 'frozen']) expect(statuses).toContain(s);
    const kyc = new Set(all.map((a) => a.kyc.kycStatus));
    for (const s of ['verified', 'pending', 'rejected', 'none', 'shared']) expect(kyc).toContain(s);
    const shared = all.filter((a) => a.kyc.shareKyc);
    expect(shared.length).toBeGreaterThan(50);
    expect(shared.length).toBeLessThan(150);
    expect(all.filter((a) => a.kyc.kycStatus === 'shared').every((a) => a.kyc.shareKyc)).toBe(true);
    const active = all.filter((a) => a.status === 'active').length;
    expect(active).toBeGreaterThan(600);
    expect(all.filter((a) => a.status === 'frozen').length).toBeLessThan(60);
    const nonAscii = all.filter((a) => /[^\x20-\x7e]/.test(a.alias));
    expect(nonAscii.length).toBeGreaterThan(10);
    expect(nonAscii.length).toBeLessThan(150);
    expect(all.some((a) => a.alias.startsWith('café-ops'))).toBe(true);
    expect(all.some((a) => a.alias.startsWith('矿工'))).toBe(true);
  });

  it('pages with any limit without overlap or gaps, in one stable order', async () => {
    const by37 = await fetchAll(signer, {}, 37);
    expect(by37.map((a) => a.id)).toEqual(all.map((a) => a.id));
    const by1 = await signer.page({ limit: 1, offset: 999 });
    expect(by1.data.map((a) => a.id)).toEqual([all[999]!.id]);
    const past = await signer.page({ limit: 100, offset: 1000 });
    expect(past.data).toEqual([]);
    expect(past.offset).toBe(1000);
  });

  it('is deterministic for a seed and differs between seeds', async () => {
    const same = await start({ seed: 1 });
    const other = await start({ seed: 2 });
    try {
      const a = await new Signer(same.svc).page({ limit: 100 });
      expect(a.data).toEqual(all.slice(0, 100));
      const b = await new Signer(other.svc).page({ limit: 100 });
      expect(b.data.map((x) => x.id)).not.toEqual(a.data.map((x) => x.id));
    } finally {
      await Promise.all([same.svc.close(), other.svc.close()]);
    }
  });

  it('pins the data of a seed: generated on the first page request, the same as generated up front', () => {
    const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
    // Fixed digests: a change to the generator changes every demo and fixture, so must be deliberate.
    const seed1 = '9662fb50d21aa6129f0fecd79f8c50092a60452720345d27de2ea0f9c7f705ea';
    const seed7 = '64f795dc8e8fc2f95c680165c39ae3ae73fea60d377c60d9f423c78510643747';
    expect(digest(generateAccounts(1000, 1))).toBe(seed1);
    expect(digest(generateAccounts(200, 7))).toBe(seed7);
    const store = createAccountStore(1000, 1);
    expect(store.size).toBe(1000);
    expect(digest(store.page({ search: '', limit: 1000, offset: 0 }))).toBe(seed1);
  });

  it('serves up to 20000 accounts, reachable to the maximum offset, and refuses more', async () => {
    const big = await start({ accounts: 20_000 });
    try {
      const page = await new Signer(big.svc).page({ limit: 100, offset: 10_000 });
      expect(page.data).toHaveLength(100);
    } finally {
      await big.svc.close();
    }
    await expect(startService({ accounts: 20_001 })).rejects.toThrow(RangeError);
    const none = await start({ accounts: 0 });
    try {
      expect((await new Signer(none.svc).page()).data).toEqual([]);
    } finally {
      await none.svc.close();
    }
  });
});

describe('sub-account search', () => {
  function expected(term: string): string[] {
    const t = term.trim().normalize('NFC').toLowerCase();
    return all
      .filter((a) =>
        [a.alias, a.email ?? '', a.id, a.userId].some((f) => f.normalize('NFC').toLowerCase().includes(t)),
      )
      .map((a) => a.id);
  }

  async function search(term: string, limit = 100): Promise<string[]> {
    return (await fetchAll(signer, { search: term }, limit)).map((a) => a.id);
  }

  it('matches alias substrings case-insensitively, keeping the list order', async () => {
    const ids = await search('TRADING_BOT');
    expect(ids.length).toBeGreaterThan(5);
    expect(ids).toEqual(expected('trading_bot'));
    for (const id of ids) {
      expect(all.find((a) => a.id === id)!.alias.toLowerCase()).toContain('trading_bot');
    }
  });

  it('matches email, id and userId', async () => {
    const target = all[123]!;
    expect(await search('corp.example.net')).toEqual(expected('corp.example.net'));
    expect(await search(target.id.toUpperCase())).toEqual([target.id]);
    expect(await search(target.userId)).toContain(target.id);
    expect(await search(target.userId)).toEqual(expected(target.userId));
    const idPart = target.id.slice(9, 18);
    expect(await search(idPart)).toEqual(expected(idPart));
  });

  it('matches non-ASCII aliases, case-folded', async () => {
    const ids = await search('CAFÉ');
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected('café'));
    expect(await search('矿工')).toEqual(expected('矿工'));
  });

  it('pages through search results and trims the term; no match gives an empty page', async () => {
    expect(await search('miner', 7)).toEqual(expected('miner'));
    expect(await search('  miner  ')).toEqual(expected('miner'));
    const none = await signer.page({ search: 'no-such-account-zzz' });
    expect(none).toEqual({ offset: 0, limit: 30, data: [] });
    expect((await signer.page({ search: '' })).data).toEqual(all.slice(0, 30));
  });
});
