/**
 * The fields a sub-account list can be sorted and filtered by, shared by the dashboard's loaded
 * list and `pooltop accounts --all`. The names are the table's column ids, plus `userId`.
 */
import type { SubAccount } from '../api/types.js';

export const SORT_KEYS = [
  'alias',
  'email',
  'status',
  'kyc',
  'shared',
  'spot',
  'collateral',
  'id',
  'userId',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** `key` undefined: the list's own order (reversed when `desc`). */
export interface SortOrder {
  key?: SortKey;
  desc: boolean;
}

export const FILTER_GROUPS = ['status', 'kyc', 'shared', 'spot', 'collateral'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

/** A missing or null flag (the parsing policy keeps it so) is '' rather than a guess. */
export function yesNo(value: boolean | null | undefined): 'yes' | 'no' | '' {
  if (typeof value !== 'boolean') return '';
  return value ? 'yes' : 'no';
}

/** The text of one field, as the table shows it (booleans as yes/no); '' when it is missing. */
export function fieldText(a: SubAccount, key: SortKey): string {
  switch (key) {
    case 'alias':
      return a.alias ?? '';
    case 'email':
      return a.email ?? '';
    case 'status':
      return a.status ?? '';
    case 'kyc':
      return a.kyc?.kycStatus ?? '';
    case 'shared':
      return yesNo(a.kyc?.shareKyc);
    case 'spot':
      return yesNo(a.permissions?.spotEnabled);
    case 'collateral':
      return yesNo(a.permissions?.collateralEnabled);
    case 'id':
      return a.id ?? '';
    case 'userId':
      return a.userId ?? '';
  }
}

/** Text is compared case-folded: `Blocked` and `blocked` are one choice, as are `É` and `é`. */
export function foldValue(value: string): string {
  return (ASCII.test(value) ? value : value.normalize('NFC')).toLowerCase();
}

const ASCII = /^[\x20-\x7e]*$/;

export function isSortKey(name: string): name is SortKey {
  return (SORT_KEYS as readonly string[]).includes(name);
}

export function isFilterGroup(name: string): name is FilterGroup {
  return (FILTER_GROUPS as readonly string[]).includes(name);
}
