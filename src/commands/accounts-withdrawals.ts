/**
 * `pooltop accounts withdrawals`: every withdrawal a sub-account made that waits for the main
 * account's confirmation, newest first, with its age. The vendor enables the operation on
 * request and answers 404 where it is not: that is said in one plain line, exit 0 — a state of
 * the account, not a failure.
 */
import { allUnconfirmed } from '../accounts/key-audit.js';
import type { UnconfirmedWithdrawal } from '../api/oversight-types.js';
import { csvLine } from '../format/csv.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine } from '../format/sanitize.js';
import { formatDuration } from '../format/time.js';
import type { ListFormat } from './accounts-transfers.js';
import { toSafeJson } from './json-output.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { renderTextTable } from './text-table.js';

export const NOT_ENABLED_LINE =
  'Withdrawals awaiting confirmation: the operation is not enabled for this account (the vendor enables it on request).';

export async function runAccountWithdrawals(
  ctx: CommandContext,
  io: CommandIO,
  format: ListFormat,
): Promise<number> {
  const rows = await allUnconfirmed(ctx.client.oversight, io.signal);
  if (rows === undefined) {
    io.stdout(
      format === 'json' ? `${JSON.stringify({ enabled: false, data: [] })}\n` : `${NOT_ENABLED_LINE}\n`,
    );
    return 0;
  }
  const nowSec = Math.floor(Date.now() / 1000);
  const json = (w: UnconfirmedWithdrawal) => ({
    ...w,
    waitingSeconds: w.createdAt == null ? null : nowSec - w.createdAt,
  });
  switch (format) {
    case 'json':
      io.stdout(`${toSafeJson({ enabled: true, data: rows.map(json) }, io.terminal)}\n`);
      return 0;
    case 'ndjson':
      io.stdout(rows.map((w) => `${toSafeJson(json(w), io.terminal)}\n`).join(''));
      return 0;
    case 'csv':
      io.stdout(
        [
          ['id', 'subAccountId', 'currency', 'amount', 'createdAt'],
          ...rows.map((w) => [
            w.id ?? '',
            w.subAccountId ?? '',
            w.currency ?? '',
            w.amount ?? '',
            String(w.createdAt ?? ''),
          ]),
        ]
          .map(csvLine)
          .join(''),
      );
      return 0;
  }
  if (rows.length === 0) {
    io.stdout('No withdrawal awaits confirmation.\n');
    return 0;
  }
  const clean = (t: string | null) => sanitizeLine(t ?? '—', io.terminal);
  const table = renderTextTable(
    io.terminal,
    ['SUB-ACCOUNT', 'CURRENCY', 'AMOUNT', 'WAITING', 'ID'],
    rows.map((w) => [
      clean(w.subAccountId),
      clean(w.currency),
      clean(w.amount),
      w.createdAt == null ? '—' : formatDuration(Math.max(0, nowSec - w.createdAt) * 1000),
      clean(w.id),
    ]),
    '  ',
    new Set([2]),
  );
  io.stdout(
    `${[`${formatCount(rows.length)} withdrawals await confirmation by the main account`, '', ...table].join('\n')}\n`,
  );
  return 0;
}
