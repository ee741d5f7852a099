/**
 * `pooltop watch`: the watcher (watch/watcher.ts) with no screen. Settings and notify targets are
 * checked before anything is read; each round's events go to stdout (a line each, or JSON lines)
 * and to the notifiers, which deliver in the background (a receiver that is down delays nothing).
 * No Ink, no React.
 */
import { homedir } from 'node:os';
import { loadPreferences, type Preferences } from '../alerts/preferences.js';
import { WATCH_INTERVAL_DEFAULT_S, WATCH_INTERVAL_MIN_S } from '../alerts/watch-settings.js';
import { DURATION_EXAMPLES, parseDurationS } from '../config/duration.js';
import { cachedSeenStores } from '../config/seen-store.js';
import { resolveStateDir } from '../config/state-dir.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { sanitize, sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { fileBookStore, memoryBookStore } from '../watch/book-store.js';
import type { Round, WatchEvent } from '../watch/event.js';
import { createNotifier, type NotifyTarget, parseNotifyConfig } from '../watch/notify/index.js';
import { createWatcher } from '../watch/watcher.js';
import { commandHistory, NO_HISTORY } from './history-writer.js';
import { toSafeJson } from './json-output.js';
import { demoBook, seenStoreFor } from './mining-gone.js';
import type { CommandContext } from './support/context.js';
import { collectGarbage } from '../history/full-collection.js';
import { goneAfterS } from './support/gone-after.js';
import { type CommandIO, interruptedCode, untilAborted } from './support/io.js';
import { clip, type ParsedValues, stringFlag } from './support/parse.js';

export interface WatchFlags {
  once: boolean;
  json: boolean;
  intervalS: number;
  goneAfterS: number;
  preferences: Preferences;
  targets: NotifyTarget[];
}

/** Flags and the preferences file, checked before any request. */
export function watchFlags(values: ParsedValues, env: NodeJS.ProcessEnv): WatchFlags {
  const preferences = loadPreferences(env);
  const text = stringFlag(values, 'interval');
  let intervalS = preferences.watch.intervalS ?? WATCH_INTERVAL_DEFAULT_S;
  if (text !== undefined) {
    const seconds = parseDurationS(/^\d+$/.test(text) ? `${text}s` : text);
    if (seconds === undefined || seconds < WATCH_INTERVAL_MIN_S) {
      throw new PooltopError(
        'config',
        `--interval must be a duration of at least 1s such as ${DURATION_EXAMPLES}, not '${clip(text)}'`,
      );
    }
    intervalS = seconds;
  }
  return {
    once: values.once === true,
    json: values.json === true,
    intervalS,
    goneAfterS: goneAfterS(values),
    preferences,
    targets: parseNotifyConfig(preferences.notify, preferences.path),
  };
}

/** One line for a person: time, status, severity and the summary (names sanitised). */
export function eventLine(event: WatchEvent, term: TextTarget): string {
  const at = event.status === 'resolved' ? (event.endsAt ?? event.startsAt) : new Date().toISOString();
  return `${at.replace(/\.\d+Z$/, 'Z')} ${event.status.toUpperCase()} ${event.severity.toUpperCase()} ${sanitizeLine(event.summary, term)}\n`;
}

export async function runWatch(ctx: CommandContext, io: CommandIO, flags: WatchFlags): Promise<number> {
  const { preferences } = flags;
  const stateDir = resolveStateDir({ env: io.env, home: homedir() });
  const { targets } = flags;
  const mining = Boolean(ctx.config.apiKey && ctx.config.apiSecret);
  const { queue } = ctx;
  // The demo's worker memory starts as if pooltop had watched it for hours (mining-gone.ts): its
  // book starts as after such a run too, not as a first sight.
  const store = ctx.demo
    ? memoryBookStore(await demoBook(Math.floor(Date.now() / 1000), preferences.watch))
    : fileBookStore({ stateDir, profile: ctx.config.profile, baseUrl: ctx.config.baseUrl });
  const notifier = createNotifier({ targets, stateDir, log: (line) => io.stderr(`${line}\n`) });
  const history = commandHistory(ctx, io, preferences.history);
  const watcher = createWatcher({
    client: ctx.client,
    queue,
    thresholds: preferences.thresholds,
    watch: preferences.watch,
    intervalS: flags.intervalS,
    goneAfterS: flags.goneAfterS,
    mining,
    seenStores: cachedSeenStores((account) => seenStoreFor(ctx, io, account, Math.floor(Date.now() / 1000))),
    store,
    ...(mining ? { oversight: ctx.client.oversight } : {}),
    history: history === NO_HISTORY ? undefined : () => history.store,
    afterBackfilledWorker: collectGarbage,
    onSourceError: (source, error) =>
      io.stderr(
        `pooltop: warning: ${sanitize(source, io.terminal)}: ${sanitize(error instanceof Error ? error.message : String(error), io.terminal)}\n`,
      ),
    onSourceOk: (source) => io.stderr(`pooltop: ${sanitize(source, io.terminal)}: the API answers again\n`),
  });
  const print = (round: Round) => {
    for (const event of round.events) {
      io.stdout(flags.json ? `${toSafeJson(event, io.terminal)}\n` : eventLine(event, io.terminal));
    }
    notifier.send(round);
  };
  watcher.subscribe(print);
  try {
    if (flags.once) {
      await watcher.round();
      if (io.signal.aborted) return interruptedCode(io.signal);
      return 0;
    }
    io.stderr(
      `${describe(flags, preferences, mining, targets.length, ctx.config.baseUrl, io.terminal)}; ${history.store ? `history in ${sanitizeLine(history.store.path, io.terminal)}` : 'no history'}\n`,
    );
    // The watcher's and the queue's timers do not hold the process (the dashboard quits past
    // them); with no screen and no server, this one does until the signal.
    const alive = setInterval(() => undefined, 2 ** 30);
    watcher.start();
    await untilAborted(io.signal);
    clearInterval(alive);
    return 0;
  } finally {
    await watcher.stop();
    history.close();
    queue.close();
    await notifier.flush(flags.once ? 5_000 : 1_000);
    await notifier.close();
  }
}

function describe(
  flags: WatchFlags,
  preferences: Preferences,
  mining: boolean,
  notifiers: number,
  baseUrl: string,
  term: TextTarget,
): string {
  const w = preferences.watch;
  const what = [
    Object.keys(preferences.thresholds.pool).length > 0 ? 'the pool' : undefined,
    mining ? 'every mining account' : undefined,
  ].filter(Boolean);
  const rules = [
    w.workers.offline ? 'workers offline' : undefined,
    w.workers.drop !== undefined
      ? `workers below ${Math.round(w.workers.drop * 100)}% of their median`
      : undefined,
    ...(mining ? subaccountRules(w) : []),
  ].filter(Boolean);
  const host = (() => {
    try {
      return new URL(baseUrl).host;
    } catch {
      return baseUrl;
    }
  })();
  return sanitizeLine(
    `pooltop watch: ${what.length ? what.join(' and ') : 'nothing (no thresholds, no API key)'} on ${host} every ${flags.intervalS}s; ` +
      `hold ${w.forS}s, repeat ${w.repeatS ? `${w.repeatS}s` : 'never'}; ${rules.length ? rules.join(', ') : 'no worker rules'}; ` +
      `${notifiers} notify target${notifiers === 1 ? '' : 's'}`,
    term,
  );
}

/** The `[watch.subaccounts]` rules on, as the start line names them. */
function subaccountRules(w: Preferences['watch']): string[] {
  const s = w.subaccounts;
  const keys = [
    s.newUnrestrictedKey ? 'without IP restriction' : undefined,
    s.newWithdrawKey ? 'allowed to withdraw' : undefined,
  ].filter(Boolean);
  return [
    ...(keys.length ? [`new keys ${keys.join(' or ')} (keys read every ${s.keysEveryS}s)`] : []),
    ...(s.withdrawalWaitS === undefined ? [] : [`withdrawals waiting over ${s.withdrawalWaitS}s`]),
  ];
}
