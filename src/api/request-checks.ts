/**
 * Checks on what the caller asks for, done before anything is signed or sent. Messages name
 * fields and settings, never their values.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import type { BalancesQuery } from './balance-types.js';
import {
  LIMIT_DEFAULT,
  LIMIT_MAX,
  LIMIT_MIN,
  OFFSET_MAX,
  OFFSET_MIN,
  type RefreshParams,
  type SubAccountQuery,
} from './types.js';

/** The body fields actually sent (`search` is left out when empty). */
export interface SubAccountFields {
  [key: string]: string | number | undefined;
  search?: string;
  limit: number;
  offset: number;
}

function inRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export function checkSubAccountQuery(query: SubAccountQuery): SubAccountFields {
  const { search, limit = LIMIT_DEFAULT, offset = OFFSET_MIN } = query;
  const fields: Record<string, string[]> = {};
  if (search !== undefined && typeof search !== 'string') fields.search = ['must be a string'];
  if (!inRange(limit, LIMIT_MIN, LIMIT_MAX))
    fields.limit = [`must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`];
  if (!inRange(offset, OFFSET_MIN, OFFSET_MAX)) {
    fields.offset = [`must be an integer from ${OFFSET_MIN} to ${OFFSET_MAX}`];
  }
  const problems = Object.entries(fields).map(([name, [message]]) => `${name} ${message}`);
  if (problems.length > 0) {
    throw new PooltopError('validation', `invalid sub-account query: ${problems.join('; ')}`, { fields });
  }
  return { search: search === '' ? undefined : search, limit, offset };
}

export function requireApiKeys(
  apiKey: string | undefined,
  apiSecret: string | undefined,
  purpose = 'sub-accounts',
): {
  apiKey: string;
  apiSecret: string;
} {
  const missing = [!apiKey && 'API key', !apiSecret && 'API secret'].filter((m): m is string => !!m);
  if (!apiKey || !apiSecret) {
    throw new PooltopError(
      'config',
      `API key and secret are required for ${purpose}: missing ${missing.join(' and ')} ` +
        '(use --api-key/--api-secret, WHITEBIT_API_KEY/WHITEBIT_API_SECRET or api_key/api_secret in the profile)',
    );
  }
  return { apiKey, apiSecret };
}

export function checkRefreshParams(params: RefreshParams): void {
  const names: Record<keyof RefreshParams, string> = {
    clientId: 'client ID',
    clientSecret: 'client secret',
    refreshToken: 'refresh token',
  };
  const missing = (Object.keys(names) as (keyof RefreshParams)[]).filter(
    (key) => typeof params[key] !== 'string' || params[key] === '',
  );
  if (missing.length > 0) {
    throw new PooltopError(
      'config',
      `client ID, client secret and refresh token are required to refresh a token: missing ${missing
        .map((key) => names[key])
        .join(', ')}`,
    );
  }
}

/** A sub-account id as the API gives it: a UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a ticker may be before it is sent: letters and digits, at most 16. */
export const TICKER = /^[A-Z0-9]{1,16}$/i;

/** The body fields of a balances request; the ticker is sent upper-cased (the API's own spelling). */
export function checkBalancesQuery(query: BalancesQuery): { id: string; ticker?: string } {
  const fields: Record<string, string[]> = {};
  const { id, ticker } = query;
  if (typeof id !== 'string' || !UUID.test(id)) fields.id = ['must be a sub-account id (a UUID)'];
  if (ticker !== undefined && (typeof ticker !== 'string' || !TICKER.test(ticker))) {
    fields.ticker = ['must be 1 to 16 letters or digits'];
  }
  const problems = Object.entries(fields).map(([name, [message]]) => `${name} ${message}`);
  if (problems.length > 0) {
    throw new PooltopError('validation', `invalid balances query: ${problems.join('; ')}`, { fields });
  }
  return ticker === undefined ? { id } : { id, ticker: ticker.toUpperCase() };
}
