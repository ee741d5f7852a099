/**
 * The text of each cell and the theme role that colours it. Text always carries the meaning;
 * colour only repeats it, and values nobody told us about get no colour at all. Pure.
 */
import type { SubAccount } from '../../api/types.js';
import type { Theme } from '../../format/color.js';
import { PLACEHOLDER, textOr, yesNo } from '../../format/placeholder.js';
import { displayWidth } from '../../format/width.js';
import { type ColumnId, type ContentWidths, shortenId } from './columns.js';
import type { TextTarget } from '../../format/sanitize.js';

export type Role = 'ok' | 'warn' | 'error' | 'muted' | undefined;

const STATUS_ROLES: Readonly<Record<string, Role>> = { active: 'ok', pending: 'warn', blocked: 'error' };
const KYC_ROLES: Readonly<Record<string, Role>> = {
  verified: 'ok',
  pending: 'warn',
  under_review: 'warn',
  rejected: 'error',
  none: 'muted',
};

/** A known status gets its colour; an unknown one none; a missing one is muted like its `—`. */
export function statusRole(status: string | null | undefined): Role {
  if (status == null) return 'muted';
  return Object.hasOwn(STATUS_ROLES, status) ? STATUS_ROLES[status] : undefined;
}

export function kycRole(kycStatus: string | null | undefined): Role {
  if (kycStatus == null) return 'muted';
  return Object.hasOwn(KYC_ROLES, kycStatus) ? KYC_ROLES[kycStatus] : undefined;
}

export function roleColor(theme: Theme, role: Role): Theme['ok'] {
  return role === undefined ? undefined : theme[role];
}

/** No (or unknown) is muted; yes is plain. */
function flagCell(value: boolean | null | undefined): Cell {
  return { text: yesNo(value), role: value ? undefined : 'muted' };
}

export interface Cell {
  text: string;
  role: Role;
}

/** A placeholder (missing, null or blank text) is muted. */
function textCell(value: string | null | undefined, term: TextTarget, role?: Role): Cell {
  const text = textOr(value, term);
  return { text, role: text === PLACEHOLDER ? 'muted' : role };
}

export function cellFor(account: SubAccount, column: ColumnId, shortId: boolean, term: TextTarget): Cell {
  switch (column) {
    case 'alias':
      return textCell(account.alias, term);
    case 'email':
      return textCell(account.email, term);
    case 'status':
      return textCell(account.status, term, statusRole(account.status));
    case 'kyc':
      return textCell(account.kyc?.kycStatus, term, kycRole(account.kyc?.kycStatus));
    case 'shared':
      return flagCell(account.kyc?.shareKyc);
    case 'spot':
      return flagCell(account.permissions?.spotEnabled);
    case 'collateral':
      return flagCell(account.permissions?.collateralEnabled);
    case 'id': {
      const text = textOr(account.id, term);
      return { text: text === PLACEHOLDER ? text : shortenId(text, shortId), role: 'muted' };
    }
    case 'balance':
    case 'keys':
      // Not fields of the account: the loaded list's balance column and the keys read for the
      // rows drawn are given to the row (account-row.tsx).
      return { text: '', role: 'muted' };
  }
}

const MEASURED: readonly ColumnId[] = ['alias', 'email', 'status', 'kyc'];

/** Each account's measured widths, kept by the caller for one terminal: a sort or a filter only
 * reorders the same objects, so a new order costs lookups, not 40,000 cells sanitised again. */
export type WidthCache = WeakMap<SubAccount, readonly number[]>;

function widthsOf(account: SubAccount, term: TextTarget, cache: WidthCache | undefined): readonly number[] {
  let widths = cache?.get(account);
  if (widths === undefined) {
    widths = MEASURED.map((id) => displayWidth(cellFor(account, id, false, term).text));
    cache?.set(account, widths);
  }
  return widths;
}

/** The widest cell of each text column over `accounts`, as drawn (sanitised, placeholders). */
export function contentWidths(
  accounts: readonly SubAccount[],
  term: TextTarget,
  cache?: WidthCache,
): ContentWidths {
  const max = MEASURED.map(() => 0);
  for (const account of accounts) {
    const widths = widthsOf(account, term, cache);
    widths.forEach((w, i) => {
      if (w > (max[i] ?? 0)) max[i] = w;
    });
  }
  const out: ContentWidths = {};
  MEASURED.forEach((id, i) => {
    out[id] = max[i] ?? 0;
  });
  return out;
}
