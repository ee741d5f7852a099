/**
 * The command line of `pooltop mining SUBCOMMAND`: which subcommand, which of its flags, and a
 * check of every bound before any setting is resolved or any request sent (exit 2, one line).
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { checkMiningQuery } from '../api/mining-checks.js';
import type { MiningInterval } from '../api/mining-types.js';
import { LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from '../api/types.js';
import { clip, intFlag, type ParsedValues, stringFlag } from './support/parse.js';
import { timeFlag } from './support/time-flag.js';

export const MINING_SUBCOMMANDS = [
  'accounts',
  'info',
  'hashrate',
  'workers',
  'worker',
  'rewards',
  'payout',
  'links',
  'fleet',
] as const;
export type MiningSubcommand = (typeof MINING_SUBCOMMANDS)[number];

export const MINING_OPTIONS = {
  account: { type: 'string' },
  worker: { type: 'string' },
  interval: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  gone: { type: 'boolean' },
  'all-accounts': { type: 'boolean' },
  by: { type: 'string' },
  csv: { type: 'boolean' },
  ndjson: { type: 'boolean' },
} as const;
type MiningFlag = keyof typeof MINING_OPTIONS;

/** The flags each subcommand takes; any other mining flag is refused. */
const FLAGS: Readonly<Record<MiningSubcommand, readonly MiningFlag[]>> = {
  accounts: [],
  fleet: [],
  info: ['account'],
  hashrate: ['account', 'interval', 'from', 'to'],
  workers: ['account', 'limit', 'offset', 'gone'],
  worker: ['account', 'worker', 'interval', 'from', 'to'],
  rewards: ['account', 'from', 'to', 'limit', 'offset', 'all-accounts', 'by', 'csv', 'ndjson'],
  payout: ['account'],
  links: ['account'],
};

export interface MiningRequest {
  sub: MiningSubcommand;
  json: boolean;
  /** `workers --gone`: the workers seen before and missing from the complete listing now. */
  gone: boolean;
  worker?: string;
  interval?: MiningInterval;
  from?: number;
  to?: number;
  limit?: number;
  offset?: number;
  /** `rewards --all-accounts`: every mining account of the key (no account filter). */
  allAccounts: boolean;
  /** `rewards` without --limit/--offset: every page of the window (mining-rewards.ts). */
  books?: RewardsBooks;
}

/** `pooltop mining rewards` over a whole window, for the books. */
export interface RewardsBooks {
  by: 'day' | 'month';
  format: 'text' | 'json' | 'ndjson' | 'csv';
}

/** Without --from, the rewards of the last 30 days. */
export const REWARDS_DEFAULT_DAYS = 30;
const BOOK_FORMATS = ['json', 'ndjson', 'csv'] as const;

const LIST = `${MINING_SUBCOMMANDS.slice(0, -1).join(', ')} or ${MINING_SUBCOMMANDS.at(-1)}`;

export function parseMiningArgs(sub: string | undefined, values: ParsedValues, nowMs: number): MiningRequest {
  if (sub === undefined) throw usage(`mining needs a command: ${LIST}`);
  if (!(MINING_SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw usage(`unknown mining command '${clip(sub)}': use ${LIST}`);
  }
  const command = sub as MiningSubcommand;
  for (const flag of Object.keys(MINING_OPTIONS) as MiningFlag[]) {
    if (values[flag] !== undefined && !FLAGS[command].includes(flag)) {
      throw usage(`--${flag} does not apply to 'pooltop mining ${command}' (see pooltop mining --help)`);
    }
  }
  if (values.gone === true && (values.limit !== undefined || values.offset !== undefined)) {
    throw usage('--gone reads every page: it takes no --limit or --offset');
  }
  const worker = stringFlag(values, 'worker');
  if (command === 'worker' && !worker) throw usage("'pooltop mining worker' needs --worker NAME");
  if (values['all-accounts'] === true && values.account !== undefined) {
    throw usage('--all-accounts reads every account: leave out --account');
  }
  const books = command === 'rewards' ? rewardsBooks(values) : undefined;
  const request: MiningRequest = {
    sub: command,
    json: values.json === true,
    gone: values.gone === true,
    allAccounts: values['all-accounts'] === true,
    worker,
    interval: stringFlag(values, 'interval') as MiningInterval | undefined,
    from: timeFlag(values, 'from', nowMs),
    to: timeFlag(values, 'to', nowMs),
    limit: intFlag(values, 'limit', { min: LIMIT_MIN, max: LIMIT_MAX }),
    offset: intFlag(values, 'offset', { min: OFFSET_MIN, max: OFFSET_MAX }),
    books,
  };
  if (books && request.from === undefined) {
    request.from = Math.floor(nowMs / 1000) - REWARDS_DEFAULT_DAYS * 86_400;
    if (request.to !== undefined && request.to < request.from) request.from = request.to;
  }
  // The client's own checks, named as flags: the account is checked once it is known.
  checkMiningQuery(
    { ...request, account: stringFlag(values, 'account') },
    { nowMs, label: (field) => `--${field}`, prefix: '' },
  );
  return request;
}

/** The whole-window flags of `rewards`, or undefined for one page (--limit or --offset). */
function rewardsBooks(values: ParsedValues): RewardsBooks | undefined {
  const formats = BOOK_FORMATS.filter((f) => values[f] === true);
  if (formats.length > 1)
    throw usage(`choose one output format: ${formats.map((f) => `--${f}`).join(' or ')}`);
  const by = stringFlag(values, 'by');
  if (by !== undefined && by !== 'day' && by !== 'month') {
    throw usage(`--by must be day or month, got '${clip(by)}'`);
  }
  const paging = (['limit', 'offset'] as const).find((f) => values[f] !== undefined);
  if (paging) {
    const whole = ['by', 'csv', 'ndjson'].find((f) => values[f] !== undefined);
    if (whole) throw usage(`--${whole} reads every page of the window: leave out --${paging}`);
    return undefined;
  }
  return { by: by ?? 'day', format: formats[0] ?? 'text' };
}

function usage(message: string): PooltopError {
  return new PooltopError('config', message);
}
