/**
 * Delivery that never blocks judging: `send(round)` queues and returns at once. Each target has
 * its own first-in-first-out queue, tried in order, one delivery at a time; a failure is tried
 * again after an exponential back-off (DELIVERY_BACKOFF_BASE_MS doubling to DELIVERY_BACKOFF_CAP_MS, with jitter,
 * or as long as the receiver asked), a message the receiver refuses for good (4xx) is dropped
 * with one line. The queues live on disk too (outbox.ts), so a restart delivers what was
 * pending: at least once — a delivery cut short by the end of the process is sent again.
 * stderr gets one line when a target starts failing and one when it delivers again, not one
 * per retry. Alertmanager targets also get every firing alert again each REPOST_INTERVAL_MS.
 */
import { doublingBackoff } from '../../api/retry.js';
import type { Round, WatchEvent } from '../event.js';
import { REPOST_INTERVAL_MS, createAlertmanagerSink } from './alertmanager.js';
import type { Outcome } from './delivery.js';
import { createExecSink } from './exec.js';
import { createDispatcher } from './http-post.js';
import type { NotifyTarget } from './notify-config.js';
import { createSaver, type Queues, readOutbox, targetKey } from './outbox.js';
import type { ClearTimer, SetTimer, Sink, SinkDeps, TimerHandle } from './sink.js';
import { createWebhookSink } from './webhook.js';

/** A failed delivery to a notification target is tried again after 5 s, doubling to 10 min. */
export const DELIVERY_BACKOFF_BASE_MS = 5_000;
export const DELIVERY_BACKOFF_CAP_MS = 10 * 60_000;
/** Undelivered messages kept per target; beyond it the oldest go, with one line. */
export const QUEUE_CAP = 1000;

export interface NotifierOptions {
  targets: readonly NotifyTarget[];
  /** The state directory: the outbox is `watch-outbox.json` in it. */
  stateDir: string;
  /** One line for stderr, `pooltop: …`, no newline. */
  log: (line: string) => void;
  now?: () => number;
  setTimer?: SetTimer;
  clearTimer?: ClearTimer;
  /** Uniform in [0, 1): the back-off's jitter. */
  random?: () => number;
  /** What exec hooks' environments start from (credentials removed); default process.env. */
  env?: NodeJS.ProcessEnv;
  queueCap?: number;
}

export interface Notifier {
  /** Queues a round's messages and starts delivering; returns at once. */
  send(round: Round): void;
  /**
   * For the end of the process (SIGTERM, `--once`): tries every queue once more, waits for that
   * at most `withinMs` milliseconds, and writes what is still pending to disk. Resolves to the
   * number of messages still pending.
   */
  flush(withinMs: number): Promise<number>;
  /** Stops timers and deliveries in flight (they stay queued) and writes the outbox. */
  close(): Promise<void>;
  /** Undelivered messages per target, in `targets` order. */
  pending(): number[];
}

interface Lane {
  name: string;
  key: string;
  sink: Sink;
  queue: WatchEvent[];
  /** Failures in a row. */
  failures: number;
  busy: boolean;
  /** A back-off (or re-post) wait is running. */
  timer?: TimerHandle;
  failing: boolean;
  /** Alertmanager: every alert firing at the last round, and when they were last posted. */
  firing: readonly WatchEvent[];
  repostedAt?: number;
  repostTimer?: TimerHandle;
}

export function backoffMs(failures: number, random: () => number): number {
  return doublingBackoff(failures - 1, DELIVERY_BACKOFF_BASE_MS, DELIVERY_BACKOFF_CAP_MS, random);
}

export function createNotifier(opts: NotifierOptions): Notifier {
  const now = opts.now ?? Date.now;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  const random = opts.random ?? Math.random;
  const cap = opts.queueCap ?? QUEUE_CAP;
  const controller = new AbortController();
  const dispatcher = createDispatcher();
  const deps: SinkDeps = { now, dispatcher, env: opts.env ?? process.env, setTimer, clearTimer };
  const stored = readOutbox(opts.stateDir, opts.log);
  const lanes: Lane[] = opts.targets.map((target) => {
    const sink = sinkFor(target, deps);
    const key = targetKey(target);
    return {
      name: `notify[${target.index}] (${sink.label})`,
      key,
      sink,
      queue: [...(stored[key] ?? [])],
      failures: 0,
      busy: false,
      failing: false,
      firing: [],
    };
  });
  const forgotten = Object.entries(stored).filter(([key]) => !lanes.some((l) => l.key === key));
  const lost = forgotten.reduce((n, [, list]) => n + list.length, 0);
  if (lost > 0)
    opts.log(`pooltop: notify: ${lost} undelivered message(s) for targets no longer configured dropped`);
  let closed = false;
  let idleWaiters: Array<() => void> = [];
  const saver = createSaver(opts.stateDir, opts.log, () => {
    const out: Queues = {};
    for (const lane of lanes) if (lane.queue.length > 0) out[lane.key] = [...lane.queue];
    return out;
  });

  const setFailing = (lane: Lane, outcome: Extract<Outcome, { ok: false }>) => {
    if (lane.failing) return;
    lane.failing = true;
    opts.log(`pooltop: ${lane.name}: delivery failed (${outcome.reason}); will retry`);
  };
  const setWorking = (lane: Lane) => {
    if (!lane.failing) return;
    lane.failing = false;
    opts.log(`pooltop: ${lane.name}: delivering again`);
  };

  async function pump(lane: Lane, once = false): Promise<void> {
    if (lane.busy || closed) return;
    lane.busy = true;
    try {
      while (!closed && lane.queue.length > 0 && (once || lane.timer === undefined)) {
        const batch = lane.queue.slice(0, lane.sink.batch);
        const outcome = await lane.sink.deliver(batch, controller.signal);
        if (closed) return;
        if (outcome.ok || outcome.permanent) {
          // By identity: the queue may have lost its oldest to the cap meanwhile.
          lane.queue = lane.queue.filter((e) => !batch.includes(e));
          void saver.save();
        }
        if (outcome.ok) {
          lane.failures = 0;
          setWorking(lane);
        } else if (outcome.permanent) {
          opts.log(`pooltop: ${lane.name}: message refused (${outcome.reason}); dropped`);
        } else {
          lane.failures++;
          setFailing(lane, outcome);
          if (once) return;
          // The receiver's own wait when it named one (429 Retry-After), else the back-off.
          const wait = outcome.retryAfterMs ?? backoffMs(lane.failures, random);
          lane.timer = setTimer(() => {
            lane.timer = undefined;
            void pump(lane);
          }, wait);
        }
      }
    } finally {
      lane.busy = false;
      wakeIdle();
    }
    if (!closed && lane.queue.length === 0) void repost(lane);
  }

  /** Alertmanager: every firing alert again, when the last post is REPOST_INTERVAL_MS old. */
  async function repost(lane: Lane): Promise<void> {
    const send = lane.sink.repost;
    if (!send || closed || lane.busy || lane.queue.length > 0 || lane.firing.length === 0) return;
    const due = (lane.repostedAt ?? Number.NEGATIVE_INFINITY) + REPOST_INTERVAL_MS;
    if (now() < due) return armRepost(lane, due - now());
    lane.busy = true;
    try {
      const outcome = await send(lane.firing, controller.signal);
      if (closed) return;
      if (outcome.ok) setWorking(lane);
      else setFailing(lane, outcome);
      // A failed re-post is not queued: the next one, a minute on, carries the same alerts.
      lane.repostedAt = now();
      armRepost(lane, REPOST_INTERVAL_MS);
    } finally {
      lane.busy = false;
      wakeIdle();
    }
    // What a round queued while the re-post was in flight.
    if (!closed && lane.queue.length > 0) void pump(lane);
  }

  function armRepost(lane: Lane, ms: number) {
    if (lane.repostTimer !== undefined) clearTimer(lane.repostTimer);
    lane.repostTimer = setTimer(() => {
      lane.repostTimer = undefined;
      void repost(lane);
    }, ms);
  }

  const wakeIdle = () => {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };
  const settled = () => lanes.every((l) => !l.busy);

  return {
    send(round) {
      if (closed) return;
      let queued = false;
      for (const lane of lanes) {
        const list = lane.sink.takes === 'alerts' ? round.alerts : round.events;
        queued ||= list.length > 0;
        lane.queue.push(...list);
        const over = lane.queue.length - cap;
        if (over > 0) {
          lane.queue.splice(0, over);
          opts.log(
            `pooltop: ${lane.name}: more than ${cap} undelivered messages; the ${over} oldest dropped`,
          );
        }
        if (lane.sink.repost) lane.firing = [...round.firing];
      }
      // A quiet round changes nothing on disk.
      if (queued) void saver.save();
      for (const lane of lanes) void pump(lane);
    },
    async flush(withinMs) {
      let timedOut = false;
      const deadline = setTimer(() => {
        timedOut = true;
        wakeIdle();
      }, withinMs);
      for (const lane of lanes) void pump(lane, true);
      while (!timedOut && !settled()) await new Promise<void>((r) => idleWaiters.push(r));
      clearTimer(deadline);
      await saver.save();
      return lanes.reduce((n, l) => n + l.queue.length, 0);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const lane of lanes) {
        if (lane.timer !== undefined) clearTimer(lane.timer);
        if (lane.repostTimer !== undefined) clearTimer(lane.repostTimer);
      }
      controller.abort();
      await saver.save();
      await dispatcher.destroy().catch(() => undefined);
    },
    pending: () => lanes.map((l) => l.queue.length),
  };
}

function sinkFor(target: NotifyTarget, deps: SinkDeps): Sink {
  switch (target.type) {
    case 'webhook':
      return createWebhookSink(target, deps);
    case 'exec':
      return createExecSink(target, deps);
    case 'alertmanager':
      return createAlertmanagerSink(target, deps);
  }
}
