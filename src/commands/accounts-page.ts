import { LIMIT_DEFAULT, type SubAccount, type SubAccountQuery } from '../api/types.js';
import type { CommandContext } from './support/context.js';
import { textOr, yesNo } from '../format/placeholder.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import type { CommandIO } from './support/io.js';
import { toSafeJson } from './json-output.js';
import { renderTextTable } from './text-table.js';

/**
 * `pooltop accounts`: one signed request for one page; JSON as received (known fields; missing
 * stays missing, null stays null) or a readable table with `—` where a value is missing.
 */
export async function runAccounts(
  ctx: CommandContext,
  io: CommandIO,
  opts: SubAccountQuery & { json: boolean },
): Promise<number> {
  const { json, ...query } = opts;
  const page = await ctx.client.listSubAccounts(query, { signal: io.signal });
  // A page without its echoed bounds is read with the ones asked for.
  const offset = page.offset ?? query.offset ?? 0;
  const limit = page.limit ?? query.limit ?? LIMIT_DEFAULT;
  if (json) {
    io.stdout(`${toSafeJson({ offset, limit, data: page.data.map((a) => a.received) }, io.terminal)}\n`);
    return 0;
  }
  if (page.data.length === 0) {
    io.stdout(
      query.search
        ? `No sub-accounts match '${sanitize(query.search, io.terminal)}'.\n`
        : 'No sub-accounts.\n',
    );
    return 0;
  }
  const rows = page.data.map((a) => accountRow(a, io.terminal));
  const first = offset + 1;
  const last = offset + page.data.length;
  const end = page.data.length < limit ? ' (end of list)' : '';
  const footer = `rows ${first}–${last}${end}`;
  io.stdout(`${[...renderTextTable(io.terminal, ACCOUNT_HEADER, rows), '', footer].join('\n')}\n`);
  return 0;
}

export const ACCOUNT_HEADER = ['Alias', 'Email', 'Status', 'KYC', 'Shared KYC', 'Spot', 'Collateral', 'ID'];

export function accountRow(a: SubAccount, term: TextTarget): string[] {
  return [
    textOr(a.alias, term),
    textOr(a.email, term),
    textOr(a.status, term),
    textOr(a.kyc?.kycStatus, term),
    yesNo(a.kyc?.shareKyc),
    yesNo(a.permissions?.spotEnabled),
    yesNo(a.permissions?.collateralEnabled),
    textOr(a.id, term),
  ];
}
