/**
 * What the exporter polls of the Mining Pool API, and the fewest calls that give every mining
 * metric: the list of accounts, then per account `miners/info` (the worker counts) and one
 * 5-minute hash-rate series of the last 25 hours (hash rate, 24-hour average, reject ratio, the
 * newest point's time). So `1 + 2 × accounts` requests per interval. Accounts that leave the list
 * lose their gauges; a failed call keeps that account's last good values.
 */
import { miningSeriesQuery, readMining } from '../alerts/readings.js';
import type {
  AccountHashRate,
  MinerInfo,
  MiningAccount,
  MiningApi,
  MiningPage,
} from '../api/mining-types.js';
import type { Exposition } from './exposition.js';
import type { PollTarget } from './poller.js';

export const MINING_ENDPOINTS = {
  accounts: 'mining_accounts',
  info: 'mining_info',
  hashrate: 'mining_hashrate',
} as const;
const PER_ACCOUNT = [MINING_ENDPOINTS.info, MINING_ENDPOINTS.hashrate];

interface AccountState {
  info?: MinerInfo;
  series?: AccountHashRate;
  targets: PollTarget<unknown>[];
}

/** The accounts target; the per-account targets follow it in every round. */
export function miningTargets(
  mining: MiningApi,
  exposition: Exposition,
  now: () => number = Date.now,
): PollTarget<MiningPage<MiningAccount>> {
  const accounts = new Map<string, AccountState>();
  const publish = () =>
    exposition.setMining([...accounts].map(([name, s]) => readMining(name, s.info, s.series)));

  const targetsFor = (account: string, state: AccountState): PollTarget<unknown>[] => [
    {
      endpoint: MINING_ENDPOINTS.info,
      account,
      fetch: (signal) => mining.minerInfo({ account }, { signal }),
      apply: (info) => {
        state.info = info as MinerInfo;
        publish();
      },
    },
    {
      endpoint: MINING_ENDPOINTS.hashrate,
      account,
      fetch: (signal) => mining.hashrate(miningSeriesQuery(account, now() / 1000), { signal }),
      apply: (series) => {
        state.series = series as AccountHashRate;
        publish();
      },
    },
  ];

  return {
    endpoint: MINING_ENDPOINTS.accounts,
    fetch: (signal) => mining.accounts({}, { signal }),
    apply: (page) => {
      const names = new Set(page.items.map((a) => a.name));
      for (const name of accounts.keys()) {
        if (names.has(name)) continue;
        accounts.delete(name);
        exposition.forgetAccount(name, PER_ACCOUNT);
      }
      for (const name of names) {
        if (accounts.has(name)) continue;
        const state: AccountState = { targets: [] };
        state.targets = targetsFor(name, state);
        accounts.set(name, state);
      }
      publish();
    },
    next: () => [...accounts.values()].flatMap((s) => s.targets),
  };
}
