/**
 * The watcher: one model, outside any view, that reads every source a threshold or a worker rule
 * names — the pool overview, every mining account's miners/info and 5-minute series, each
 * account's worker listing and, with `drop`, each worker's own series — judges them (rules.ts)
 * and hands each round's events to whoever listens: `pooltop watch`'s printer and notifiers, the
 * dashboard's status bar, `!` history and bell.
 *
 * Reads go through the request queue it is given (the dashboard's one queue, shared with the
 * views). A read that fails keeps the last good answer, so a source that stops answering neither
 * fires nor resolves anything; each source's change between answering and failing is reported
 * once. Cadence: the pool, the accounts and miners/info every interval; an account's series once
 * per 5-minute point; its listing when its worker counts change, and at least once a minute; the
 * per-worker sweep (`drop`) at most once per 5-minute point, at low priority; with the oversight
 * reads, the sub-accounts' keys every `keys_every` (10 minutes) in the background at low priority
 * and the withdrawals awaiting you every interval (subaccount-watch.ts). Given a history
 * store, each round records what it read (history/round-reads.ts) and a new account is back-filled.
 */
import { miningSeriesQuery, type PoolReadings, readMining, readPool } from '../alerts/readings.js';
import type { ThresholdSet } from '../alerts/thresholds.js';
import type { AccountHashRate, HashRateQuery, MinerInfo } from '../api/mining-types.js';
import type { RequestQueue } from '../api/request-queue.js';
import type { ApiClient } from '../api/types.js';
import { listAndRemember } from '../api/worker-listing.js';
import type { SeenStores } from '../config/seen-store.js';
import { countGone, type SeenState } from '../config/seen-workers.js';
import type { MetricResult } from '../alerts/evaluate.js';
import {
  accountConditions,
  accountResults,
  type Drop,
  median,
  poolConditions,
  poolResults,
} from './conditions.js';
import type { Round, WatchEvent } from './event.js';
import { groupEvents } from './group.js';
import { type AlertBook, type AlertEntry, type Condition, firingEvents, judge } from './rules.js';
import { countsRead, listingRead, NO_PRESENCE, type Presence } from './presence.js';
import type { WatchSettings } from '../alerts/watch-settings.js';
import type { OversightApi } from '../api/oversight-types.js';
import { createSubAccountWatch } from './subaccount-watch.js';
import { firstSight } from '../history/first-sight.js';
import type { HistoryStore } from '../history/store.js';
import { RoundReads, recordReads } from '../history/round-reads.js';

const BUCKET_S = 300;
/** A listing is made again at least this often, even when the counts stay the same. */
const RELIST_S = 60;
/** The window a worker's median is taken over (`drop`). */
export const DROP_WINDOW_S = 6 * 3600;

export interface BookStore {
  load(): Promise<AlertEntry[] | undefined>;
  save(entries: readonly AlertEntry[]): Promise<void>;
}

export interface WatcherOptions {
  client: ApiClient;
  queue: RequestQueue;
  thresholds: ThresholdSet;
  watch: WatchSettings;
  intervalS: number;
  /** workers_gone counts workers missing this long or longer. */
  goneAfterS: number;
  /** An API key is configured: the mining sources can be read. */
  mining: boolean;
  seenStores: SeenStores;
  /** Where the alert book is kept across runs; none: memory only. */
  store?: BookStore;
  now?: () => number;
  /** The 5-minute series query (the dashboard passes the Mining tab's, so both share one request). */
  seriesQuery?: (account: string, nowS: number) => HashRateQuery;
  onSourceError?: (source: string, error: unknown) => void;
  onSourceOk?: (source: string) => void;
  /** The oversight reads: with them, the `[watch.subaccounts]` rules (subaccount-watch.ts). */
  oversight?: OversightApi;
  /** After each whole audit of the sub-accounts' keys, with its number of keys. */
  onKeysAudited?: (keys: number) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /**
   * The history store each round is recorded into (history/store.ts), asked each round: the
   * dashboard opens it after its first frame. Given: every account's listing is made (at the
   * relist cadence) and its 5-minute series read once a point, whatever the rules say; an account
   * the store has not seen is back-filled (history/first-sight.ts).
   */
  history?: () => HistoryStore | undefined;
  /** After each worker's back-fill (history/backfill.ts `afterWorker`): a collection (history/full-collection.ts). */
  afterBackfilledWorker?: () => void;
}

interface AccountState {
  info?: MinerInfo;
  series?: AccountHashRate;
  seriesBucket?: number;
  seen?: SeenState;
  /** What is known of each worker's presence, from listings and counts (presence.ts). */
  presence: Presence;
  drops: Drop[];
}

export interface WatchSnapshot {
  /** Every condition holding now (pending or firing). */
  conditions: readonly Condition[];
  book: AlertBook;
  /** A round has been judged. */
  judged: boolean;
  /**
   * Every threshold judged in the last round, OK and UNKNOWN too: the pool's, and each account's
   * it has read anything of (an account not in the map was not judged). Views mark values by it.
   */
  results: JudgedThresholds;
}

export interface JudgedThresholds {
  pool: readonly MetricResult[];
  accounts: ReadonlyMap<string, readonly MetricResult[]>;
}

export interface Watcher {
  /** One read of every source and one judgement; resolves with what it sends. */
  round(): Promise<Round>;
  /** Rounds every interval from now (the first at once). */
  start(): void;
  /** Stops the timer and every read in flight; the book is saved. */
  stop(): Promise<void>;
  /** Polling paused: rounds are skipped until resumed. */
  setPaused(paused: boolean): void;
  snapshot(): WatchSnapshot;
  /** Called after every round with its events (possibly none). */
  subscribe(listener: (round: Round) => void): () => void;
  /** Requests made by the worker sweeps so far (bench). */
  readonly sweeps: number;
}

const countsOf = (info: MinerInfo | undefined): string | undefined =>
  info ? `${(info.workers.online ?? 0) + (info.workers.low ?? 0)} ${info.workers.offline}` : undefined;

export function createWatcher(opts: WatcherOptions): Watcher {
  const now = opts.now ?? Date.now;
  const { client, queue, thresholds, watch } = opts;
  const setTimer =
    opts.setTimer ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      t.unref();
      return t;
    });
  const clearTimer = opts.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout));
  const seriesQuery = opts.seriesQuery ?? miningSeriesQuery;
  const wantPool = Object.keys(thresholds.pool).length > 0;
  const recording = opts.history !== undefined;
  const wantMining =
    opts.mining &&
    (Object.keys(thresholds.mining).length > 0 || watch.workers.offline || watch.workers.drop !== undefined || recording);
  const wantListing =
    watch.workers.offline || watch.workers.drop !== undefined || Boolean(thresholds.mining.workers_gone) || recording;
  const wantSeries = Object.keys(thresholds.mining).some((k) => k !== 'workers_gone') || recording;

  const life = new AbortController();
  const signal = life.signal;
  const listeners = new Set<(round: Round) => void>();
  const failing = new Set<string>();
  const accounts = new Map<string, AccountState>();
  let pool: PoolReadings | undefined;
  let book: Map<string, AlertEntry> = new Map();
  let loaded: Promise<boolean> | undefined;
  let first = true;
  let judged = false;
  let conditions: Condition[] = [];
  let results: JudgedThresholds = { pool: [], accounts: new Map() };
  let timer: unknown;
  let paused = false;
  let running: Promise<Round> | undefined;
  let sweeping = false;
  let sweepBucket = -1;
  let sweeps = 0;
  const kept = recording ? new RoundReads() : undefined;
  const afterWorker = opts.afterBackfilledWorker;
  const sight = recording
    ? firstSight({ client, queue, signal, now, ...(afterWorker ? { afterWorker } : {}) })
    : undefined;

  const ask = <T>(task: (s: AbortSignal | undefined) => Promise<T>, low = false) =>
    queue.run(task, { signal, priority: low ? 'low' : 'high' });

  /** Runs one source's read; a failure keeps what was there and is reported once. */
  async function source<T>(name: string, read: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await read();
      if (failing.delete(name)) opts.onSourceOk?.(name);
      return value;
    } catch (error) {
      if (signal.aborted) return undefined;
      if (!failing.has(name)) {
        failing.add(name);
        opts.onSourceError?.(name, error);
      }
      return undefined;
    }
  }

  const { oversight } = opts;
  const subaccounts = oversight
    ? createSubAccountWatch({
        // The audit runs its requests as the queue's low-priority tasks (load-all.ts, load-keys.ts):
        // they wait behind the views' and the other rules'.
        client: {
          listSubAccounts: (q, o) => client.listSubAccounts(q, o),
          oversight: {
            apiKeys: (q, o) => oversight.apiKeys(q, o),
            ipAddresses: (q, o) => oversight.ipAddresses(q, o),
            transfers: (q, o) => oversight.transfers(q, o),
            unconfirmedWithdrawals: (q) => ask((s) => oversight.unconfirmedWithdrawals(q, { signal: s })),
          },
        },
        queue,
        settings: watch.subaccounts,
        source,
        signal,
        onAudited: opts.onKeysAudited,
      })
    : undefined;

  async function readAccount(name: string, state: AccountState, nowS: number): Promise<void> {
    const info = await source(`miners/info ${name}`, () =>
      ask((s) => client.mining.minerInfo({ account: name }, { signal: s })),
    );
    if (info) {
      state.info = info;
      const counts = countsOf(info);
      const at = now();
      if (counts !== undefined) state.presence = countsRead(state.presence, counts, at);
      if (counts !== undefined && !state.presence.diverged && state.presence.matchedMs === at) {
        kept?.countsMatched(name, at);
      }
    }
    const bucket = Math.floor(nowS / BUCKET_S);
    const reads: Promise<unknown>[] = [];
    if (wantSeries && state.seriesBucket !== bucket) {
      reads.push(
        source(`hashrate ${name}`, () =>
          ask((s) => client.mining.hashrate(seriesQuery(name, nowS), { signal: s })),
        ).then((series) => {
          if (!series) return;
          state.series = series;
          state.seriesBucket = bucket;
          kept?.series(name, series.hashrate);
        }),
      );
    }
    const counts = countsOf(state.info);
    const listedMs = state.presence.listedMs;
    const stale = listedMs === undefined || nowS * 1000 - listedMs >= RELIST_S * 1000;
    if (wantListing && (stale || counts !== state.presence.counts)) {
      reads.push(
        source(`workers/names ${name}`, async () => {
          const store = await opts.seenStores(name);
          const { listing, seen: next, atMs } = await listAndRemember(client, name, store, { signal, queue, now });
          if (!listing.complete) return;
          state.seen = next;
          state.presence = listingRead(state.presence, next, listing.names, counts, atMs);
          kept?.listed(name, listing.names, atMs, next.workers.map((w) => w.name));
        }),
      );
    }
    await Promise.all(reads);
  }

  async function readAll(nowS: number): Promise<void> {
    const reads: Promise<unknown>[] = [];
    if (subaccounts) reads.push(subaccounts.read(now()));
    if (wantPool) {
      reads.push(
        source('pool', () => ask((s) => client.getMiningPool({ signal: s }))).then((p) => {
          if (p) pool = readPool(p);
        }),
      );
    }
    if (wantMining) {
      reads.push(
        source('mining/accounts', () => ask((s) => client.mining.accounts({}, { signal: s }))).then(
          async (page) => {
            if (page) {
              const names = new Set(page.items.map((a) => a.name));
              for (const name of accounts.keys()) if (!names.has(name)) accounts.delete(name);
              for (const name of names) if (!accounts.has(name)) accounts.set(name, { presence: NO_PRESENCE, drops: [] });
            }
            await Promise.all([...accounts].map(([name, state]) => readAccount(name, state, nowS)));
          },
        ),
      );
    }
    await Promise.all(reads);
  }

  /** What holds now, and every threshold's judgement (kept as `results`). */
  function conditionsAt(nowS: number): Condition[] {
    const out: Condition[] = [];
    const judgedPool = pool ? poolResults(pool, thresholds, nowS) : [];
    const judgedAccounts = new Map<string, readonly MetricResult[]>();
    out.push(...poolConditions(judgedPool));
    for (const [name, state] of accounts) {
      const own =
        state.info || state.series
          ? accountResults(
              {
                ...readMining(name, state.info, state.series),
                workersGone: state.seen ? countGone(state.seen, nowS, opts.goneAfterS) : undefined,
              },
              thresholds,
              nowS,
            )
          : undefined;
      if (own) judgedAccounts.set(name, own);
      out.push(
        ...accountConditions(name, { results: own ?? [], absent: state.presence.absent, drops: state.drops }, watch, nowS),
      );
    }
    out.push(...(subaccounts?.conditions(nowS, (id) => book.has(id)) ?? []));
    results = { pool: judgedPool, accounts: judgedAccounts };
    return out;
  }

  /** Each connected worker's own series once per 5-minute point, one request at a time. */
  async function sweep(bucket: number): Promise<void> {
    const share = watch.workers.drop;
    if (share === undefined || sweeping || bucket <= sweepBucket || signal.aborted) return;
    sweeping = true;
    sweepBucket = bucket;
    try {
      for (const [account, state] of [...accounts]) {
        const drops: Drop[] = [];
        for (const worker of state.presence.names) {
          if (signal.aborted) return;
          if (watch.workers.ignored(worker)) continue;
          const from = Math.floor(now() / 1000) - DROP_WINDOW_S;
          sweeps++;
          const series = await source(`workers/hashrate ${account}`, () =>
            ask(
              (s) => client.mining.workerHashrate({ account, worker, interval: '5m', from }, { signal: s }),
              true,
            ),
          );
          if (series) kept?.swept(account, worker, series.hashrate);
          const rates = (series?.hashrate ?? []).map((p) => p.hashrate).filter((r): r is number => r !== null);
          const mid = median(rates);
          const last = rates.at(-1);
          if (mid !== undefined && last !== undefined && mid > 0 && last < share * mid) {
            drops.push({ worker, rate: last, median: mid });
          }
        }
        state.drops = drops;
      }
    } finally {
      sweeping = false;
    }
  }

  async function load(): Promise<boolean> {
    const saved = await opts.store?.load().catch(() => undefined);
    if (saved) {
      book = new Map(saved.map((e) => [e.condition.id, e]));
      first = false;
    }
    return true;
  }

  async function oneRound(): Promise<Round> {
    loaded ??= load();
    await loaded;
    const startS = Math.floor(now() / 1000);
    await readAll(startS);
    const nowMs = now();
    conditions = conditionsAt(Math.floor(nowMs / 1000));
    const before = book;
    const { book: next, events } = judge(before, conditions, nowMs, {
      forMs: watch.forS * 1000,
      repeatMs: watch.repeatS * 1000,
      first,
    });
    first = false;
    judged = true;
    book = next;
    const round: Round = { events: groupEvents(events), alerts: events, firing: firingEvents(book) };
    if (opts.store && (events.length > 0 || !sameKeys(before, next))) {
      await opts.store.save([...book.values()]).catch((error: unknown) => opts.onSourceError?.('state file', error));
    }
    record(nowMs, round);
    void sweep(Math.floor(nowMs / 1000 / BUCKET_S));
    for (const listener of listeners) listener(round);
    return round;
  }

  /** The round's reads into the history store (kept for the next round while it is not open). */
  function record(nowMs: number, round: Round): void {
    const history = opts.history?.();
    if (history && kept && sight) recordReads(history, kept, sight, { atMs: nowMs, intervalS: opts.intervalS, events: round.events });
  }

  const round = (): Promise<Round> => {
    // Never two rounds at once: a slow round is joined, not doubled.
    running ??= oneRound().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (signal.aborted) return;
    timer = setTimer(async () => {
      timer = undefined;
      if (!paused) await round().catch(() => undefined);
      schedule();
    }, opts.intervalS * 1000);
  };

  return {
    round,
    start() {
      if (!paused) void round().catch(() => undefined);
      schedule();
    },
    async stop() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      life.abort(new Error('watcher stopping'));
      await running?.catch(() => undefined);
      await sight?.settled();
      await opts.store?.save([...book.values()]).catch(() => undefined);
    },
    setPaused(p) {
      paused = p;
    },
    snapshot: () => ({ conditions, book, judged, results }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get sweeps() {
      return sweeps;
    },
  };
}

function sameKeys(a: AlertBook, b: AlertBook): boolean {
  if (a.size !== b.size) return false;
  for (const k of a.keys()) if (!b.has(k)) return false;
  return true;
}

export type { WatchEvent };
