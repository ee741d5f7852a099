/**
 * Daily FPPS rewards. Each account earns one reward per UTC day since it was created, dated at
 * the start of the day it was mined and visible once that day is over. It stays `pending` for
 * 2–30 hours after the day ends, then becomes `successful`, or (about 1 in 40) `canceled`.
 * Amounts are whole satoshis: total = the day's average TH/s × the day's FPPS rate (`fppsRate`,
 * our choice of unit: BTC per TH/s per day, about 0.00000048); fee = total × the fee % of that
 * day; reward = total − fee. Each account's fee changed once in the last year (half a point down,
 * to the fee `miners/info` shows), 76 to 324 days before the service started. External-address
 * payouts carry an address, a transaction hash and a payout time once successful; main-balance
 * payouts carry nulls.
 */
import { ACCOUNT_MIN_AGE_DAYS, DAY, type MiningAccountModel } from './mining-model.js';
import { hexString } from './mining-names.js';
import { hashUnit, valueNoise } from './random.js';

export interface RewardWire {
  miningAccountName: string;
  payoutDestination: string;
  payoutTransactionHash: string | null;
  payoutAddress: string | null;
  payoutTime: number | null;
  rewardCurrency: string;
  totalReward: string;
  reward: string;
  fee: string;
  fppsRate: string;
  hashRate: string;
  date: number;
  status: 'pending' | 'successful' | 'canceled';
}

export interface RewardQuery {
  from?: number;
  to?: number;
  limit: number;
  offset: number;
}

const SATS = 100_000_000;

/** Rewards of `accounts` dated in [from, to], newest first (same day: account order), one page. */
export function rewardsPage(
  accounts: readonly MiningAccountModel[],
  query: RewardQuery,
  nowSec: number,
): RewardWire[] {
  const lastDay = Math.floor(nowSec / DAY) - 1;
  const fromDay = query.from === undefined ? Number.NEGATIVE_INFINITY : Math.ceil(query.from / DAY);
  const toDay = Math.min(lastDay, query.to === undefined ? lastDay : Math.floor(query.to / DAY));
  const entries: { account: MiningAccountModel; day: number }[] = [];
  const firstDay = Math.max(fromDay, Math.min(...accounts.map((a) => Math.floor(a.createdAt / DAY))));
  for (let day = toDay; day >= firstDay; day--) {
    for (const account of accounts) {
      if (day >= Math.floor(account.createdAt / DAY)) entries.push({ account, day });
    }
    if (entries.length >= query.offset + query.limit) break;
  }
  return entries
    .slice(query.offset, query.offset + query.limit)
    .map(({ account, day }) => reward(account, day, nowSec));
}

function reward(account: MiningAccountModel, day: number, nowSec: number): RewardWire {
  const seed = account.seed;
  const date = day * DAY;
  const rate = account.averageRate(date, DAY);
  // FPPS: satoshis per TH/s per day, drifting slowly around 48.
  const fppsSats = 48 + 6 * valueNoise(seed, 30, day / 14);
  const totalSats = Math.round((rate / 1e12) * fppsSats);
  const feeSats = Math.round((totalSats * Number(feeOn(account, day))) / 100);
  const settleAt = date + DAY + Math.floor(3600 * (2 + 28 * hashUnit(seed, 31, day)));
  const status = nowSec < settleAt ? 'pending' : hashUnit(seed, 32, day) < 0.025 ? 'canceled' : 'successful';
  const external = account.payout.payoutDestination === 'external_address';
  const paid = external && status === 'successful';
  return {
    miningAccountName: account.name,
    payoutDestination: account.payout.payoutDestination,
    payoutTransactionHash: paid ? hexString(64, (k) => hashUnit(seed, 33, day, k)) : null,
    payoutAddress: external ? account.payout.externalAddress : null,
    payoutTime: paid ? settleAt + Math.floor(600 + 3000 * hashUnit(seed, 34, day)) : null,
    rewardCurrency: 'BTC',
    totalReward: btc(totalSats),
    reward: btc(totalSats - feeSats),
    fee: btc(feeSats),
    fppsRate: btc(fppsSats, 10),
    hashRate: String(Math.round(rate)),
    date,
    status,
  };
}

/**
 * The fee % on `day`: the account's fee from its change day on, half a point more before. The
 * change day counts from the account's creation, so it stays put as the clock moves; with the
 * ages of mining-model.ts it falls 76 to 324 days before the service started.
 */
export function feeOn(account: MiningAccountModel, day: number): string {
  const created = Math.floor(account.createdAt / DAY);
  const change =
    created + ACCOUNT_MIN_AGE_DAYS - 300 + account.index * 30 + Math.floor(225 * hashUnit(account.seed, 35));
  return day >= change ? account.fee : String(Number(account.fee) + 0.5);
}

/** Satoshis → BTC text without trailing zeros (`125000` → `"0.00125"`); `digits` for fractional satoshis. */
export function btc(sats: number, digits = 0): string {
  if (digits > 0) return (sats / SATS).toFixed(digits).replace(/\.?0+$/, '');
  const whole = Math.floor(sats / SATS);
  const frac = String(sats % SATS)
    .padStart(8, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(whole) : `${whole}.${frac}`;
}
