/**
 * The text of each cell and the theme role that colours it. Text always carries the meaning;
 * colour only repeats it, and values nobody told us about get no colour at all. Pure.
 */
import type { SubAccount } from '../../api/types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import type { Theme } from '../../format/color.js';
import { type ColumnId, shortenId } from './columns.js';

export type Role = 'ok' | 'warn' | 'error' | 'muted' | undefined;

const STATUS_ROLES: Readonly<Record<string, Role>> = { active: 'ok', pending: 'warn', blocked: 'error' };
const KYC_ROLES: Readonly<Record<string, Role>> = {
  verified: 'ok',
  pending: 'warn',
  under_review: 'warn',
  rejected: 'error',
  none: 'muted',
};

export function statusRole(status: string): Role {
  return Object.hasOwn(STATUS_ROLES, status) ? STATUS_ROLES[status] : undefined;
}

export function kycRole(kycStatus: string): Role {
  return Object.hasOwn(KYC_ROLES, kycStatus) ? KYC_ROLES[kycStatus] : undefined;
}

export function roleColor(theme: Theme, role: Role): Theme['ok'] {
  return role === undefined ? undefined : theme[role];
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

export interface Cell {
  text: string;
  role: Role;
}

export function cellFor(account: SubAccount, column: ColumnId, shortId: boolean): Cell {
  switch (column) {
    case 'alias':
      return {
        text: sanitizeLine(account.alias) || '—',
        role: account.alias.trim() === '' ? 'muted' : undefined,
      };
    case 'email':
      return { text: sanitizeLine(account.email), role: undefined };
    case 'status':
      return { text: sanitizeLine(account.status), role: statusRole(account.status) };
    case 'kyc':
      return { text: sanitizeLine(account.kyc.kycStatus), role: kycRole(account.kyc.kycStatus) };
    case 'shared':
      return { text: yesNo(account.kyc.shareKyc), role: account.kyc.shareKyc ? undefined : 'muted' };
    case 'spot':
      return {
        text: yesNo(account.permissions.spotEnabled),
        role: account.permissions.spotEnabled ? undefined : 'muted',
      };
    case 'collateral':
      return {
        text: yesNo(account.permissions.collateralEnabled),
        role: account.permissions.collateralEnabled ? undefined : 'muted',
      };
    case 'id':
      return { text: shortenId(sanitizeLine(account.id), shortId), role: 'muted' };
  }
}
