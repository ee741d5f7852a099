import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { type DegradationSink, decimalText, type Degradation } from '../../src/api/parse-policy.js';
import {
  parseJsonBody,
  parsePoolOverview,
  parseSubAccountPage,
  parseTokenSet,
  subAccountModel,
  rotatedRefreshToken,
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

/** The same overview in camelCase, keys in another order than the spec's. */
const camel = () => {
  const s = snake();
  return {
    blocks: s.blocks.map((b) => ({ blockHeight: b.block_height, blockFoundAt: b.block_found_at })),
    workers: s.workers,
    currentHashRate: s.current_hash_rate,
    last7daysHashRate: s.last7days_hash_rate,
    rewardSchemes: s.reward_schemes,
    assets: s.assets,
    location: s.location,
    connectionLinks: s.connection_links,
  };
};

function collect(): { report: (d: Degradation) => void; lines: string[] } {
  const lines: string[] = [];
  return { lines, report: (d) => lines.push(`${d.path} ${d.problem}`) };
}

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

/** The overview as read, in its wire shape: what `pool --json` prints. */
const readWire = (body: unknown, report?: DegradationSink) => parsePoolOverview(body, report).received;

describe('parsePoolOverview: the model', () => {
  it('is camelCase with null for absent, hash rates in H/s as numbers and times in seconds', () => {
    const pool = parsePoolOverview({ data: { ...snake(), location: null, assets: undefined } });
    expect(pool).toMatchObject({
      location: null,
      assets: null,
      workers: 1846,
      currentHashRate: Number('39353570.8006319183174839'),
      last7daysHashRate: [
        { timestamp: 1732579200, hashrate: Number('184425100325925.9259259259259259') },
        { timestamp: 1732665600, hashrate: 2.5 },
      ],
      blocks: [
        { blockFoundAt: 1715349355, blockHeight: 18330 },
        { blockFoundAt: 1715339355, blockHeight: 18329 },
      ],
    });
    expect(Object.keys(pool)).not.toContain('current_hash_rate');
    const junk = parsePoolOverview({
      data: { ...snake(), current_hash_rate: 'n/a', blocks: [{ block_height: 7 }] },
    });
    expect(junk.currentHashRate).toBeNull();
    expect(junk.blocks).toEqual([{ blockFoundAt: null, blockHeight: 7 }]);
  });
});

describe('parsePoolOverview: the three known shapes', () => {
  it('normalises the snake_case object, the camelCase object and the camelCase array to one model', () => {
    const fromSnake = readWire({ data: { ...snake(), extra: 'x' }, success: true });
    const fromCamel = readWire({ data: camel() });
    const fromArray = readWire({ data: [camel()] });
    expect(fromSnake).not.toHaveProperty('extra');
    expect(fromCamel).toEqual(fromSnake);
    expect(fromArray).toEqual(fromSnake);
    // Same bytes too: fields come out in the spec's order whatever order they arrived in.
    expect(JSON.stringify(fromCamel)).toBe(JSON.stringify(fromSnake));
    expect(JSON.stringify(fromArray)).toBe(JSON.stringify(fromSnake));
    expect(Object.keys(fromCamel)).toEqual(Object.keys(snake()));
  });

  it('sorts history oldest first and blocks newest first', () => {
    const pool = readWire({ data: snake() });
    expect(pool.last7days_hash_rate?.map((p) => p.timestamp)).toEqual([1732579200, 1732665600]);
    expect(pool.last7days_hash_rate?.[0]?.hashrate).toBe('184425100325925.9259259259259259');
    expect(pool.blocks?.map((b) => b.block_height)).toEqual([18330, 18329]);
    expect(pool.workers).toBe(1846);
  });

  it('shows the first of several pools and refuses an empty array', () => {
    const { report, lines } = collect();
    const pool = readWire({ data: [camel(), { ...camel(), workers: 1 }] }, report);
    expect(pool.workers).toBe(1846);
    expect(lines).toEqual(['data holds 2 pool overviews; the first is shown']);
    expect(schemaError(() => readWire({ data: [] })).message).toBe(
      'unexpected response: data holds no pool overview',
    );
  });

  it('fails only when the overview itself is absent or the body is not an object', () => {
    expect(schemaError(() => readWire([])).message).toBe('unexpected response: body must be a JSON object');
    expect(schemaError(() => readWire({ success: true })).message).toBe(
      'unexpected response: data is missing',
    );
    expect(schemaError(() => readWire({ data: 'x' })).message).toBe(
      'unexpected response: data must be an object',
    );
  });
});

describe('parsePoolOverview: the parsing policy', () => {
  it('keeps a missing field missing and a null one null, and reports both', () => {
    const { location: _l, ...rest } = snake();
    const { report, lines } = collect();
    const pool = readWire({ data: { ...rest, workers: null } }, report);
    expect(pool).not.toHaveProperty('location');
    expect(pool.workers).toBeNull();
    expect(JSON.stringify(pool)).toContain('"workers":null');
    expect(lines).toEqual(['data.location is missing', 'data.workers is null']);
    const empty = readWire({ data: {} });
    expect(JSON.stringify(empty)).toBe('{}');
  });

  it('accepts numbers as strings and decimal strings as numbers', () => {
    const { report, lines } = collect();
    const pool = readWire(
      {
        data: {
          ...snake(),
          workers: '1846',
          current_hash_rate: 1.8e17,
          last7days_hash_rate: [{ timestamp: '1732579200', hashrate: 12.5 }],
          blocks: [{ block_found_at: '1715339355', block_height: '18329' }],
        },
      },
      report,
    );
    expect(pool.workers).toBe(1846);
    expect(pool.current_hash_rate).toBe('180000000000000000');
    expect(pool.last7days_hash_rate).toEqual([{ timestamp: 1732579200, hashrate: '12.5' }]);
    expect(pool.blocks).toEqual([{ block_found_at: 1715339355, block_height: 18329 }]);
    expect(lines).toEqual([]);
  });

  it('leaves out a value it cannot read, names the path and the type, never the value', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ workers: 'lots' }, 'data.workers must be a whole number, 0 or more (got a string); left out'],
      [{ workers: -1 }, 'data.workers must be a whole number, 0 or more (got a number); left out'],
      [{ workers: 1.5 }, 'data.workers must be a whole number, 0 or more (got a number); left out'],
      [
        { current_hash_rate: 'fast' },
        'data.current_hash_rate must be a decimal number, 0 or more (got a string); left out',
      ],
      [
        { current_hash_rate: '-1.5' },
        'data.current_hash_rate must be a decimal number, 0 or more (got a string); left out',
      ],
      [{ location: { city: 'x' } }, 'data.location must be text (got an object); left out'],
      [{ assets: 'BTC' }, 'data.assets must be a list (got a string); left out'],
      [{ assets: ['BTC', {}] }, 'data.assets[1] must be text (got an object); left out'],
      [
        { last7days_hash_rate: [{ timestamp: 1732579200000, hashrate: '1' }] },
        'data.last7days_hash_rate[0].timestamp must be Unix seconds (got a number); left out',
      ],
      [
        { blocks: [{ block_found_at: 1715339355.5, block_height: 1 }] },
        'data.blocks[0].block_found_at must be Unix seconds (got a number); left out',
      ],
    ];
    for (const [patch, expected] of cases) {
      const { report, lines } = collect();
      const pool = readWire({ data: { ...snake(), ...patch } }, report);
      expect(lines, JSON.stringify(patch)).toEqual([expected]);
      const field = Object.keys(patch)[0] as keyof typeof pool;
      if (!expected.includes('[')) expect(pool).not.toHaveProperty(field);
    }
  });

  it('keeps a block with a height or a time; one with neither is a malformed row, not a failure', () => {
    const { report, lines } = collect();
    const pool = readWire(
      { data: { ...snake(), blocks: [{ block_height: 7 }, { block_found_at: 1715339355 }, {}, 'junk'] } },
      report,
    );
    expect(pool.blocks).toEqual([{ block_found_at: 1715339355 }, { block_height: 7 }, {}, {}]);
    expect(lines).toEqual([
      'data.blocks[0].block_found_at is missing',
      'data.blocks[1].block_height is missing',
      'data.blocks[2] malformed: neither a height nor a time; shown with placeholders',
      'data.blocks[2].block_found_at is missing',
      'data.blocks[2].block_height is missing',
      'data.blocks[3] must be an object (got a string); shown as an empty row',
    ]);
  });

  it('writes a number out in full as decimal text', () => {
    expect(decimalText(12.5)).toBe('12.5');
    expect(decimalText(1.8e17)).toBe('180000000000000000');
    expect(decimalText(2e21)).toBe('2000000000000000000000');
    expect(decimalText(1e-7)).toBe('0.0000001');
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
  it('accepts the documented page, keeps unknown status values, drops extra fields', () => {
    const page = parseSubAccountPage({
      offset: 0,
      limit: 30,
      total: 99,
      data: [{ ...account(), status: 'frozen-ish', secretNote: 'x' }],
    });
    expect(page).toEqual({
      offset: 0,
      limit: 30,
      data: [subAccountModel({ ...account(), status: 'frozen-ish' })],
    });
    expect(page.data[0]?.received).toEqual({ ...account(), status: 'frozen-ish' });
  });

  it('accepts a page without offset and limit, or with them as strings', () => {
    const bare = parseSubAccountPage({ data: [account()] });
    expect(bare).toEqual({ offset: null, limit: null, data: [subAccountModel(account())] });
    expect(parseSubAccountPage({ offset: '30', limit: '30', data: [] })).toEqual({
      offset: 30,
      limit: 30,
      data: [],
    });
  });

  it('accepts a shared-KYC account without an email', () => {
    const { email: _e, ...shared } = { ...account(), kyc: { shareKyc: true, kycStatus: 'shared' } };
    const { report, lines } = collect();
    const page = parseSubAccountPage({ offset: 0, limit: 30, data: [account(), shared] }, report);
    expect(page.data[1]?.email).toBeNull();
    // As read, for `accounts --json`: missing stays missing.
    expect(page.data[1]?.received).toEqual(shared);
    expect(page.data[1]?.received).not.toHaveProperty('email');
    expect(lines).toEqual(['data[1].email is missing']);
  });

  it('degrades one row, never the page, whatever its fields hold', () => {
    const { report, lines } = collect();
    const page = parseSubAccountPage(
      {
        offset: 0,
        limit: 30,
        data: [
          account(),
          {
            ...account(),
            email: null,
            alias: null,
            userId: null,
            status: null,
            kyc: null,
            permissions: null,
          },
          {
            id: 'b',
            kyc: { shareKyc: 'no', kycStatus: 7 },
            permissions: { spotEnabled: 'true', collateralEnabled: 0 },
          },
          { ...account(), id: undefined },
          42,
        ],
      },
      report,
    );
    expect(page.data).toHaveLength(5);
    expect(page.data[1]?.received).toEqual({
      id: account().id,
      alias: null,
      userId: null,
      email: null,
      status: null,
      color: '#FF5733',
      kyc: null,
      permissions: null,
    });
    expect(page.data[2]?.received).toEqual({
      id: 'b',
      kyc: { kycStatus: '7' },
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    // The model: every field, null where it was missing, null or unreadable.
    const { received: _r, ...model } = page.data[2] ?? subAccountModel({});
    expect(model).toEqual({
      id: 'b',
      alias: null,
      userId: null,
      email: null,
      status: null,
      color: null,
      kyc: { shareKyc: null, kycStatus: '7' },
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    expect(page.data[3]?.id).toBeNull();
    expect(page.data[3]?.received).not.toHaveProperty('id');
    expect(page.data[4]?.received).toEqual({});
    expect(lines).toContain('data[2].kyc.shareKyc must be true or false (got a string); left out');
    expect(lines).toContain('data[3] malformed: no id; shown with placeholders');
    expect(lines).toContain('data[4] must be an object (got a number); shown as an empty row');
  });

  it('fails only without the list of items', () => {
    expect(schemaError(() => parseSubAccountPage({ offset: 0, limit: 30 })).message).toBe(
      'unexpected response: data is missing',
    );
    expect(schemaError(() => parseSubAccountPage({ data: null })).message).toBe(
      'unexpected response: data must be a list',
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
    const set = parseTokenSet({ data: { ...token, extra: 1 } });
    expect(set.received).toEqual(token);
    expect(set).toMatchObject({
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      expiresIn: 300,
      scope: token.scope,
      tokenType: 'Bearer',
    });
  });

  it('needs only the two tokens', () => {
    const { scope: _s, expires_in: _e, token_type: _t, ...bare } = token;
    const { report, lines } = collect();
    const set = parseTokenSet({ data: bare }, report);
    expect(set.received).toEqual(bare);
    expect([set.expiresIn, set.scope, set.tokenType]).toEqual([null, null, null]);
    expect(lines).toEqual([
      'data.expires_in is missing',
      'data.scope is missing',
      'data.token_type is missing',
    ]);
    expect(parseTokenSet({ data: { ...token, expires_in: '300' } }).expiresIn).toBe(300);
    for (const field of ['access_token', 'refresh_token'] as const) {
      const { [field]: _drop, ...rest } = token;
      expect(schemaError(() => parseTokenSet({ data: rest })).message).toBe(
        `unexpected response: data.${field} is missing`,
      );
    }
  });

  it('reads the new refresh token from an answer that is otherwise broken', () => {
    expect(rotatedRefreshToken({ data: { refresh_token: token.refresh_token } })).toBe(token.refresh_token);
    expect(rotatedRefreshToken({ data: { ...token, access_token: 5 } })).toBe(token.refresh_token);
    expect(rotatedRefreshToken({ data: { refresh_token: '' } })).toBeUndefined();
    expect(rotatedRefreshToken({ data: [] })).toBeUndefined();
  });

  it('never echoes token values in errors or degradations', () => {
    const { report, lines } = collect();
    parseTokenSet(
      { data: { ...token, expires_in: token.refresh_token, scope: { s: token.access_token } } },
      report,
    );
    const err = schemaError(() =>
      parseTokenSet({ data: { ...token, access_token: { t: token.refresh_token } } }),
    );
    const all = `${lines.join('\n')} ${err.message} ${err.detail}`;
    expect(all).not.toContain(token.refresh_token);
    expect(all).not.toContain(token.access_token);
    expect(lines).toEqual([
      'data.expires_in must be a whole number, 0 or more (got a string); left out',
      'data.scope must be text (got an object); left out',
    ]);
  });
});

describe('parseJsonBody', () => {
  it('is a schema error for non-JSON', () => {
    expect(schemaError(() => parseJsonBody('<html>')).message).toBe('unexpected response: body is not JSON');
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
  });
});
