/**
 * `pooltop accounts transfers ID|ALIAS [--direction in|out] [--from T] [--to T]`: what moved
 * between the main account and one sub-account. The kept transfers (accounts/transfer-ledger.ts,
 * in the profile's history file) are brought up to date first (accounts/transfer-sync.ts), then
 * read filtered: the API has no date filter and pages to 10,000 rows, so after the first sync
 * neither matters. `--demo` keeps nothing on disk.
 */
import { memoryTransferLedger, type TransferLedger } from '../accounts/transfer-ledger.js';
import { syncTransfers } from '../accounts/transfer-sync.js';
import type { Transfer, TransferDirection } from '../api/oversight-types.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { csvLine } from '../format/csv.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine } from '../format/sanitize.js';
import { formatDateTime } from '../format/time.js';
import { resolveAccount } from './account-balances.js';
import { toSafeJson } from './json-output.js';
import { withProfileHistory } from './profile-history.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { clip, type ParsedValues, stringFlag } from './support/parse.js';
import { timeFlag } from './support/time-flag.js';
import { renderTextTable } from './text-table.js';

export type ListFormat = 'json' | 'ndjson' | 'csv' | 'text';

export interface TransfersRequest {
  account: string;
  direction?: TransferDirection;
  from?: number;
  to?: number;
  format: ListFormat;
}

const DIRECTIONS: Readonly<Record<string, TransferDirection>> = { in: 'main_to_sub', out: 'sub_to_main' };

/** The output format of a listing: at most one of --json, --ndjson, --csv. */
export function listFormat(values: ParsedValues): ListFormat {
  const formats = (['json', 'ndjson', 'csv'] as const).filter((f) => values[f] === true);
  if (formats.length > 1) throw new PooltopError('config', '--json, --ndjson and --csv go one at a time');
  return formats[0] ?? 'text';
}

export function parseTransfersArgs(account: string | undefined, values: ParsedValues): TransfersRequest {
  if (account === undefined || account.trim() === '') {
    throw new PooltopError('config', 'accounts transfers needs a sub-account: its id or alias');
  }
  const dir = stringFlag(values, 'direction');
  const direction = dir === undefined ? undefined : DIRECTIONS[dir];
  if (dir !== undefined && !direction) {
    throw new PooltopError(
      'config',
      `--direction must be in (main to sub-account) or out, got '${clip(dir)}'`,
    );
  }
  const now = Date.now();
  const from = timeFlag(values, 'from', now);
  const to = timeFlag(values, 'to', now);
  if (from !== undefined && to !== undefined && from > to) {
    throw new PooltopError('config', '--from must not be later than --to');
  }
  return { account, direction, from, to, format: listFormat(values) };
}

export async function runAccountTransfers(
  ctx: CommandContext,
  io: CommandIO,
  req: TransfersRequest,
): Promise<number> {
  if (ctx.demo) return transfersWith(ctx, io, req, memoryTransferLedger());
  return withProfileHistory(ctx, io, (store) =>
    transfersWith(ctx, io, req, store.transferLedger(ctx.config.baseUrl)),
  );
}

async function transfersWith(
  ctx: CommandContext,
  io: CommandIO,
  req: TransfersRequest,
  ledger: TransferLedger,
): Promise<number> {
  const { id, alias } = await resolveAccount(ctx, io, req.account);
  const synced = await syncTransfers(
    ledger,
    id,
    (direction, offset) =>
      ctx.client.oversight.transfers({ id, direction, offset, limit: 100 }, { signal: io.signal }),
    Math.floor(Date.now() / 1000),
  );
  const rows = await ledger.list(id, { direction: req.direction, from: req.from, to: req.to });
  const capped = synced.sync.capped.filter((d) => req.direction === undefined || d === req.direction);
  const complete = capped.length === 0;
  switch (req.format) {
    case 'json':
      io.stdout(`${toSafeJson({ id, data: rows.map(transferJson), complete }, io.terminal)}\n`);
      break;
    case 'ndjson':
      io.stdout(rows.map((t) => `${toSafeJson(transferJson(t), io.terminal)}\n`).join(''));
      break;
    case 'csv':
      io.stdout(
        [['id', 'direction', 'currency', 'amount', 'createdAt'], ...rows.map(transferCells)]
          .map(csvLine)
          .join(''),
      );
      break;
    default: {
      const name = alias ? `${sanitizeLine(alias, io.terminal)} · ${id}` : id;
      const head = `${name}: ${formatCount(rows.length)} transfers (${formatCount(synced.added)} kept anew by this run)`;
      const table = renderTextTable(
        io.terminal,
        ['TIME', 'DIRECTION', 'CURRENCY', 'AMOUNT', 'ID'],
        rows.map((t) => [
          t.createdAt == null ? '—' : formatDateTime(t.createdAt * 1000),
          t.direction === 'main_to_sub'
            ? 'in'
            : t.direction === 'sub_to_main'
              ? 'out'
              : sanitizeLine(t.direction ?? '—', io.terminal),
          sanitizeLine(t.currency ?? '—', io.terminal),
          t.amount ?? '—',
          sanitizeLine(t.id ?? '—', io.terminal),
        ]),
        '  ',
        new Set([3]),
      );
      io.stdout(`${[head, '', ...(rows.length === 0 ? ['No transfers.'] : table)].join('\n')}\n`);
    }
  }
  if (!complete) {
    io.stderr(
      `pooltop: warning: the API lists only the newest 10,000 transfers per direction; older ones (${capped.join(', ')}) are not kept: the History page's report has them\n`,
    );
  }
  return 0;
}

function transferJson(t: Transfer) {
  return { id: t.id, direction: t.direction, currency: t.currency, amount: t.amount, createdAt: t.createdAt };
}

function transferCells(t: Transfer): string[] {
  return [
    t.id ?? '',
    t.direction ?? '',
    t.currency ?? '',
    t.amount ?? '',
    t.createdAt == null ? '' : String(t.createdAt),
  ];
}
