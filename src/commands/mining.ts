import { MINING_OPTIONS, parseMiningArgs } from './mining-args.js';
import { type CommandModule, printHelp, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { ONE_SHOT_OPTIONS, parseFlags, timeoutFlag } from './support/parse.js';

export const mining: CommandModule = {
  name: 'mining',
  summary: 'your mining accounts, workers and rewards',
  options: { ...ONE_SHOT_OPTIONS, json: { type: 'boolean' }, ...MINING_OPTIONS },
  help: `Usage: pooltop mining COMMAND [flags] [configuration flags]

Reads your Mining Pool accounts (signed POSTs under /api/v4/mining/; read-only: pooltop never
creates accounts, changes payouts or creates links). Needs an API key and secret.

Commands:
  accounts                          your mining accounts, newest first
  fleet                             every account at a glance: hash rate now and over 24 h,
                                    reject rate, workers online · low · offline, workers gone
                                    (as last seen by 'workers --gone'), the newest reward
  info                              fee, workers online/low/offline, stratum URLs with worker counts
  hashrate [--interval I] [--from T] [--to T]
                                    the account's hash rate and reject rate over time
  workers [--limit N] [--offset N]  names of connected workers, ascending (100 a page)
  workers --gone                    workers seen before and missing now: reads every page,
                                    remembers the names (per profile and account, in the
                                    state directory), lists name, last seen and gone for
  worker --worker NAME [--interval I] [--from T] [--to T]
                                    one worker's hash rate over time
  rewards [--from T] [--to T] [--all-accounts] [--by day|month] [--csv|--ndjson|--json]
                                    every daily FPPS reward of the window (default the last
                                    30 days), newest first, every page read: total, fee,
                                    reward, hash rate and the yield per TH/s per day; with
                                    --limit N / --offset N one page of the API instead
  payout                            where rewards are paid: main balance or an external address
  links                             active watcher links

Flags:
  --account NAME   the mining account (default: WHITEBIT_MINING_ACCOUNT, mining_account
                   in the profile, else the key's only account)
  --worker NAME    the worker (for 'worker')
  --interval I     5m, 1h or 24h (default 1h)
  --from T, --to T the window: Unix seconds, an ISO date (2025-06-01, UTC) or date-time,
                   a time ago (90s, 30m, 24h, 7d, 2w) or now; never in the future, from ≤ to
  --limit N        rows per page, 1 to 100
  --offset N       rows to skip, 0 to 10000
  --json           print the answer's data, normalised: hash rates in H/s, times in Unix seconds
                   (rewards of a window: the rows of --csv as objects)

Rewards for the books:
  --all-accounts   every mining account of the key, in one table (instead of --account)
  --by day|month   one row per account and UTC day (default), or per account, currency and
                   UTC calendar month: sums of total, fee and reward, and the yield weighted
                   by hash rate
  --csv            RFC 4180, header first: date, account, currency, total, fee, reward,
                   hash_rate_hs, yield_per_th_day, status, payout_time (ISO-8601 UTC),
                   transaction_hash, payout_address
  --ndjson         the same fields, one JSON object a line
  Amounts are the exact decimal strings the API sent; sums are exact. The yield is the day's
  total ÷ its hash rate in TH/s, to 12 places rounded half up (none without a hash rate).
  Canceled days are listed with their status and never summed. A page that fails fails the
  command (exit 1) and nothing is printed.

Examples:
  pooltop mining fleet --demo
  pooltop mining workers --demo
  pooltop mining workers --gone --json --demo
  pooltop mining worker --worker asic-001 --interval 5m --from 6h --json
  pooltop mining rewards --account main_farm --from 30d
  pooltop mining rewards --all-accounts --from 365d --to 1d --csv
  pooltop mining rewards --all-accounts --by month --from 365d

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, mining.options, 1);
    if (values.help) return printHelp(io, mining.help);
    // Every bound is checked here, before any setting is resolved or any request is sent.
    const request = parseMiningArgs(positionals[0], values, Date.now());
    const oneShot = { timeoutS: timeoutFlag(values), notices: true };
    const { runMining } = await import('./mining-run.js');
    return withContext(values, io, (ctx) => runMining(ctx, io, request), oneShot);
  },
};
