/**
 * The sub-account oversight data: every sub-account's API keys and their IP lists, its transfers
 * with the main account, and withdrawals awaiting the main account. A pure function of the seed,
 * an account's place in the list and the time the service started, made when first asked for.
 *
 * - Keys: three per sub-account, of every kind a monitor must tell apart: enabled without an IP
 *   list, idle for months, never used, allowed a withdrawal or transfer endpoint (type 2),
 *   disabled. A few titles carry control and bidi characters; one key's listing carries a
 *   non-empty `apiSecret` (the API sends an empty one), so a test can see it is never printed.
 * - Transfers: a few dozen per account, newest first by transaction id; the first account of the
 *   list has CAPPED_TRANSFERS, more than the 10,000 the API pages to (but fewer per direction).
 * - Unconfirmed withdrawals: on about one account in 25, one or two, minutes to days old.
 */
import { hash32, hashUnit } from './random.js';

export const KEYS_PER_ACCOUNT = 3;
/** Transfers of the list's first account: past the API's reach of 10,000 rows. */
export const CAPPED_TRANSFERS = 14_000;

export interface ModelKey {
  subAccountId: string;
  id: string;
  title: string;
  isEnabled: boolean;
  apiKey: string;
  apiSecret: string;
  type: string;
  /** Unix seconds; 0: never used. */
  lastActivity: number;
  restrictAccess: boolean;
  accessEndpoints: { name: string; title: string }[];
}

export interface ModelTransfer {
  transaction_id: string;
  id: string;
  direction: 'main_to_sub' | 'sub_to_main';
  currency: string;
  amount: string;
  createdAt: number;
}

export interface ModelWithdrawal {
  id: string;
  subAccountId: string;
  currency: string;
  amount: string;
  createdAt: number;
}

const TITLES = ['Trading bot', 'Market maker', 'Read-only reports', 'Tax export', 'Grid bot', 'Rebalancer'];
/** Network text a terminal must not obey: colour escapes, a bidi override, a bell, a title change. */
const HOSTILE_TITLES = [
  'ops\u001b[31m RED\u001b[0m key',
  'backup \u202Eyek\u202C',
  'bell\u0007 and\u001b]0;owned\u0007 title',
];
const CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC'];
const READ_ENDPOINTS = [
  { name: '/api/v4/main-account/balance', title: 'Get Balance' },
  { name: '/api/v4/trade-account/balance', title: 'Trading Balance' },
  { name: '/api/v4/order/new', title: 'Create Limit Order' },
];
const MONEY_ENDPOINTS = [
  { name: '/api/v4/main-account/withdraw', title: 'Create Withdraw Request' },
  { name: '/api/v4/main-account/transfer', title: 'Transfer Between Balances' },
];
const DAY = 86_400;

/** A deterministic UUID v4 from integers. */
export function hashUuid(...parts: number[]): string {
  const words = [0, 1, 2, 3].map((w) =>
    hash32(...parts, w)
      .toString(16)
      .padStart(8, '0'),
  );
  const hex = words.join('');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The keys of the account at `index` (id `accountId`), newest first. */
export function accountKeys(seed: number, index: number, accountId: string, startSec: number): ModelKey[] {
  return Array.from({ length: KEYS_PER_ACCOUNT }, (_, j) => makeKey(seed, index, j, accountId, startSec));
}

function makeKey(seed: number, index: number, j: number, accountId: string, startSec: number): ModelKey {
  const u = (channel: number) => hashUnit(seed, 70 + channel, index, j);
  const slot = index * KEYS_PER_ACCOUNT + j;
  const withdraws = u(1) < 0.12;
  const restrict = withdraws || u(2) < 0.55;
  const activity = u(3);
  // Never used, idle 100–400 days, or used within the last two weeks.
  const lastActivity =
    activity < 0.1
      ? 0
      : activity < 0.25
        ? startSec - (100 + Math.floor(u(4) * 300)) * DAY
        : startSec - Math.floor(u(4) * 14 * DAY);
  const endpoints = restrict
    ? [
        ...READ_ENDPOINTS.slice(0, 1 + Math.floor(u(5) * 3)),
        ...(withdraws ? MONEY_ENDPOINTS.slice(0, 1 + Math.floor(u(6) * 2)) : []),
      ]
    : [];
  const hostile = slot % 97 === 5 ? HOSTILE_TITLES[Math.floor(slot / 97) % HOSTILE_TITLES.length] : undefined;
  return {
    subAccountId: accountId,
    id: hashUuid(seed, 71, index, j),
    title: hostile ?? `${TITLES[Math.floor(u(7) * TITLES.length)]} ${j + 1}`,
    isEnabled: u(8) >= 0.1,
    apiKey: `pub-${hash32(seed, 72, index, j).toString(16).padStart(8, '0')}`,
    // The API always sends an empty secret in a listing; one key breaks that, for the tests.
    apiSecret: slot === 4 ? `sk-${hash32(seed, 73, index, j).toString(16)}-must-never-be-shown` : '',
    type: withdraws ? '2' : '1',
    lastActivity,
    restrictAccess: restrict,
    accessEndpoints: endpoints,
  };
}

/** The addresses a key may be used from: none (no restriction) on about a third of keys. */
export function keyIps(seed: number, index: number, j: number): string[] {
  if (hashUnit(seed, 80, index, j) < 0.35) return [];
  const n = 1 + Math.floor(hashUnit(seed, 81, index, j) * 3);
  return Array.from({ length: n }, (_, k) => {
    const h = hash32(seed, 82, index, j, k);
    return `203.0.${(h >>> 8) & 0xff}.${h & 0xff}`;
  });
}

export function transferCount(index: number, seed: number): number {
  return index === 0 ? CAPPED_TRANSFERS : Math.floor(hashUnit(seed, 90, index) * 40);
}

/** Transfer `n` (0 = oldest) of the account at `index`; a pure function of its arguments. */
export function transferAt(
  seed: number,
  index: number,
  n: number,
  count: number,
  startSec: number,
): ModelTransfer {
  const id = `${(index + 1) * 1_000_000 + n}`;
  const currency = CURRENCIES[hash32(seed, 91, index, n) % CURRENCIES.length] ?? 'USDT';
  const cents = 1 + (hash32(seed, 92, index, n) % 500_000);
  return {
    transaction_id: id,
    id,
    direction: hashUnit(seed, 93, index, n) < 0.6 ? 'main_to_sub' : 'sub_to_main',
    currency,
    amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    // One an hour or so, the newest shortly before the start.
    createdAt: startSec - (count - n) * 3600 - (hash32(seed, 94, index, n) % 1800),
  };
}

/** The withdrawals awaiting the main account for the account at `index`, newest first. */
export function accountWithdrawals(
  seed: number,
  index: number,
  accountId: string,
  startSec: number,
): ModelWithdrawal[] {
  if (hashUnit(seed, 100, index) >= 0.04 && index !== 1) return [];
  const n = 1 + (hash32(seed, 101, index) % 2);
  return Array.from({ length: n }, (_, k) => ({
    id: hashUuid(seed, 102, index, k),
    subAccountId: accountId,
    currency: CURRENCIES[hash32(seed, 103, index, k) % CURRENCIES.length] ?? 'USDT',
    amount: String(1 + (hash32(seed, 104, index, k) % 2000)),
    // Minutes to three days ago.
    createdAt: startSec - 300 - (hash32(seed, 105, index, k) % (3 * DAY)) - k * 60,
  })).sort((a, b) => b.createdAt - a.createdAt);
}
