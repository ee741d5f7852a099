/**
 * `pooltop history uptime|incidents|export|info`: questions to this profile's history file
 * (src/history/), never to the API. With `--demo` a temporary file is filled first by the
 * back-fill of the demo's accounts (their workers' own series), then one live listing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequestQueue } from '../api/request-queue.js';
import { listWorkerNames } from '../api/worker-listing.js';
import { resolveConfig } from '../config/resolve.js';
import { resolveStateDir } from '../config/state-dir.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { backfill } from '../history/backfill.js';
import { type HistoryStore, historyPath, openHistory } from '../history/store.js';
import type { HistoryRequest } from './history-args.js';
import { INCIDENT_SHAPE, infoText, UPTIME_SHAPE } from './history-text.js';
import { toSafeJson } from './json-output.js';
import { rowsOutput, type Shape } from './rows-output.js';
import { commonFlags } from './support/context.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import type { ParsedValues } from './support/parse.js';

/** The profile's own file; refused in one line when it cannot be read. */
export async function runHistory(values: ParsedValues, io: CommandIO, req: HistoryRequest): Promise<number> {
  const config = resolveConfig({ flags: commonFlags(values), env: io.env });
  const path = historyPath(resolveStateDir({ env: io.env, home: homedir() }), config.profile);
  const store = open(path, io);
  try {
    const account = req.allAccounts ? undefined : (req.account ?? config.miningAccount);
    return answer(store, io, req, account);
  } finally {
    store.close();
  }
}

function open(path: string, io: CommandIO): HistoryStore {
  const opened = openHistory({ path, onError: (line) => io.stderr(`pooltop: ${line}\n`) });
  if ('unavailable' in opened) throw new PooltopError('storage', opened.unavailable);
  return opened.store;
}

/** `--demo`: a temporary history filled from the demo service, asked, then removed. */
export async function runDemoHistory(
  ctx: CommandContext,
  io: CommandIO,
  req: HistoryRequest,
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-demo-history-'));
  const store = open(historyPath(dir, 'demo'), io);
  const queue = createRequestQueue({ concurrency: 8, gapMs: 2 });
  try {
    const all = (await ctx.client.mining.accounts({}, { signal: io.signal })).items.map((a) => a.name);
    const account = req.allAccounts ? undefined : (req.account ?? ctx.config.miningAccount);
    for (const name of account === undefined ? all : [account]) {
      const listing = await listWorkerNames(ctx.client, name, { signal: io.signal, queue });
      const now = Math.floor(Date.now() / 1000);
      await backfill(ctx.client, store, name, listing.names, { queue, signal: io.signal, now });
      store.record({
        at: now,
        intervalS: 60,
        accounts: [{ account: name, listing: { names: listing.names, at: now } }],
      });
    }
    return answer(store, io, req, account);
  } finally {
    queue.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rowShape = <R extends object>(header: readonly string[]): Shape<R> => ({
  header,
  record: (r) =>
    header.map((k) => {
      const v = (r as Record<string, unknown>)[k];
      return v === null || v === undefined ? '' : Array.isArray(v) ? v.join(' ') : String(v);
    }),
  text: () => '',
});

function answer(
  store: HistoryStore,
  io: CommandIO,
  req: HistoryRequest,
  account: string | undefined,
): number {
  const sel = {
    from: req.from,
    to: req.to,
    accounts: account === undefined ? undefined : [account],
    worker: req.worker,
  };
  switch (req.sub) {
    case 'uptime':
      io.stdout(rowsOutput(store.uptime({ ...sel, by: req.by }), UPTIME_SHAPE, req.format, io));
      return 0;
    case 'incidents':
      io.stdout(rowsOutput(store.incidents(sel), INCIDENT_SHAPE, req.format, io));
      return 0;
    case 'info': {
      const size = store.size();
      io.stdout(req.format === 'text' ? infoText(size, io.terminal) : `${toSafeJson(size, io.terminal)}\n`);
      return 0;
    }
    case 'export': {
      // Raw rows are for other tools: NDJSON unless --csv or --json says otherwise.
      const format = req.format === 'text' ? 'ndjson' : req.format;
      const rows: object[] =
        req.what === 'spans'
          ? store.exportSpans(sel)
          : req.what === 'hashrate'
            ? store.exportHashrate(sel, req.resolution)
            : req.what === 'rewards'
              ? store.exportRewards(sel)
              : store.alertLog(sel);
      io.stdout(rowsOutput(rows, rowShape(EXPORT_HEADERS[req.what]), format, io));
      return 0;
    }
  }
}

const EXPORT_HEADERS: Readonly<Record<HistoryRequest['what'], readonly string[]>> = {
  spans: [
    'account',
    'worker',
    'state',
    'start',
    'end',
    'open',
    'filled',
    'how',
    'lastPresentAt',
    'firstMissingAt',
  ],
  hashrate: ['account', 'worker', 'resolution', 'timestamp', 'hashrate', 'rejectRate'],
  rewards: ['account', 'date', 'rewardCurrency', 'totalReward', 'reward', 'fee', 'hashRate', 'status'],
  events: [
    'recordedAt',
    'status',
    'kind',
    'severity',
    'account',
    'worker',
    'metric',
    'value',
    'summary',
    'startsAt',
    'endsAt',
    'workers',
  ],
};
