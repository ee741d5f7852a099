/**
 * `pooltop mining rewards` over a whole window (no --limit/--offset): every page of the window,
 * through the request queue, of one account or of every account of the key; then by day or by
 * month, as a table, JSON, NDJSON or CSV (rewards/books.ts says what the rows hold). A page that
 * fails fails the command before anything is written.
 */
import { listRewards } from '../api/rewards-listing.js';
import { type BookRow, bookRow, hashRateText, type MonthRow, monthRows } from '../rewards/books.js';
import { rowsOutput, type Shape } from './rows-output.js';
import type { MiningRequest, RewardsBooks } from './mining-args.js';
import { booksDaysText, booksMonthsText } from './mining-rewards-text.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';

export const DAY_CSV_HEADER = [
  'date',
  'account',
  'currency',
  'total',
  'fee',
  'reward',
  'hash_rate_hs',
  'yield_per_th_day',
  'status',
  'payout_time',
  'transaction_hash',
  'payout_address',
] as const;

export const MONTH_CSV_HEADER = [
  'month',
  'account',
  'currency',
  'days',
  'canceled_days',
  'total',
  'fee',
  'reward',
  'yield_per_th_day',
] as const;

const cell = (v: string | number | null) => (v === null ? '' : String(v));

export function dayCsvRecord(r: BookRow): string[] {
  return [
    r.date,
    r.account,
    r.currency,
    r.total,
    r.fee,
    r.reward,
    hashRateText(r.hashRate),
    r.yieldPerTh,
    r.status,
    r.payoutTime,
    r.transactionHash,
    r.payoutAddress,
  ].map(cell);
}

function monthCsvRecord(m: MonthRow): string[] {
  return [m.month, m.account, m.currency, m.days, m.canceledDays, m.total, m.fee, m.reward, m.yieldPerTh].map(
    cell,
  );
}

export async function runRewardsBooks(
  ctx: CommandContext,
  io: CommandIO,
  req: MiningRequest,
  books: RewardsBooks,
  account: string | undefined,
): Promise<void> {
  const rewards = await listRewards(
    ctx.client,
    { account, from: req.from, to: req.to },
    { signal: io.signal, queue: ctx.queue },
  );
  const days = rewards.map(bookRow);
  io.stdout(
    books.by === 'month'
      ? rowsOutput(monthRows(days), MONTHS, books.format, io)
      : rowsOutput(days, DAYS, books.format, io),
  );
}

const DAYS: Shape<BookRow> = { header: DAY_CSV_HEADER, record: dayCsvRecord, text: booksDaysText };
const MONTHS: Shape<MonthRow> = { header: MONTH_CSV_HEADER, record: monthCsvRecord, text: booksMonthsText };
