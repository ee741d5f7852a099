import type { SubAccount, SubAccountQuery } from '../api/types.js';
import type { CommandContext } from '../cli/context.js';
import { sanitize } from '../format/sanitize.js';
import type { CommandIO } from '../cli/io.js';
import { toSafeJson } from './json-output.js';
import { renderTextTable } from './text-table.js';

/** `pooltop accounts`: one signed request for one page; JSON as received or a readable table. */
export async function runAccounts(
  ctx: CommandContext,
  io: CommandIO,
  opts: SubAccountQuery & { json: boolean },
): Promise<number> {
  const { json, ...query } = opts;
  const page = await ctx.client.listSubAccounts(query, { signal: io.signal });
  if (json) {
    io.stdout(`${toSafeJson({ offset: page.offset, limit: page.limit, data: page.data })}\n`);
    return 0;
  }
  if (page.data.length === 0) {
    io.stdout(query.search ? `No sub-accounts match '${sanitize(query.search)}'.\n` : 'No sub-accounts.\n');
    return 0;
  }
  const rows = page.data.map(accountRow);
  const first = page.offset + 1;
  const last = page.offset + page.data.length;
  const end = page.data.length < page.limit ? ' (end of list)' : '';
  const footer = `rows ${first}–${last}${end}`;
  io.stdout(`${[...renderTextTable(HEADER, rows), '', footer].join('\n')}\n`);
  return 0;
}

const HEADER = ['Alias', 'Email', 'Status', 'KYC', 'Shared KYC', 'Spot', 'Collateral', 'ID'];

function accountRow(a: SubAccount): string[] {
  const yesNo = (b: boolean) => (b ? 'yes' : 'no');
  return [
    sanitize(a.alias),
    sanitize(a.email),
    sanitize(a.status),
    sanitize(a.kyc.kycStatus),
    yesNo(a.kyc.shareKyc),
    yesNo(a.permissions.spotEnabled),
    yesNo(a.permissions.collateralEnabled),
    sanitize(a.id),
  ];
}
