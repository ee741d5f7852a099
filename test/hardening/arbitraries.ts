/**
 * fast-check arbitraries of API data whose every string field is hostile (see hostile.ts), and
 * whose every field the parsing policy lets go may be missing or null (docs/design.md).
 */
import fc from 'fast-check';
import { poolOverviewModel } from '../../src/api/schemas.js';
import type { PoolOverview, SubAccountJson, TokenSetJson } from '../../src/api/types.js';
import { NOW } from '../ui/helpers/fixtures.js';
import { hostileNonEmpty, hostileString } from './hostile.js';

const NOW_S = NOW / 1000;

/** The value, or now and then null (a missing key comes from `fc.record`'s `requiredKeys`). */
const orNull = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) });
const decimal = fc.oneof(fc.constant('184425100325925.9259259259259259'), hostileString(3));

/** For views, read as the parser does: even the decimal strings may be junk (the views must cope). */
export const overviewArb: fc.Arbitrary<PoolOverview> = fc
  .record(
    {
      connection_links: orNull(fc.array(hostileString(), { minLength: 1, maxLength: 3 })),
      location: orNull(hostileString()),
      assets: orNull(fc.array(hostileString(), { maxLength: 3 })),
      reward_schemes: orNull(fc.array(hostileString(), { maxLength: 3 })),
      workers: orNull(fc.integer({ min: 0, max: 1e12 })),
      current_hash_rate: orNull(decimal),
      last7days_hash_rate: fc.array(
        fc.record(
          {
            timestamp: orNull(fc.integer({ min: NOW_S - 7 * 86400, max: NOW_S })),
            hashrate: orNull(decimal),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 12 },
      ),
      blocks: fc.array(
        fc.record(
          { block_found_at: orNull(fc.integer({ min: 0, max: NOW_S })), block_height: orNull(fc.nat()) },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
    },
    // The Pool tab's test waits for "Workers" and copies a link: those two are always there.
    { requiredKeys: ['workers', 'connection_links', 'last7days_hash_rate', 'blocks'] },
  )
  .map(poolOverviewModel);

export const accountArb: fc.Arbitrary<SubAccountJson> = fc.record(
  {
    id: hostileNonEmpty(),
    alias: orNull(hostileString()),
    userId: orNull(hostileString()),
    email: orNull(hostileString()),
    status: orNull(fc.oneof(fc.constantFrom('active', 'blocked'), hostileString())),
    color: orNull(fc.oneof(fc.constant('#FF5733'), hostileString())),
    kyc: orNull(
      fc.record({ shareKyc: orNull(fc.boolean()), kycStatus: orNull(hostileString()) }, { requiredKeys: [] }),
    ),
    permissions: orNull(
      fc.record(
        { spotEnabled: orNull(fc.boolean()), collateralEnabled: orNull(fc.boolean()) },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['id'] },
);

export const tokensArb: fc.Arbitrary<TokenSetJson> = fc.record(
  {
    access_token: hostileNonEmpty(),
    expires_in: orNull(fc.nat({ max: 100_000 })),
    refresh_token: hostileNonEmpty(),
    scope: orNull(hostileString()),
    token_type: orNull(hostileNonEmpty()),
  },
  { requiredKeys: ['access_token', 'refresh_token'] },
);
