/**
 * The exporter's mining polls against a scripted Mining Pool API and the real exposition: the
 * fewest calls per round (accounts + 2 per account), an account that leaves the list takes its
 * gauges with it, a failing call keeps that account's last values.
 */
import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import type { MiningApi } from '../../src/api/mining-types.js';
import { parseRange } from '../../src/alerts/range.js';
import { NO_THRESHOLDS, type ThresholdSet } from '../../src/alerts/thresholds.js';
import { createExposition } from '../../src/exporter/exposition.js';
import { miningTargets } from '../../src/exporter/mining-targets.js';
import { createPoller } from '../../src/exporter/poller.js';
import { sample } from '../support/exporter-process.js';

const NOW = 1_750_000_000;

function fakeMining(state: { names: string[]; failInfo: Set<string> }) {
  const calls: string[] = [];
  const api = {
    accounts: async () => {
      calls.push('accounts');
      return { items: state.names.map((name) => ({ name, createdAt: null })), limit: 100, offset: 0 };
    },
    minerInfo: async ({ account }: { account: string }) => {
      calls.push(`info ${account}`);
      if (state.failInfo.has(account)) throw new PooltopError('network', 'connection reset');
      const n = account.length;
      return { fee: 2, workers: { online: n, offline: 1, low: 2 }, stratum: [] };
    },
    hashrate: async ({ account, from }: { account: string; from?: number }) => {
      calls.push(`hashrate ${account} from ${NOW - (from ?? 0)}s ago`);
      return {
        account,
        hashrate: [
          { timestamp: NOW - 600, hashrate: 100, rejectRate: 0.02 },
          { timestamp: NOW - 300, hashrate: 200, rejectRate: 0.01 },
        ],
      };
    },
  } as unknown as MiningApi;
  return { api, calls };
}

async function setUp(names: string[], thresholds: ThresholdSet = NO_THRESHOLDS) {
  const state = { names, failInfo: new Set<string>() };
  const { api, calls } = fakeMining(state);
  const exposition = createExposition({
    endpoints: ['mining_accounts'],
    thresholds,
    processMetrics: false,
    now: () => NOW * 1000,
  });
  const poller = createPoller([miningTargets(api, exposition, () => NOW * 1000)], {
    record: (endpoint, outcome, account) => exposition.recordPoll(endpoint, outcome, account),
  });
  return { state, calls, exposition, poller };
}

describe('the mining targets of the exporter', () => {
  it('one accounts call, then miners/info and one 25-hour series per account', async () => {
    const { calls, exposition, poller } = await setUp(['rig_a', 'farm_bb']);
    await poller.pollAll();
    expect(calls.sort()).toEqual([
      'accounts',
      'hashrate farm_bb from 90000s ago',
      'hashrate rig_a from 90000s ago',
      'info farm_bb',
      'info rig_a',
    ]);
    const text = await exposition.text();
    expect(sample(text, 'whitebit_mining_hashrate_hashes_per_second{account="rig_a"}')).toBe(200);
    expect(sample(text, 'whitebit_mining_reject_ratio{account="farm_bb"}')).toBe(0.01);
    expect(sample(text, 'whitebit_mining_workers{account="farm_bb",status="online"}')).toBe(7);
    expect(sample(text, 'whitebit_mining_workers{account="rig_a",status="low"}')).toBe(2);
    expect(sample(text, 'whitebit_mining_last_sample_timestamp_seconds{account="rig_a"}')).toBe(NOW - 300);
    expect(sample(text, 'pooltop_up{endpoint="mining_info",account="rig_a"}')).toBe(1);
    poller.stop();
  });

  it('an account that leaves the list loses its gauges (its request counts stay); a failing call keeps the last values', async () => {
    const { state, exposition, poller } = await setUp(['rig_a', 'farm_bb']);
    await poller.pollAll();
    state.names = ['farm_bb'];
    state.failInfo.add('farm_bb');
    await poller.pollAll();
    const text = await exposition.text();
    const left = text.split('\n').filter((l) => l.includes('rig_a'));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((l) => l.startsWith('pooltop_api_requests_total{'))).toBe(true);
    expect(sample(text, 'pooltop_up{endpoint="mining_info",account="farm_bb"}')).toBe(0);
    expect(sample(text, 'whitebit_mining_workers{account="farm_bb",status="online"}')).toBe(7);
    expect(
      sample(text, 'pooltop_api_requests_total{endpoint="mining_info",account="farm_bb",outcome="network"}'),
    ).toBe(1);
    poller.stop();
  });

  it('account names from the network are sanitised in labels', async () => {
    const { exposition, poller } = await setUp(['evil\u001b[31m\u0007"name']);
    await poller.pollAll();
    const text = await exposition.text();
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(text).toContain('account="evil\\"name"');
    poller.stop();
  });

  it("publishes each account's threshold status, evaluated like check and the dashboard", async () => {
    const thresholds: ThresholdSet = {
      pool: {},
      mining: {
        workers_online: { warning: parseRange('6:', 'count'), critical: parseRange('2:', 'count') },
        reject_rate: { critical: parseRange('~:1.5%', 'ratio') },
      },
    };
    const { exposition, poller } = await setUp(['rig_a', 'farm_bb'], thresholds);
    await poller.pollAll();
    const text = await exposition.text();
    const status = (account: string, metric: string) =>
      sample(text, `pooltop_threshold_status{scope="mining",account="${account}",metric="${metric}"}`);
    expect(status('rig_a', 'workers_online')).toBe(1);
    expect(status('farm_bb', 'workers_online')).toBe(0);
    expect(status('rig_a', 'reject_rate')).toBe(0);
    poller.stop();
  });
});
