/**
 * `--sparse`: answers as loose as the real API is allowed to be (no field is marked required, and
 * the real API is known to leave fields out or send numbers as strings), so anyone can watch pooltop cope. In a deterministic share of items
 * each optional field is kept, dropped, set to null, or sent in its other accepted form (a
 * number as a string, a decimal string as a number). Every choice is a pure function of the
 * seed and the item (an account's id, a block's height, a point's time, the minute for the
 * overview and a page's bounds), so the same request gets the same answer.
 */
import type { GeneratedAccount } from './accounts.js';
import type { SimulatedOverview } from './pool-model.js';
import { hash32, mulberry32 } from './random.js';

/** Share of items (accounts, blocks, points, pages, overviews) that are thinned. */
export const SPARSE_SHARE = 0.3;

type Json = Record<string, unknown>;

const SALT = { account: 41, overview: 42, point: 43, block: 44, page: 45, balance: 46 } as const;

/** A draw sequence for one item, or undefined when the item is left whole. */
export function drawsFor(seed: number, salt: number, key: number): (() => number) | undefined {
  const draw = mulberry32(hash32(seed, salt, key));
  return draw() < SPARSE_SHARE ? draw : undefined;
}

/** The other accepted form of a value: a number as text, decimal text as a number. */
function otherForm(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** Each of `fields` kept, dropped, nulled or sent in its other form. */
export function thin(item: object, fields: readonly string[], draw: () => number): Json {
  const out: Json = { ...item };
  for (const field of fields) {
    if (!(field in out)) continue;
    const u = draw();
    if (u < 0.25) delete out[field];
    else if (u < 0.45) out[field] = null;
    else if (u < 0.7) out[field] = otherForm(out[field]);
  }
  return out;
}

/** Characters of a text folded into one number (a key for the draws). */
export function textKey(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = hash32(h, text.charCodeAt(i));
  return h;
}

export function sparseAccount(account: GeneratedAccount, seed: number): Json {
  const draw = drawsFor(seed, SALT.account, textKey(account.id));
  if (!draw) return { ...account };
  const out = thin(
    { ...account, kyc: thin(account.kyc, ['shareKyc', 'kycStatus'], draw) },
    ['alias', 'userId', 'email', 'status', 'color', 'kyc', 'permissions'],
    draw,
  );
  if (out.permissions !== null && typeof out.permissions === 'object') {
    out.permissions = thin(account.permissions, ['spotEnabled', 'collateralEnabled'], draw);
  }
  return out;
}

/** A page's echoed bounds: dropped, null or strings for a share of pages. */
export function sparsePage(page: { offset: number; limit: number }, seed: number): Json {
  const draw = drawsFor(seed, SALT.page, hash32(page.offset, page.limit));
  return draw ? thin(page, ['offset', 'limit'], draw) : { ...page };
}

const OVERVIEW_FIELDS = [
  'connection_links',
  'location',
  'assets',
  'reward_schemes',
  'workers',
  'current_hash_rate',
] as const;

export function sparseOverview(overview: SimulatedOverview, seed: number, nowMs: number): Json {
  const minute = Math.floor(nowMs / 60_000);
  const draw = drawsFor(seed, SALT.overview, minute);
  const top: Json = draw ? thin(overview, OVERVIEW_FIELDS, draw) : { ...overview };
  top.last7days_hash_rate = overview.last7days_hash_rate.map((p) => {
    const d = drawsFor(seed, SALT.point, p.timestamp);
    return d ? thin(p, ['timestamp', 'hashrate'], d) : p;
  });
  top.blocks = overview.blocks.map((b) => {
    const d = drawsFor(seed, SALT.block, b.block_height);
    // One of the two only: a block with neither would be malformed, not sparse.
    return d ? thin(b, [d() < 0.5 ? 'block_found_at' : 'block_height'], d) : b;
  });
  return top;
}

/**
 * A sub-account's balances, thinned for a share of accounts: each amount kept, dropped, null or
 * a number; now and then an entry split into two objects (the second all zeros) that sum to it.
 */
export function sparseBalances(
  entries: Readonly<Record<string, readonly object[]>>,
  accountId: string,
  seed: number,
): Record<string, Json[]> {
  const draw = drawsFor(seed, SALT.balance, textKey(accountId));
  if (!draw)
    return Object.fromEntries(Object.entries(entries).map(([t, list]) => [t, list.map((i) => ({ ...i }))]));
  const out: Record<string, Json[]> = {};
  for (const [ticker, list] of Object.entries(entries)) {
    const thinned = list.map((item) => thin(item, ['main', 'spot', 'collateral'], draw));
    out[ticker] = draw() < 0.15 ? [...thinned, { main: '0', spot: '0', collateral: '0' }] : thinned;
  }
  return out;
}
