/**
 * Flags of `pooltop accounts --all`, checked before anything is resolved or sent: one clear line
 * (a usage error, exit 2) for anything that does not fit.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import {
  FILTER_GROUPS,
  type FilterGroup,
  isFilterGroup,
  isSortKey,
  SORT_KEYS,
  type SortOrder,
} from '../accounts/fields.js';
import type { AccountFilter } from '../accounts/filter.js';
import { clip, type ParsedValues, stringFlag } from './support/parse.js';
import type { OutputFormat } from './account-sinks.js';
import { tickerFlag } from './account-balances.js';

export interface AllOptions {
  search?: string;
  format: OutputFormat;
  sort?: SortOrder;
  filter: AccountFilter;
  /** `--balances`: each account's balances too (one currency with `--ticker`). */
  balances?: { ticker?: string };
}

const FORMATS = ['json', 'ndjson', 'csv'] as const;
const ALL_ONLY = ['ndjson', 'csv', 'sort', 'filter', 'balances'] as const;
const BOOLEAN_GROUPS: readonly FilterGroup[] = ['shared', 'spot', 'collateral'];

const usage = (message: string) => new PooltopError('config', message);

/** The --all options, or undefined when --all is not given (after checking its flags are not either). */
export function parseAllOptions(values: ParsedValues): AllOptions | undefined {
  const formats = FORMATS.filter((f) => values[f] === true);
  if (formats.length > 1)
    throw usage(`choose one output format: ${formats.map((f) => `--${f}`).join(' or ')}`);
  if (values.all !== true) {
    const stray = ALL_ONLY.find((f) => values[f] !== undefined);
    if (stray) throw usage(`--${stray} works on the whole list: add --all`);
    return undefined;
  }
  const paging = (['limit', 'offset'] as const).find((f) => values[f] !== undefined);
  if (paging) throw usage(`--all reads every page: leave out --${paging}`);
  const sort = stringFlag(values, 'sort');
  const filter = stringFlag(values, 'filter');
  const format = formats[0] ?? 'text';
  if (values.balances === true && format === 'text') {
    throw usage('--balances writes --json, --ndjson or --csv: choose one');
  }
  return {
    search: stringFlag(values, 'search'),
    format,
    sort: sort === undefined ? undefined : parseSort(sort),
    filter: filter === undefined ? {} : parseFilter(filter),
    ...(values.balances === true ? { balances: { ticker: tickerFlag(values) } } : {}),
  };
}

/** `COLUMN` or `COLUMN:asc` / `COLUMN:desc`. */
export function parseSort(text: string): SortOrder {
  const [name = '', direction, ...rest] = text.trim().split(':');
  if (!isSortKey(name)) {
    throw usage(`--sort: unknown column '${clip(name)}' (one of ${SORT_KEYS.join(', ')})`);
  }
  if (rest.length > 0 || (direction !== undefined && direction !== 'asc' && direction !== 'desc')) {
    throw usage(`--sort: write COLUMN, COLUMN:asc or COLUMN:desc, got '${clip(text)}'`);
  }
  return { key: name, desc: direction === 'desc' };
}

/** `status=blocked,kyc=verified`; `status=blocked|frozen` (or the key twice) for either value. */
export function parseFilter(text: string): AccountFilter {
  const filter: Partial<Record<FilterGroup, string[]>> = {};
  for (const item of text.split(',')) {
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim();
    const raw = eq < 0 ? '' : item.slice(eq + 1);
    if (!isFilterGroup(key)) {
      throw usage(`--filter: unknown field '${clip(key)}' (one of ${FILTER_GROUPS.join(', ')})`);
    }
    const values = raw.split('|').map((v) => v.trim());
    if (values.some((v) => v === ''))
      throw usage(`--filter: '${clip(item.trim())}' needs a value, as in ${key}=VALUE`);
    const group = filter[key] ?? [];
    for (const value of values) group.push(BOOLEAN_GROUPS.includes(key) ? yesNoValue(key, value) : value);
    filter[key] = group;
  }
  return filter;
}

function yesNoValue(key: FilterGroup, value: string): 'yes' | 'no' {
  const v = value.toLowerCase();
  if (v === 'yes' || v === 'true') return 'yes';
  if (v === 'no' || v === 'false') return 'no';
  throw usage(`--filter: ${key} is yes or no, got '${clip(value)}'`);
}
