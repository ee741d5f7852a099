/**
 * `pooltop accounts balances ID|ALIAS [--ticker T] [--json]`: what one sub-account holds.
 *
 * An id (a UUID) is asked for as it is. Anything else is an alias, found through the list's
 * search (every page of the term's result): an account whose alias is exactly the text (else
 * the same ignoring case), else the search's only result. Several → one line naming them, exit
 * 2; none → one line, exit 1 (the service has no such sub-account, as for an unknown id).
 * Then one signed read; `--json` prints `{"id","balances":{TICKER:{main,spot,collateral,total}}}`,
 * else a table. The ticker is checked before anything is sent.
 */
import { TICKER, UUID } from '../api/request-checks.js';
import { LIMIT_MAX, OFFSET_MAX, type SubAccount } from '../api/types.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { clip, type ParsedValues, stringFlag } from './support/parse.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { KEEP_UNICODE, sanitizeLine } from '../format/sanitize.js';
import { balancesJson, balanceTable } from './balance-output.js';
import { toSafeJson } from './json-output.js';

export interface BalancesRequest {
  /** An id or an alias, as typed. */
  account: string;
  ticker?: string;
  json: boolean;
}

const usage = (message: string) => new PooltopError('config', message);
/** Longest search term the API takes. */
const SEARCH_MAX = 255;
/** Matches named in the "which one?" line. */
const NAMES_SHOWN = 5;
/** Flags that belong to listing, not to one account's balances. */
const LIST_ONLY = ['search', 'limit', 'offset', 'all', 'ndjson', 'csv', 'sort', 'filter', 'balances'];

/** `--ticker T`, checked as the client checks it (one line, exit 2, before anything is sent). */
export function tickerFlag(values: ParsedValues): string | undefined {
  const ticker = stringFlag(values, 'ticker');
  if (ticker !== undefined && !TICKER.test(ticker)) {
    throw usage(`--ticker must be 1 to 16 letters or digits, got '${clip(ticker)}'`);
  }
  return ticker?.toUpperCase();
}

/** The positionals after `accounts`: `balances ID|ALIAS`. */
export function parseBalancesArgs(positionals: readonly string[], values: ParsedValues): BalancesRequest {
  const [sub, account] = positionals;
  if (sub !== 'balances') throw usage(`unknown accounts command '${clip(sub ?? '')}': use balances`);
  if (account === undefined || account.trim() === '') {
    throw usage('accounts balances needs a sub-account: its id or alias');
  }
  const stray = LIST_ONLY.find((f) => values[f] !== undefined);
  if (stray) throw usage(`--${stray} lists sub-accounts: leave it out of accounts balances`);
  if ([...account].length > SEARCH_MAX) throw usage(`the alias must be at most ${SEARCH_MAX} characters`);
  return { account, ticker: tickerFlag(values), json: values.json === true };
}

export async function runAccountBalances(
  ctx: CommandContext,
  io: CommandIO,
  req: BalancesRequest,
): Promise<number> {
  const { id, alias } = await resolveAccount(ctx, io, req.account);
  const balances = await ctx.client.subAccountBalances({ id, ticker: req.ticker }, { signal: io.signal });
  if (req.json) {
    io.stdout(`${toSafeJson({ id, balances: balancesJson(balances) }, io.terminal)}\n`);
    return 0;
  }
  const title = alias ? `${sanitizeLine(alias, io.terminal)} · ${id}` : id;
  const body = balances.length === 0 ? ['Nothing held.'] : balanceTable(balances, io.terminal);
  io.stdout(`${[title, '', ...body].join('\n')}\n`);
  return 0;
}

export async function resolveAccount(
  ctx: CommandContext,
  io: CommandIO,
  text: string,
): Promise<{ id: string; alias?: string }> {
  if (UUID.test(text.trim())) return { id: text.trim() };
  const found = await search(ctx, io, text);
  const exact = found.filter((a) => a.alias === text);
  const folded = found.filter((a) => a.alias?.toLowerCase() === text.toLowerCase());
  const pick = exact.length > 0 ? exact : folded.length > 0 ? folded : found;
  const [only] = pick;
  if (pick.length === 1 && only?.id) return { id: only.id, alias: only.alias ?? undefined };
  if (pick.length === 0) {
    throw new PooltopError('api', `no sub-account matches '${clip(text)}' (see pooltop accounts --search)`);
  }
  const named = pick
    .slice(0, NAMES_SHOWN)
    .map((a) => `${sanitizeLine(a.alias ?? '—', KEEP_UNICODE)} (${a.id ?? 'no id'})`);
  const more = pick.length > NAMES_SHOWN ? `, and ${pick.length - NAMES_SHOWN} more` : '';
  throw usage(`'${clip(text)}' matches ${pick.length} sub-accounts: ${named.join(', ')}${more}; give the id`);
}

/** Every account the search term finds, page by page. */
async function search(ctx: CommandContext, io: CommandIO, term: string): Promise<SubAccount[]> {
  const found: SubAccount[] = [];
  for (let offset = 0; offset <= OFFSET_MAX; offset += LIMIT_MAX) {
    const page = await ctx.client.listSubAccounts(
      { search: term, limit: LIMIT_MAX, offset },
      { signal: io.signal },
    );
    found.push(...page.data);
    if (page.data.length < LIMIT_MAX) break;
  }
  return found;
}
