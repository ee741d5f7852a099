/** One place messages go, as the outbox drives it. */
import type { Dispatcher } from './http-post.js';
import type { WatchEvent } from '../event.js';
import type { Outcome } from './delivery.js';

export type TimerHandle = unknown;
export type SetTimer = (fn: () => void, ms: number) => TimerHandle;
export type ClearTimer = (handle: TimerHandle) => void;

export interface Sink {
  /** How messages name it, without a secret: `webhook http://127.0.0.1:9`. */
  readonly label: string;
  /** Which list of a round it delivers: events for people (grouped) or one alert each. */
  readonly takes: 'events' | 'alerts';
  /** Most queued events handed to one `deliver`. */
  readonly batch: number;
  deliver(events: readonly WatchEvent[], signal: AbortSignal): Promise<Outcome>;
  /** Alertmanager only: every alert still firing, sent again (not queued: the next try is the next round). */
  repost?(firing: readonly WatchEvent[], signal: AbortSignal): Promise<Outcome>;
}

export interface SinkDeps {
  now: () => number;
  dispatcher: Dispatcher;
  /** The environment an exec hook starts from (secrets are taken out). */
  env: NodeJS.ProcessEnv;
  setTimer: SetTimer;
  clearTimer: ClearTimer;
}
