/**
 * `pooltop exporter [--listen HOST:PORT] [--interval S] [--once]`: a Prometheus exporter. Polls
 * the API every `--interval` seconds (default 30, at least 5) and serves the last values on
 * `/metrics`; `--once` polls once and prints one exposition on stdout (for node_exporter's
 * textfile collector; within `--timeout`, default 30 s). The server stops cleanly on SIGINT/SIGTERM
 * (exit 0); `--once` stops at once too, with 130/143 and nothing on stdout. The pool always; every mining
 * account too when an API key and secret are configured (exporter/mining-targets.ts). Serving (not
 * `--once`, not `--demo`), each poll's listings and series are recorded into the profile's history
 * store when `[history]` is on, and a new account is back-filled through a queue of its own.
 */
import { readPool } from '../alerts/readings.js';
import { PooltopError } from '../errors/pooltop-error.js';
import type { PoolOverview } from '../api/types.js';
import type { CommandContext } from './support/context.js';
import { clip, intFlag, type ParsedValues, stringFlag } from './support/parse.js';
import { loadPreferences } from '../alerts/preferences.js';
import { isLoopbackHost } from '../config/validate.js';
import { sanitize } from '../format/sanitize.js';
import { createExposition } from '../exporter/exposition.js';
import { startMetricsServer } from '../exporter/http-server.js';
import { BALANCES_ENDPOINT, balanceTarget } from '../exporter/balance-targets.js';
import { MINING_ENDPOINTS, miningTargets } from '../exporter/mining-targets.js';
import { KEYS_ENDPOINT, keyTargets, WITHDRAWALS_ENDPOINT } from '../exporter/key-targets.js';
import { parseDurationS } from '../config/duration.js';
import { idleSeconds } from './support/idle.js';
import { createPoller, type PollTarget } from '../exporter/poller.js';
import { type CommandIO, interruptedCode, untilAborted } from './support/io.js';
import { goneAfterS } from './support/gone-after.js';
import { cachedSeenStores } from '../config/seen-store.js';
import { seenStoreFor } from './mining-gone.js';
import { createRequestQueue } from '../api/request-queue.js';
import { firstSight } from '../history/first-sight.js';
import { RoundReads, recordReads } from '../history/round-reads.js';
import { commandHistory, NO_HISTORY } from './history-writer.js';
import { collectGarbage } from '../history/full-collection.js';

export const DEFAULT_LISTEN = '127.0.0.1:9861';
export const DEFAULT_INTERVAL_S = 30;
export const MIN_INTERVAL_S = 5;

export interface ExporterFlags {
  host: string;
  port: number;
  intervalS: number;
  once: boolean;
  /** Every sub-account's balances too (off by default: one request per account per interval). */
  balances: boolean;
  /** workers_gone counts workers missing longer than this, seconds. */
  goneAfterS: number;
  /** whitebit_mining_worker_up per worker (on unless --no-worker-metrics). */
  perWorker: boolean;
  /** `--keys`: seconds between audits of every sub-account's keys, and the idle limit; undefined: off. */
  keys: { everyS: number; idleSeconds: number } | undefined;
}

/** An audit of every sub-account's keys costs a request per account and per key: not every poll. */
export const KEYS_INTERVAL_DEFAULT_S = 600;

/** Checked before anything is resolved or sent. */
export function exporterFlags(values: ParsedValues): ExporterFlags {
  const { host, port } = parseListen(stringFlag(values, 'listen') ?? DEFAULT_LISTEN);
  const intervalS = intFlag(values, 'interval', { min: MIN_INTERVAL_S, max: 86_400 }) ?? DEFAULT_INTERVAL_S;
  if (values.timeout !== undefined && values.once !== true) {
    throw new PooltopError('config', '--timeout applies to exporter --once only');
  }
  for (const flag of ['keys-interval', 'idle'] as const) {
    if (values[flag] !== undefined && values.keys !== true) {
      throw new PooltopError('config', `--${flag} applies to exporter --keys only`);
    }
  }
  const keysText = stringFlag(values, 'keys-interval');
  // Without the flag: 10 minutes, or the interval when that is longer.
  const keysEveryS =
    keysText === undefined ? Math.max(KEYS_INTERVAL_DEFAULT_S, intervalS) : parseDurationS(keysText);
  if (keysEveryS === undefined || keysEveryS < intervalS) {
    throw new PooltopError(
      'config',
      `--keys-interval must be a duration of at least the interval (${intervalS}s), such as 10m, not '${clip(keysText ?? '')}'`,
    );
  }
  return {
    host,
    port,
    intervalS,
    once: values.once === true,
    balances: values.balances === true,
    goneAfterS: goneAfterS(values),
    perWorker: values['no-worker-metrics'] !== true,
    keys: values.keys === true ? { everyS: keysEveryS, idleSeconds: idleSeconds(values) } : undefined,
  };
}

/** `HOST:PORT`, `[IPv6]:PORT` or `:PORT` (every address). */
export function parseListen(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : Number.NaN;
  if (!m || port > 65535) {
    throw new PooltopError(
      'config',
      `--listen must be HOST:PORT (e.g. ${DEFAULT_LISTEN}), got '${clip(text)}'`,
    );
  }
  return { host: m[1] ?? m[2] ?? '', port };
}

export async function runExporter(ctx: CommandContext, io: CommandIO, flags: ExporterFlags): Promise<number> {
  const preferences = loadPreferences(io.env);
  const withMining = Boolean(ctx.config.apiKey && ctx.config.apiSecret);
  for (const [on, flag] of [
    [flags.balances, '--balances'],
    [flags.keys, '--keys'],
  ] as const) {
    if (on && !withMining)
      throw new PooltopError('config', `${flag} reads sub-accounts: it needs an API key and secret`);
  }
  const endpoints = [
    'pool',
    ...(withMining ? [MINING_ENDPOINTS.accounts] : []),
    ...(flags.balances ? [BALANCES_ENDPOINT] : []),
    ...(flags.keys ? [KEYS_ENDPOINT, WITHDRAWALS_ENDPOINT] : []),
  ];
  const exposition = createExposition({
    endpoints,
    thresholds: preferences.thresholds,
    processMetrics: !flags.once,
    subaccounts: flags.keys !== undefined,
  });
  const pool: PollTarget<PoolOverview> = {
    endpoint: 'pool',
    fetch: (signal) => ctx.client.getMiningPool({ signal }),
    apply: (overview) => exposition.setPool(readPool(overview)),
  };
  const history = commandHistory(ctx, io, preferences.history, flags.once || !withMining);
  const reads = history === NO_HISTORY ? undefined : new RoundReads();
  // The back-fill's requests only: the polls go out on their own.
  const backfillQueue = createRequestQueue();
  const sight = firstSight({
    client: ctx.client,
    queue: backfillQueue,
    signal: io.signal,
    now: Date.now,
    afterWorker: collectGarbage,
  });
  const targets = [
    pool,
    ...(withMining
      ? [
          miningTargets(ctx.client.mining, exposition, Date.now, {
            stores: cachedSeenStores((account) =>
              seenStoreFor(ctx, io, account, Math.floor(Date.now() / 1000)),
            ),
            afterS: flags.goneAfterS,
            perWorker: flags.perWorker,
            history: reads,
          }),
        ]
      : []),
    ...(flags.balances ? [balanceTarget(ctx.client, ctx.queue, exposition)] : []),
    ...(flags.keys ? keyTargets(ctx.client, ctx.queue, exposition, flags.keys) : []),
  ];
  const poller = createPoller(targets, {
    signal: io.signal,
    record: (endpoint, outcome, account) => exposition.recordPoll(endpoint, outcome, account),
    onChange: (endpoint, error, account) => {
      const what = account === undefined ? endpoint : `${endpoint} ${sanitize(account, io.terminal)}`;
      io.stderr(
        error === undefined
          ? `pooltop: ${what}: the API answers again\n`
          : `pooltop: warning: ${what}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    },
    onRound: () => {
      const store = history.store;
      if (store && reads) recordReads(store, reads, sight, { atMs: Date.now(), intervalS: flags.intervalS });
    },
  });

  if (flags.once) {
    await poller.pollAll();
    poller.stop();
    backfillQueue.close();
    // Stopped by a signal: no exposition of polls that were cut short.
    if (io.signal.aborted) return interruptedCode(io.signal);
    io.stdout(await exposition.text());
    return 0;
  }

  if (!isLoopbackHost(flags.host)) {
    io.stderr(
      `pooltop: warning: listening on ${flags.host || 'every address'}: anyone who can reach it can read the pool and account data it serves\n`,
    );
  }
  const server = await listen(flags, exposition);
  const scope = withMining
    ? 'the pool and every mining account'
    : 'the pool (no API key: no mining accounts)';
  io.stdout(
    `pooltop exporter: serving ${server.url}/metrics, polling ${ctx.config.baseUrl} every ${flags.intervalS} s for ${scope}\n`,
  );
  poller.start(flags.intervalS * 1000);
  await untilAborted(io.signal);
  poller.stop();
  backfillQueue.close();
  await sight.settled();
  history.close();
  await server.close();
  return 0;
}

async function listen(flags: ExporterFlags, exposition: ReturnType<typeof createExposition>) {
  try {
    return await startMetricsServer({ host: flags.host, port: flags.port, exposition });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? 'the address is already in use'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
            ? 'no such address on this machine'
            : (code ?? 'unknown error');
    throw new PooltopError('config', `cannot listen on ${flags.host}:${flags.port}: ${why}`, {
      cause: error,
    });
  }
}
