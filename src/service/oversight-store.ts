/**
 * The oversight model (oversight-model.ts) as the routes read it: each account's keys,
 * transfers and withdrawals made when first asked for and kept, a key found by its id, and the
 * one change a test may make (a new transfer). Accounts are the list's (accounts.ts).
 */
import type { AccountStore } from './accounts.js';
import {
  accountKeys,
  accountWithdrawals,
  KEYS_PER_ACCOUNT,
  keyIps,
  type ModelKey,
  type ModelTransfer,
  type ModelWithdrawal,
  transferAt,
  transferCount,
} from './oversight-model.js';

export interface OversightStore {
  /** The account's keys, newest first; undefined for an unknown account. */
  keys(accountId: string): ModelKey[] | undefined;
  /** The key with this id and its IP list. */
  key(keyId: string): { key: ModelKey; ips: string[] } | undefined;
  /** The account's transfers, newest first; undefined for an unknown account. */
  transfers(accountId: string): readonly ModelTransfer[] | undefined;
  /** Every withdrawal awaiting the main account, newest first. */
  withdrawals(): readonly ModelWithdrawal[];
  /** Test hook: a new transfer, the account's newest; its id, or undefined for an unknown account. */
  addTransfer(
    accountId: string,
    transfer: Pick<ModelTransfer, 'direction' | 'currency' | 'amount'>,
  ): string | undefined;
  /** Test hook: a new key, the account's newest; its id, or undefined for an unknown account. */
  addKey(accountId: string, key: NewModelKey): string | undefined;
}

/** What a test gives of a new key: its kind (type `2` may withdraw), its state and its IP list. */
export interface NewModelKey {
  title: string;
  type?: '1' | '2';
  isEnabled?: boolean;
  ips?: string[];
}

export function createOversightStore(accounts: AccountStore, seed: number, startSec: number): OversightStore {
  const keysByAccount = new Map<string, ModelKey[]>();
  const transfersByAccount = new Map<string, ModelTransfer[]>();
  let keyIndex: Map<string, { index: number; j: number; accountId: string }> | undefined;
  let allWithdrawals: ModelWithdrawal[] | undefined;
  let added = 0;
  const addedKeys = new Map<string, { key: ModelKey; ips: string[] }>();

  const everyAccount = () => accounts.page({ search: '', limit: accounts.size, offset: 0 });

  const keysOf = (accountId: string): ModelKey[] | undefined => {
    const found = accounts.find(accountId);
    if (!found) return undefined;
    const id = found.account.id;
    let keys = keysByAccount.get(id);
    if (!keys) {
      keys = accountKeys(seed, found.index, id, startSec);
      keysByAccount.set(id, keys);
    }
    return keys;
  };

  const transfersOf = (accountId: string): ModelTransfer[] | undefined => {
    const found = accounts.find(accountId);
    if (!found) return undefined;
    const id = found.account.id;
    let list = transfersByAccount.get(id);
    if (!list) {
      const count = transferCount(found.index, seed);
      list = [];
      for (let n = count - 1; n >= 0; n--) list.push(transferAt(seed, found.index, n, count, startSec));
      transfersByAccount.set(id, list);
    }
    return list;
  };

  return {
    keys: keysOf,
    key(keyId) {
      const own = addedKeys.get(keyId.toLowerCase());
      if (own) return own;
      keyIndex ??= new Map(
        everyAccount().flatMap((a, index) =>
          Array.from({ length: KEYS_PER_ACCOUNT }, (_, j) => {
            const key = accountKeys(seed, index, a.id, startSec)[j] as ModelKey;
            return [key.id, { index, j, accountId: a.id }] as const;
          }),
        ),
      );
      const at = keyIndex.get(keyId.toLowerCase());
      const key = at && keysOf(at.accountId)?.[at.j];
      return at && key ? { key, ips: keyIps(seed, at.index, at.j) } : undefined;
    },
    transfers: transfersOf,
    withdrawals() {
      allWithdrawals ??= everyAccount()
        .flatMap((a, index) => accountWithdrawals(seed, index, a.id, startSec))
        .sort((a, b) => b.createdAt - a.createdAt);
      return allWithdrawals;
    },
    addKey(accountId, given) {
      const keys = keysOf(accountId);
      if (!keys) return undefined;
      added++;
      const id = `00000000-0000-4000-8000-${String(added).padStart(12, '0')}`;
      const withdraws = given.type === '2';
      const key: ModelKey = {
        subAccountId: keys[0]?.subAccountId ?? accountId.toLowerCase(),
        id,
        title: given.title,
        isEnabled: given.isEnabled ?? true,
        apiKey: `pub-added-${added}`,
        apiSecret: '',
        type: withdraws ? '2' : '1',
        lastActivity: startSec,
        restrictAccess: withdraws,
        accessEndpoints: withdraws
          ? [{ name: '/api/v4/main-account/withdraw', title: 'Create Withdraw Request' }]
          : [],
      };
      keys.unshift(key);
      addedKeys.set(id, { key, ips: given.ips ?? [] });
      return id;
    },
    addTransfer(accountId, transfer) {
      const list = transfersOf(accountId);
      if (!list) return undefined;
      added++;
      const id = `${9_000_000_000 + added}`;
      const newest = list[0]?.createdAt ?? startSec;
      list.unshift({ ...transfer, transaction_id: id, id, createdAt: newest + 60 });
      return id;
    },
  };
}
