/**
 * An independent reading of a service's rewards for tests: every page fetched with a request
 * signed here (sign.ts and fetch, not the client or its pager), and yields checked with BigInt.
 */
import { expect } from 'vitest';
import { MINING_PATHS } from '../../src/api/mining-types.js';
import { signRequest } from '../../src/api/sign.js';
import type { RewardWire } from '../../src/service/mining-rewards.js';

/** A reward as the service sends it. */
export type WireReward = RewardWire;

export interface SignedTarget {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** The last nonce sent: each one the clock's, unless that is not past the last (strictly increasing). */
let nonce = 0;

/** Every reward of the window: signed pages of 100 from offset 0 until a short page. */
export async function fetchRewardPages(
  target: SignedTarget,
  fields: { from?: number; to?: number; account?: string },
): Promise<WireReward[]> {
  const rows: WireReward[] = [];
  for (let offset = 0; ; offset += 100) {
    nonce = Math.max(nonce + 1, Date.now());
    const signed = signRequest({
      path: MINING_PATHS.rewards,
      fields: { ...fields, offset, limit: 100 },
      nonce,
      apiKey: target.apiKey,
      apiSecret: target.apiSecret,
    });
    const res = await fetch(target.baseUrl + MINING_PATHS.rewards, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    });
    expect(res.status).toBe(200);
    const page = ((await res.json()) as { data: WireReward[] }).data;
    rows.push(...page);
    if (page.length < 100) return rows;
  }
}

/** A decimal string as an integer count of 10^-places. */
export function units(value: string, places: number): bigint {
  const [whole, frac = ''] = value.split('.');
  expect(frac.length).toBeLessThanOrEqual(places);
  return BigInt(whole + frac.padEnd(places, '0'));
}

/**
 * `printed` (12 places) is `total ÷ (rate / 10^12)` rounded half up, `total` in 10^-totalPlaces
 * units and `rate` in H/s: with q the printed value in 10^-12 units,
 * (q − ½)·rate·10^tp ≤ total·10^24 < (q + ½)·rate·10^tp.
 */
export function expectYield(printed: string, total: bigint, totalPlaces: number, rate: bigint): void {
  expect(printed).toMatch(/^\d+\.\d{12}$/);
  const q = units(printed, 12);
  const lhs = 2n * total * 10n ** 24n;
  const scale = 10n ** BigInt(totalPlaces);
  expect((2n * q - 1n) * rate * scale <= lhs, `${printed} too large`).toBe(true);
  expect(lhs < (2n * q + 1n) * rate * scale, `${printed} too small`).toBe(true);
}
