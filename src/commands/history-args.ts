/**
 * `pooltop history` flags, checked before anything is opened: the subcommand, the window
 * (`--from/--to` or `--last`, default the last 30 days), the accounts, the worker glob, `--by`,
 * what `export` writes and the output format.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { parseDurationS } from '../config/duration.js';
import type { OptionSpecs, ParsedValues } from './support/parse.js';
import { clip, stringFlag } from './support/parse.js';
import { timeFlag } from './support/time-flag.js';
import type { RowsFormat } from './rows-output.js';

export const HISTORY_SUBS = ['uptime', 'incidents', 'export', 'info'] as const;
export type HistorySub = (typeof HISTORY_SUBS)[number];
export const EXPORT_KINDS = ['spans', 'hashrate', 'rewards', 'events'] as const;
export type ExportWhat = (typeof EXPORT_KINDS)[number];

export const HISTORY_OPTIONS: OptionSpecs = {
  account: { type: 'string' },
  'all-accounts': { type: 'boolean' },
  worker: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  last: { type: 'string' },
  by: { type: 'string' },
  what: { type: 'string' },
  resolution: { type: 'string' },
  json: { type: 'boolean' },
  ndjson: { type: 'boolean' },
  csv: { type: 'boolean' },
};

export interface HistoryRequest {
  sub: HistorySub;
  from: number;
  to: number;
  /** Undefined: the configured account (else every account in the file). */
  account: string | undefined;
  allAccounts: boolean;
  worker: string | undefined;
  by: 'day' | 'week' | 'month' | undefined;
  what: ExportWhat;
  resolution: '5m' | '1h' | '24h';
  format: RowsFormat;
}

const usage = (message: string) => new PooltopError('config', message);
const DEFAULT_LAST_S = 30 * 86_400;

function oneOf<T extends string>(values: ParsedValues, flag: string, choices: readonly T[], fallback: T): T {
  const v = stringFlag(values, flag);
  if (v === undefined) return fallback;
  if (!(choices as readonly string[]).includes(v)) {
    throw usage(`--${flag} must be ${choices.join(', ')}, got '${clip(v)}'`);
  }
  return v as T;
}

export function parseHistoryArgs(
  sub: string | undefined,
  values: ParsedValues,
  nowMs: number,
): HistoryRequest {
  if (sub === undefined) throw usage(`history needs a command: ${HISTORY_SUBS.join(', ')} (see --help)`);
  if (!(HISTORY_SUBS as readonly string[]).includes(sub)) {
    throw usage(`unknown history command '${clip(sub)}' (commands: ${HISTORY_SUBS.join(', ')})`);
  }
  const now = Math.floor(nowMs / 1000);
  const last = stringFlag(values, 'last');
  if (last !== undefined && values.from !== undefined)
    throw usage('--last is a window of its own: leave out --from');
  let from = timeFlag(values, 'from', nowMs);
  const to = timeFlag(values, 'to', nowMs) ?? now;
  if (last !== undefined) {
    const s =
      parseDurationS(last) ?? (/^\d{1,4}w$/.test(last) ? Number(last.slice(0, -1)) * 7 * 86_400 : undefined);
    if (s === undefined || s <= 0)
      throw usage(`--last must be a duration such as 24h, 7d or 30d, got '${clip(last)}'`);
    from = to - s;
  }
  from ??= to - DEFAULT_LAST_S;
  if (from >= to) throw usage('the window is empty: --from must be before --to');
  if (values['all-accounts'] === true && values.account !== undefined) {
    throw usage('--all-accounts reads every account: leave out --account');
  }
  const formats = (['json', 'ndjson', 'csv'] as const).filter((f) => values[f] === true);
  if (formats.length > 1) throw usage(`choose one of --${formats.join(', --')}`);
  const by = stringFlag(values, 'by');
  if (by !== undefined && sub !== 'uptime') throw usage('--by splits history uptime only');
  return {
    sub: sub as HistorySub,
    from,
    to,
    account: stringFlag(values, 'account'),
    allAccounts: values['all-accounts'] === true,
    worker: stringFlag(values, 'worker'),
    by: by === undefined ? undefined : oneOf(values, 'by', ['day', 'week', 'month'] as const, 'day'),
    what: oneOf(values, 'what', EXPORT_KINDS, 'spans'),
    resolution: oneOf(values, 'resolution', ['5m', '1h', '24h'] as const, '1h'),
    format: formats[0] ?? 'text',
  };
}
