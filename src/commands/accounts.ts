import { LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from '../api/types.js';
import { type CommandModule, printHelp, usageError, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import type { CommandIO } from './support/io.js';
import {
  intFlag,
  ONE_SHOT_OPTIONS,
  type OptionSpecs,
  type ParsedValues,
  parseFlags,
  stringFlag,
  timeoutFlag,
} from './support/parse.js';

/**
 * `accounts --all`'s default `--timeout`: the whole list is up to 101 pages, paced under 50 a
 * second, which a slow server may stretch well past one request's 30 s.
 */
const ALL_TIMEOUT_S = 300;
/** `--all --balances` asks once more per account, paced: 10,100 accounts take minutes. */
const ALL_BALANCES_TIMEOUT_S = 1800;

const ALL_FLAGS: OptionSpecs = {
  all: { type: 'boolean' },
  ndjson: { type: 'boolean' },
  csv: { type: 'boolean' },
  sort: { type: 'string' },
  filter: { type: 'string' },
  balances: { type: 'boolean' },
};

/** `accounts transfers|withdrawals|changes`: undefined when the words ask for something else. */
async function oversightCommand(
  positionals: readonly string[],
  values: ParsedValues,
  io: CommandIO,
): Promise<number | undefined> {
  const [sub, account] = positionals;
  const oneShot = { timeoutS: timeoutFlag(values, ALL_TIMEOUT_S), notices: true };
  if (sub === 'transfers') {
    const { parseTransfersArgs, runAccountTransfers } = await import('./accounts-transfers.js');
    const request = parseTransfersArgs(account, values);
    return withContext(values, io, (ctx) => runAccountTransfers(ctx, io, request), oneShot);
  }
  if (sub !== 'withdrawals' && sub !== 'changes') return undefined;
  if (account !== undefined) throw usageError(`accounts ${sub} takes no sub-account`);
  if (sub === 'withdrawals') {
    const { listFormat } = await import('./accounts-transfers.js');
    const { runAccountWithdrawals } = await import('./accounts-withdrawals.js');
    const format = listFormat(values);
    return withContext(values, io, (ctx) => runAccountWithdrawals(ctx, io, format), oneShot);
  }
  const { runAccountChanges, sinceFlag } = await import('./accounts-changes.js');
  const since = sinceFlag(values, Date.now());
  return withContext(
    values,
    io,
    (ctx) => runAccountChanges(ctx, io, { since, json: values.json === true }),
    oneShot,
  );
}

export const accounts: CommandModule = {
  name: 'accounts',
  summary: 'sub-accounts: one page, the whole list, or what one of them holds',
  options: {
    ...ONE_SHOT_OPTIONS,
    json: { type: 'boolean' },
    search: { type: 'string' },
    limit: { type: 'string' },
    offset: { type: 'string' },
    ...ALL_FLAGS,
    ticker: { type: 'string' },
    direction: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    since: { type: 'string' },
  },
  help: `Usage: pooltop accounts [--search TEXT] [--limit N] [--offset N] [--json] [configuration flags]
       pooltop accounts --all [--search TEXT] [--sort COLUMN[:desc]] [--filter F] [--json|--ndjson|--csv]
       pooltop accounts balances ID|ALIAS [--ticker T] [--json]
       pooltop accounts --all --balances [--ticker T] [--search TEXT] --json|--ndjson|--csv
       pooltop accounts transfers ID|ALIAS [--direction in|out] [--from T] [--to T] [--json|--ndjson|--csv]
       pooltop accounts withdrawals [--json|--ndjson|--csv]
       pooltop accounts changes [--since T] [--json]

Lists sub-accounts (signed POST /api/v4/sub-account/list). Needs an API key and secret.
  --search TEXT   search term (the server matches it)
  --limit N       rows per page, 1 to 100 (default 30)
  --offset N      rows to skip, 0 to 10000 (default 0)
  --json          print {"offset","limit","data"} on stdout

  --all           every page, 100 at a time, up to the API's reach (10,100 rows; narrow
                  with --search beyond it): at most 4 requests at once, under 50 a second,
                  failed pages retried. Progress on stderr when it is a terminal.
  --sort COLUMN[:desc]
                  alias, email, status, kyc, shared, spot, collateral, id or userId
  --filter F      status=V, kyc=V, shared=yes|no, spot=yes|no, collateral=yes|no, comma-separated;
                  V1|V2 (or the field twice) for either value
  --json          {"data":[…],"complete":true|false} (complete: the whole list arrived)
  --ndjson        one account per line, written as it arrives
  --csv           a header and RFC 4180 rows; cells starting with = + - @ tab or CR get a '
  Without --sort, rows are written as they arrive. Exit 1 if a page could not be fetched after
  retries: what was fetched is still written, and the last line on stderr says how far it got.

Balances (signed POST /api/v4/sub-account/balances; read-only):
  balances ID|ALIAS
                  what one sub-account holds: currency, main, spot, collateral, total.
                  An alias is found through the list's search; several matches → one line
                  naming them (exit 2), none → exit 1
  --ticker T      one currency only (letters and digits, any case)
  --json          {"id","balances":{"BTC":{"main","spot","collateral","total"},…}}
  --all --balances
                  each account of the whole list with its balances, paced like --all,
                  failed accounts retried: JSON/NDJSON add "balances" (null if they could
                  not be fetched), CSV writes one row per account and currency. Exit 1 if
                  any account's balances could not be fetched; everything else is written.

Transfers, withdrawals, changes (read-only):
  transfers ID|ALIAS
                  what moved between the main account and one sub-account, newest first.
                  Kept in the state directory and brought up to date on each run (newest
                  first until a kept one), each direction listed on its own: the API has no
                  date filter and stops at 10,000 rows, which then stops mattering
  --direction in|out
                  in: main account to sub-account; out: back
  --from T, --to T
                  Unix seconds, a date (2025-06-01) or a time ago (24h, 7d)
  withdrawals     withdrawals of sub-accounts awaiting the main account's confirmation, with
                  how long each has waited. Where the vendor has not enabled the operation
                  it says so in one line (exit 0)
  changes         sub-accounts added, removed, and each changed field (alias, email, status,
                  colour, KYC, permissions) before and after, since the snapshot kept at or
                  before --since (default 24h); keeps a snapshot of the list as it is now.
                  With --demo nothing is kept: the demo's list of a day ago is the baseline

Examples (on the demo service):
  pooltop accounts transfers ops --direction in --from 7d --demo
  pooltop accounts withdrawals --demo
  pooltop accounts changes --since 24h --demo
  pooltop accounts balances ops --demo
  pooltop accounts balances ops --ticker usdc --json --demo
  pooltop accounts --all --search hedge --balances --ticker btc --csv --demo

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, accounts.options, 2);
    if (values.help) return printHelp(io, accounts.help);
    const oversight = await oversightCommand(positionals, values, io);
    if (oversight !== undefined) return oversight;
    for (const flag of ['direction', 'from', 'to', 'since']) {
      if (values[flag] !== undefined)
        throw usageError(`--${flag} goes with accounts transfers or accounts changes`);
    }
    if (positionals.length > 0) {
      // `accounts balances ID|ALIAS`: checked whole before any setting is resolved.
      const { parseBalancesArgs, runAccountBalances } = await import('./account-balances.js');
      const request = parseBalancesArgs(positionals, values);
      return withContext(values, io, (ctx) => runAccountBalances(ctx, io, request), {
        timeoutS: timeoutFlag(values),
        notices: true,
      });
    }
    if (values.ticker !== undefined && values.balances !== true) {
      throw usageError('--ticker goes with --all --balances or accounts balances ID');
    }
    const all = Object.keys(ALL_FLAGS).some((f) => values[f] !== undefined)
      ? (await import('./accounts-all-options.js')).parseAllOptions(values)
      : undefined;
    if (all) {
      const timeoutS = timeoutFlag(values, all.balances ? ALL_BALANCES_TIMEOUT_S : ALL_TIMEOUT_S);
      const { runAccountsAll } = await import('./accounts-all.js');
      // The loader retries each page itself (and paces every page), so the client does not; it
      // draws its own progress on a terminal.
      return withContext(values, io, (ctx) => runAccountsAll(ctx, io, all), { retries: 0, timeoutS });
    }
    // Bounds are checked here, before any setting is resolved or any request is sent.
    const query = {
      search: stringFlag(values, 'search'),
      limit: intFlag(values, 'limit', { min: LIMIT_MIN, max: LIMIT_MAX }),
      offset: intFlag(values, 'offset', { min: OFFSET_MIN, max: OFFSET_MAX }),
    };
    const oneShot = { timeoutS: timeoutFlag(values), notices: true };
    const { runAccounts } = await import('./accounts-page.js');
    return withContext(
      values,
      io,
      (ctx) => runAccounts(ctx, io, { ...query, json: values.json === true }),
      oneShot,
    );
  },
};
