/** fast-check arbitraries of API data whose every string field is hostile (see hostile.ts). */
import fc from 'fast-check';
import type { PoolOverview, SubAccount, TokenSet } from '../../src/api/types.js';
import { NOW } from '../ui/helpers/fixtures.js';
import { hostileNonEmpty, hostileString } from './hostile.js';

const NOW_S = NOW / 1000;
const decimal = fc.oneof(fc.constant('184425100325925.9259259259259259'), hostileString(3));

/** For views: even the decimal strings may be junk (the views must cope). */
export const overviewArb: fc.Arbitrary<PoolOverview> = fc.record({
  connection_links: fc.array(hostileString(), { minLength: 1, maxLength: 3 }),
  location: hostileString(),
  assets: fc.array(hostileString(), { maxLength: 3 }),
  reward_schemes: fc.array(hostileString(), { maxLength: 3 }),
  workers: fc.integer({ min: 0, max: 1e12 }),
  current_hash_rate: decimal,
  last7days_hash_rate: fc.array(
    fc.record({ timestamp: fc.integer({ min: NOW_S - 7 * 86400, max: NOW_S }), hashrate: decimal }),
    { maxLength: 12 },
  ),
  blocks: fc.array(
    fc.record({ block_found_at: fc.integer({ min: 0, max: NOW_S }), block_height: fc.nat() }),
    {
      maxLength: 4,
    },
  ),
});

export const accountArb: fc.Arbitrary<SubAccount> = fc.record({
  id: hostileNonEmpty(),
  alias: hostileString(),
  userId: hostileString(),
  email: hostileString(),
  status: fc.oneof(fc.constantFrom('active', 'blocked'), hostileString()),
  color: fc.oneof(fc.constant('#FF5733'), hostileString()),
  kyc: fc.record({ shareKyc: fc.boolean(), kycStatus: hostileString() }),
  permissions: fc.record({ spotEnabled: fc.boolean(), collateralEnabled: fc.boolean() }),
});

export const tokensArb: fc.Arbitrary<TokenSet> = fc.record({
  access_token: hostileNonEmpty(),
  expires_in: fc.nat({ max: 100_000 }),
  refresh_token: hostileNonEmpty(),
  scope: hostileString(),
  token_type: hostileNonEmpty(),
});
