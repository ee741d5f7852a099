/**
 * Generated sub-accounts: deterministic from the seed, in one stable order (generation order),
 * with search (case-insensitive substring of alias, email, id or userId) and limit/offset paging.
 * As on the real API, an account whose KYC is shared has no `email`, and its `kycStatus` often
 * reads `shared`.
 */
import {
  ALIAS_STEMS,
  ALIAS_STEMS_NON_ASCII,
  EMAIL_DOMAINS,
  EMAIL_LOCALS,
  KYC_STATUSES,
  STATUSES,
} from './account-names.js';
import { hashUnit, mulberry32, pickWeighted } from './random.js';

/** One item of the sub-account list, as the service sends it (every field but `email` present). */
export interface GeneratedAccount {
  id: string;
  alias: string;
  userId: string;
  email?: string;
  status: string;
  color: string;
  kyc: { shareKyc: boolean; kycStatus: string };
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
}

/** Share of accounts with shared KYC (and so no email). */
const SHARED_KYC = 0.1;
/** Share of those whose kycStatus reads `shared`. */
const SHARED_STATUS = 0.7;

export interface AccountStore {
  readonly size: number;
  /** Accounts matching `search` (all when empty), then `limit` of them from `offset`. */
  page(query: { search: string; limit: number; offset: number }): GeneratedAccount[];
  /** The account with this id (compared case-insensitively) and its place in the list. */
  find(id: string): { account: GeneratedAccount; index: number } | undefined;
  /** Test hook: changes fields of one account (undefined removes a field); false when unknown. */
  change(id: string, patch: Partial<GeneratedAccount>): boolean;
  /** Test hook: takes one account out of the list (the others keep their places); false when unknown. */
  remove(id: string): boolean;
}

interface Entry {
  account: GeneratedAccount;
  /** Lower-cased, NFC-normalised alias, email, id, userId. */
  haystack: readonly string[];
}

/**
 * The accounts are generated on the first page request, not here: the store is created when the
 * service starts, and `pooltop --demo` shows the pool long before anyone opens the Sub-accounts
 * tab. The data is a pure function of (count, seed), so when it is generated does not change it.
 */
export function createAccountStore(count: number, seed: number): AccountStore {
  let entries: Entry[] | undefined;
  let byId: Map<string, number> | undefined;
  const removed = new Set<string>();
  const all = (): Entry[] => {
    entries ??= generateAccounts(count, seed).map((account) => ({
      account,
      haystack: [account.alias, account.email ?? '', account.id, account.userId].map(fold),
    }));
    return entries;
  };
  return {
    size: count,
    page({ search, limit, offset }) {
      const needle = fold(search);
      const listed = removed.size === 0 ? all() : all().filter((e) => !removed.has(e.account.id));
      const source = needle === '' ? listed : listed.filter((e) => matches(e, needle));
      return source.slice(offset, offset + limit).map((e) => e.account);
    },
    find(id) {
      const at = locate(id);
      return at && { account: at.entry.account, index: at.index };
    },
    change(id, patch) {
      const at = locate(id);
      if (!at) return false;
      const account = { ...at.entry.account, ...patch, id: at.entry.account.id } as Record<string, unknown>;
      for (const key of Object.keys(account)) if (account[key] === undefined) delete account[key];
      const changed = account as unknown as GeneratedAccount;
      at.entry.account = changed;
      at.entry.haystack = [changed.alias, changed.email ?? '', changed.id, changed.userId].map(fold);
      return true;
    },
    remove(id) {
      const at = locate(id);
      if (!at) return false;
      removed.add(at.entry.account.id);
      return true;
    },
  };
  function locate(id: string): { entry: Entry; index: number } | undefined {
    const list = all();
    byId ??= new Map(list.map((e, i) => [e.account.id, i]));
    const index = byId.get(id.toLowerCase());
    const entry = index === undefined ? undefined : list[index];
    return entry && index !== undefined && !removed.has(entry.account.id) ? { entry, index } : undefined;
  }
}

/** The search rule (our choice): case-insensitive substring, compared in NFC. */
export function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function matches(entry: Entry, needle: string): boolean {
  return entry.haystack.some((field) => field.includes(needle));
}

export function generateAccounts(count: number, seed: number): GeneratedAccount[] {
  const rnd = mulberry32(seed >>> 0);
  const stemCounts = new Map<string, number>();
  const userIds = new Set<string>();
  const accounts: GeneratedAccount[] = [];
  for (let i = 0; i < count; i++) {
    const alias = makeAlias(rnd, stemCounts);
    const id = uuidV4(rnd);
    const userId = uniqueUserId(rnd, userIds, count);
    const email = maskedEmail(rnd);
    const status = pickWeighted(STATUSES, rnd());
    const color = hexColor(rnd);
    const shareKyc = rnd() < SHARED_KYC;
    const drawnKyc = pickWeighted(KYC_STATUSES, rnd());
    // A stateless draw, so the sequence (and every later account) is the same as without it.
    const kycStatus = shareKyc && hashUnit(seed, 21, i) < SHARED_STATUS ? 'shared' : drawnKyc;
    accounts.push({
      id,
      alias,
      userId,
      ...(shareKyc ? {} : { email }),
      status,
      color,
      kyc: { shareKyc, kycStatus },
      permissions: { spotEnabled: rnd() < 0.85, collateralEnabled: rnd() < 0.3 },
    });
  }
  return accounts;
}

function pick<T>(list: readonly T[], u: number): T {
  const item = list[Math.floor(u * list.length)];
  if (item === undefined) throw new RangeError('empty list');
  return item;
}

function makeAlias(rnd: () => number, counts: Map<string, number>): string {
  const stem = rnd() < 0.05 ? pick(ALIAS_STEMS_NON_ASCII, rnd()) : pick(ALIAS_STEMS, rnd());
  const n = (counts.get(stem) ?? 0) + 1;
  counts.set(stem, n);
  const bare = rnd() < 0.5;
  if (n === 1 && bare) return stem;
  const sep = stem.includes('_') ? '_' : stem.includes(' ') ? ' #' : '-';
  return `${stem}${sep}${n}`;
}

function uuidV4(rnd: () => number): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(rnd() * 256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function uniqueUserId(rnd: () => number, seen: Set<string>, count: number): string {
  const span = Math.max(90_000, count * 20);
  for (;;) {
    const id = `u-${10_000 + Math.floor(rnd() * span)}`;
    if (!seen.has(id)) {
      seen.add(id);
      return id;
    }
  }
}

function maskedEmail(rnd: () => number): string {
  const local = pick(EMAIL_LOCALS, rnd());
  const domain = pick(EMAIL_DOMAINS, rnd());
  const tail = rnd() < 0.3 ? local.slice(-1) : '';
  return `${local.slice(0, 1)}***${tail}@${domain}`;
}

function hexColor(rnd: () => number): string {
  const value = Math.floor(rnd() * 0x1000000);
  return `#${value.toString(16).toUpperCase().padStart(6, '0')}`;
}
