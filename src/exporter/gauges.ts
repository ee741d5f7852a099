/**
 * The data the exporter publishes, as a table: each gauge's name (Prometheus naming: base
 * units, `_seconds`, `_timestamp_seconds` for a point in time rather than an age), its help
 * text, its labels and how its samples are read from the readings. Mining gauges
 * (`whitebit_mining_hashrate_hashes_per_second{account}`, `whitebit_mining_reject_ratio{account}`,
 * `whitebit_mining_workers{account,status}`) join as entries over `MiningReadings` once the
 * mining client exists.
 */
import type { PoolReadings } from '../alerts/readings.js';

export interface Sample {
  labels?: Record<string, string>;
  value: number | undefined;
}

export interface GaugeDef<R> {
  name: string;
  help: string;
  labelNames?: readonly string[];
  samples(readings: R): Sample[];
}

export const POOL_GAUGES: readonly GaugeDef<PoolReadings>[] = [
  {
    name: 'whitebit_pool_hashrate_hashes_per_second',
    help: 'Current hash rate of the WhiteBIT mining pool.',
    samples: (r) => [{ value: r.hashRate }],
  },
  {
    name: 'whitebit_pool_workers',
    help: 'Workers connected to the WhiteBIT mining pool.',
    samples: (r) => [{ value: r.workers }],
  },
  {
    name: 'whitebit_pool_last_block_height',
    help: 'Height of the newest block the pool found.',
    samples: (r) => [{ value: r.lastBlockHeight }],
  },
  {
    name: 'whitebit_pool_last_block_timestamp_seconds',
    help: 'When the pool found its newest block, Unix time.',
    samples: (r) => [{ value: r.lastBlockTime }],
  },
  {
    name: 'whitebit_pool_last_sample_timestamp_seconds',
    help: "Time of the newest point of the pool's hourly hash-rate history, Unix time.",
    samples: (r) => [{ value: r.newestSampleTime }],
  },
];
