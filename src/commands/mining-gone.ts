/**
 * `pooltop mining workers --gone`: the complete `workers/names` listing, folded into what this
 * profile has seen of the account (config/seen-workers.ts), then the workers seen before and
 * missing now: name, last seen, gone for. A page that fails ends the command before anything is
 * written. With `--demo` nothing touches the disk: the memory starts as if pooltop had listed the
 * demo's workers every ten minutes over the last six hours (from the demo's own model), and a rig
 * retired two hours ago (a name the model never lists), so the example shows a gone worker
 * whatever the clock says: the model's own comings and goings leave minutes with none.
 */
import { homedir } from 'node:os';
import type { WatchSettings } from '../alerts/watch-settings.js';
import { listAndRemember } from '../api/worker-listing.js';
import { fileSeenStore, memorySeenStore, type SeenStore } from '../config/seen-store.js';
import {
  EMPTY_SEEN,
  type GoneWorker,
  goneWorkers,
  type SeenState,
  updateSeen,
} from '../config/seen-workers.js';
import { resolveStateDir } from '../config/state-dir.js';
import { formatDateTime, formatDuration } from '../format/time.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import type { Fleet } from '../service/mining-fleet.js';
import { accountConditions } from '../watch/conditions.js';
import type { Absence } from '../watch/presence.js';
import type { AlertEntry } from '../watch/rules.js';
import { toSafeJson } from './json-output.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { renderTextTable } from './text-table.js';

const DEMO_HISTORY_S = 6 * 3600;
const DEMO_STEP_S = 600;
const DEMO_RETIRED_S = 2 * 3600;

/** The demo's memory of `account` at `nowS`: six hours of its model's listings and a retired rig. */
export async function demoHistory(account: string, nowS: number): Promise<SeenState> {
  const fleet = (await demoModel(nowS)).find(account)?.fleet;
  return fleet ? historyOf(fleet, nowS) : EMPTY_SEEN;
}

/**
 * The book of a watcher that made the demo's memory (demoHistory): each worker missing from its
 * last listing is held since the listing that first found it missing (as a run of `watch` would
 * have it), so the demo's retired rig fires at once and a worker gone for a minute does not.
 */
export async function demoBook(nowS: number, watch: WatchSettings): Promise<AlertEntry[]> {
  const model = await demoModel(nowS);
  return model.accounts.flatMap((account) => {
    const absent = new Map<string, Absence>();
    for (const w of historyOf(account.fleet, nowS).workers) {
      if (!w.gone) continue;
      const firstMissingMs = (w.lastSeen + DEMO_STEP_S) * 1000;
      absent.set(w.name, { lastPresentMs: w.lastSeen * 1000, firstMissingMs, known: 'listing' });
    }
    return accountConditions(account.name, { results: [], absent, drops: [] }, watch, nowS).map((condition) => ({
      condition,
      sinceMs: condition.startedMs ?? nowS * 1000,
    }));
  });
}

async function demoModel(nowS: number) {
  const { createMiningModel } = await import('../service/mining-model.js');
  const { resolveOptions } = await import('../service/options.js');
  const o = resolveOptions();
  return createMiningModel({ seed: o.seed, accounts: o.miningAccounts, workers: o.workers, startMs: nowS * 1000 });
}

function historyOf(fleet: Fleet, nowS: number): SeenState {
  let state = EMPTY_SEEN;
  // Numbered one past the fleet, so the model never lists it.
  const retired = fleet.nameOf(fleet.size);
  for (let t = nowS - DEMO_HISTORY_S; t < nowS; t += DEMO_STEP_S) {
    const names = fleet.snapshot(t).connected.map((i) => fleet.nameOf(i));
    if (t < nowS - DEMO_RETIRED_S) names.push(retired);
    state = updateSeen(state, { complete: true, names }, t);
  }
  return state;
}

/** This profile's memory of the account's workers (a fresh one with `--demo`). */
export async function seenStoreFor(
  ctx: CommandContext,
  io: CommandIO,
  account: string,
  nowS: number,
): Promise<SeenStore> {
  if (ctx.demo) {
    return memorySeenStore(await demoHistory(account, nowS));
  }
  return fileSeenStore({
    stateDir: resolveStateDir({ env: io.env, home: homedir() }),
    profile: ctx.config.profile,
    account,
    baseUrl: ctx.config.baseUrl,
  });
}

async function updateGone(
  ctx: CommandContext,
  io: CommandIO,
  account: string,
): Promise<{ gone: GoneWorker[]; complete: boolean }> {
  const store = await seenStoreFor(ctx, io, account, Math.floor(Date.now() / 1000));
  const { listing, seen: next, atMs } = await listAndRemember(ctx.client, account, store, {
    signal: io.signal,
    now: Date.now,
  });
  const nowS = Math.floor(atMs / 1000);
  return { gone: goneWorkers(next, nowS), complete: listing.complete };
}

export async function runGone(
  ctx: CommandContext,
  io: CommandIO,
  account: string,
  json: boolean,
): Promise<void> {
  const { gone, complete } = await updateGone(ctx, io, account);
  io.stdout(json ? `${toSafeJson(gone, io.terminal)}\n` : goneText(account, gone, complete, io.terminal));
}

/** For `check mining`: the same listing and memory, counting workers gone `afterS` or longer. */
export async function goneCount(
  ctx: CommandContext,
  io: CommandIO,
  account: string,
  afterS: number,
): Promise<number> {
  const gone = await updateGone(ctx, io, account);
  return gone.gone.filter((g) => g.goneFor >= afterS).length;
}

function goneText(account: string, gone: GoneWorker[], complete: boolean, term: TextTarget): string {
  const note = complete
    ? []
    : ['', 'The listing reached the API’s largest offset: no worker was marked gone this time.'];
  if (gone.length === 0)
    return `${[`No workers gone from ${sanitize(account, term)}.`, ...note].join('\n')}\n`;
  const rows = gone.map((g) => [
    sanitize(g.name, term),
    formatDateTime(g.lastSeen * 1000),
    formatDuration(g.goneFor * 1000),
  ]);
  const n = gone.length;
  return `${[
    ...renderTextTable(term, ['Worker', 'Last seen', 'Gone for'], rows),
    '',
    `${n} worker${n === 1 ? '' : 's'} gone from ${sanitize(account, term)}`,
    ...note,
  ].join('\n')}\n`;
}
