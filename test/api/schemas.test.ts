import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import {
  parseJsonBody,
  parsePoolOverview,
  parseSubAccountPage,
  parseTokenSet,
} from '../../src/api/schemas.js';

const snake = () => ({
  connection_links: ['stratum+tcp://1.1.1.1:80'],
  location: 'global',
  assets: ['BTC'],
  reward_schemes: ['FPPS'],
  workers: 1846,
  current_hash_rate: '39353570.8006319183174839',
  last7days_hash_rate: [
    { timestamp: 1732665600, hashrate: '2.5' },
    { timestamp: 1732579200, hashrate: '184425100325925.9259259259259259' },
  ],
  blocks: [
    { block_found_at: 1715339355, block_height: 18329 },
    { block_found_at: 1715349355, block_height: 18330 },
  ],
});

function schemaError(fn: () => unknown): PooltopError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PooltopError);
    expect((err as PooltopError).kind).toBe('schema');
    return err as PooltopError;
  }
  throw new Error('accepted');
}

describe('parsePoolOverview', () => {
  it('accepts the snake_case object, drops unknown fields, sorts history up and blocks newest first', () => {
    const pool = parsePoolOverview({ data: { ...snake(), extra: 'x' }, success: true });
    expect(pool).not.toHaveProperty('extra');
    expect(pool.last7days_hash_rate.map((p) => p.timestamp)).toEqual([1732579200, 1732665600]);
    expect(pool.last7days_hash_rate[0]!.hashrate).toBe('184425100325925.9259259259259259');
    expect(pool.blocks.map((b) => b.block_height)).toEqual([18330, 18329]);
    expect(pool.workers).toBe(1846);
  });

  it('normalises the legacy camelCase one-element array to the same shape', () => {
    const s = snake();
    const legacy = {
      data: [
        {
          connectionLinks: s.connection_links,
          location: s.location,
          assets: s.assets,
          rewardSchemes: s.reward_schemes,
          workers: s.workers,
          currentHashRate: s.current_hash_rate,
          last7daysHashRate: s.last7days_hash_rate.map((p) => ({ ...p, junk: 1 })),
          blocks: s.blocks.map((b) => ({ blockFoundAt: b.block_found_at, blockHeight: b.block_height })),
        },
      ],
    };
    expect(parsePoolOverview(legacy)).toEqual(parsePoolOverview({ data: s }));
    const two = { data: [legacy.data[0], legacy.data[0]] };
    expect(schemaError(() => parsePoolOverview(two)).message).toBe(
      'unexpected response: data must hold exactly one pool overview',
    );
    const bad = { data: [{ ...legacy.data[0], blocks: [{ blockFoundAt: 1, blockHeight: -1 }] }] };
    expect(schemaError(() => parsePoolOverview(bad)).message).toBe(
      'unexpected response: data[0].blocks[0].blockHeight must be a non-negative integer',
    );
  });

  it('names the field path of each kind of mismatch', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ workers: -1 }, 'data.workers must be a non-negative integer'],
      [{ workers: 1.5 }, 'data.workers must be a non-negative integer'],
      [{ workers: '12' }, 'data.workers must be a number'],
      [{ current_hash_rate: 'fast' }, 'data.current_hash_rate must be a non-negative decimal number'],
      [{ current_hash_rate: '-1.5' }, 'data.current_hash_rate must be a non-negative decimal number'],
      [{ current_hash_rate: 'Infinity' }, 'data.current_hash_rate must be a non-negative decimal number'],
      [{ current_hash_rate: 12.5 }, 'data.current_hash_rate must be a decimal string'],
      [
        { last7days_hash_rate: [{ timestamp: 1732579200000, hashrate: '1' }] },
        'data.last7days_hash_rate[0].timestamp must be Unix seconds, not milliseconds',
      ],
      [
        { blocks: [{ block_found_at: 1715339355.5, block_height: 1 }] },
        'data.blocks[0].block_found_at must be an integer number of seconds',
      ],
      [{ blocks: [{ block_found_at: 1715339355 }] }, 'data.blocks[0].block_height is missing'],
      [{ location: undefined }, 'data.location is missing'],
      [{ assets: ['BTC', 7] }, 'data.assets[1] must be a string'],
    ];
    for (const [patch, expected] of cases) {
      const err = schemaError(() => parsePoolOverview({ data: { ...snake(), ...patch } }));
      expect(err.message).toBe(`unexpected response: ${expected}`);
      expect(Object.keys(err.fields ?? {})).toHaveLength(1);
    }
    expect(schemaError(() => parsePoolOverview([])).message).toBe(
      'unexpected response: body must be a JSON object',
    );
    expect(schemaError(() => parsePoolOverview({ success: true })).message).toBe(
      'unexpected response: data is missing',
    );
  });
});

const account = () => ({
  id: '8e667b4a-0b71-4988-8af5-9474dbfaeb51',
  alias: 'trading_bot',
  userId: 'u-12345',
  email: 's***@example.com',
  status: 'active',
  color: '#FF5733',
  kyc: { shareKyc: false, kycStatus: 'verified' },
  permissions: { spotEnabled: true, collateralEnabled: false },
});

describe('parseSubAccountPage', () => {
  it('accepts a page, keeps unknown status values, drops extra fields', () => {
    const page = parseSubAccountPage({
      offset: 0,
      limit: 30,
      total: 99,
      data: [{ ...account(), status: 'frozen-ish', secretNote: 'x' }],
    });
    expect(page).toEqual({ offset: 0, limit: 30, data: [{ ...account(), status: 'frozen-ish' }] });
  });

  it('turns a missing or malformed colour into no colour instead of failing', () => {
    const { color: _drop, ...noColor } = account();
    const page = parseSubAccountPage({
      offset: 0,
      limit: 2,
      data: [noColor, { ...account(), color: 'red\u001b[31m' }],
    });
    expect(page.data.map((a) => a.color)).toEqual(['', '']);
  });

  it('rejects wrong types with the field path', () => {
    const bad = { offset: 0, limit: 30, data: [{ ...account(), kyc: { shareKyc: 'no', kycStatus: 'x' } }] };
    expect(schemaError(() => parseSubAccountPage(bad)).message).toBe(
      'unexpected response: data[0].kyc.shareKyc must be a boolean',
    );
    expect(schemaError(() => parseSubAccountPage({ offset: -1, limit: 30, data: [] })).message).toBe(
      'unexpected response: offset must be a non-negative integer',
    );
  });
});

describe('parseTokenSet', () => {
  const token = {
    access_token: 'NTBLZJKYNZETNJFIZC0ZNGM1LWJMYTMTODBJYZRKNWE2NMRM',
    expires_in: 300,
    refresh_token: 'ODZMNMRHM2ETMZQZZI01OTQYLWEWMZATNWQ0NDYZNJBMOWUW',
    scope: 'codes.apply,show.userinfo',
    token_type: 'Bearer',
  };

  it('unwraps data', () => {
    expect(parseTokenSet({ data: { ...token, extra: 1 } })).toEqual(token);
  });

  it('never echoes token values in the error', () => {
    const err = schemaError(() => parseTokenSet({ data: { ...token, expires_in: token.refresh_token } }));
    expect(err.message).toBe('unexpected response: data.expires_in must be a number');
    expect(`${err.message} ${err.detail}`).not.toContain(token.refresh_token);
  });
});

describe('parseJsonBody', () => {
  it('is a schema error for non-JSON', () => {
    expect(schemaError(() => parseJsonBody('<html>')).message).toBe('unexpected response: body is not JSON');
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
  });
});
