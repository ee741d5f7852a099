/**
 * `pooltop accounts changes [--since 24h]`: the whole sub-account list now, against the newest
 * snapshot taken at or before `--since` ago (else the oldest kept): accounts added, removed, and
 * each changed field before and after; then the list now is kept as a snapshot, in the profile's
 * history file (history/snapshots.ts). A first run has
 * nothing to compare and says so. With `--demo` nothing touches the disk: the memory starts with
 * the demo's list as it was a day earlier (a few accounts since added, one removed, some edited).
 */
import { type AccountChanges, diffSnapshots } from '../accounts/account-changes.js';
import {
  type AccountSnapshot,
  memorySnapshotStore,
  type SnapshotRow,
  type SnapshotStore,
  snapshotRow,
} from '../accounts/snapshot-store.js';
import { loadAllSubAccounts } from '../api/load-all.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { formatDateTime } from '../format/time.js';
import { toSafeJson } from './json-output.js';
import { withProfileHistory } from './profile-history.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { type ParsedValues, stringFlag } from './support/parse.js';
import { parseTimeValue } from './support/time-flag.js';

const DAY_S = 86_400;

/** `--since`: a time ago (24h, 7d), a date or Unix seconds; default a day. */
export function sinceFlag(values: ParsedValues, nowMs: number): number {
  const text = stringFlag(values, 'since');
  if (text === undefined) return Math.floor(nowMs / 1000) - DAY_S;
  const at = parseTimeValue(text, nowMs);
  if (at === undefined) {
    throw new PooltopError(
      'config',
      `--since must be a time ago like 24h or 7d, a date or Unix seconds, got '${text.slice(0, 40)}'`,
    );
  }
  return at;
}

/** The demo's list a day earlier: its last three accounts not yet made, one since removed, some since edited. */
function demoYesterday(rows: SnapshotRow[], nowSec: number): AccountSnapshot {
  const earlier = rows.slice(0, Math.max(0, rows.length - 3)).map((r, i) => {
    if (i % 97 === 7) return { ...r, status: r.status === 'active' ? 'blocked' : 'active' };
    if (i % 131 === 11) return { ...r, spotEnabled: !r.spotEnabled, kycStatus: 'pending' };
    return r;
  });
  const gone: SnapshotRow = {
    ...(rows[0] as SnapshotRow),
    id: '00000000-0000-4000-8000-00000000dead',
    alias: 'retired-desk',
  };
  return { takenAt: nowSec - DAY_S - 60, rows: rows.length > 0 ? [...earlier, gone] : [] };
}

export async function runAccountChanges(
  ctx: CommandContext,
  io: CommandIO,
  opts: { since: number; json: boolean },
): Promise<number> {
  const list = await loadAllSubAccounts({
    fetchPage: (query, signal) => ctx.client.listSubAccounts(query, { signal }),
    signal: io.signal,
    deadline: ctx.deadline?.at,
    queue: ctx.queue,
  });
  if (!list.complete) {
    throw (
      list.error ?? new PooltopError('api', 'the sub-account list could not be read whole; nothing compared')
    );
  }
  const nowSec = Math.floor(Date.now() / 1000);
  const rows = list.rows.flatMap((a) => snapshotRow(a) ?? []);
  const now: AccountSnapshot = { takenAt: nowSec, rows };
  const compare = async (snapshots: SnapshotStore) => {
    const baseline = await snapshots.baseline(opts.since);
    await snapshots.add(now);
    return baseline;
  };
  const baseline = ctx.demo
    ? await compare(memorySnapshotStore([demoYesterday(rows, nowSec)]))
    : await withProfileHistory(ctx, io, (store) => compare(store.snapshotStore(ctx.config.baseUrl)));
  const changes = baseline ? diffSnapshots(baseline, now) : undefined;
  if (opts.json) {
    io.stdout(
      `${toSafeJson({ since: baseline?.takenAt ?? null, accounts: rows.length, data: changes ?? null }, io.terminal)}\n`,
    );
    return 0;
  }
  io.stdout(`${changesText(changes, baseline, rows.length, io.terminal).join('\n')}\n`);
  return 0;
}

function changesText(
  changes: AccountChanges | undefined,
  baseline: AccountSnapshot | undefined,
  count: number,
  term: TextTarget,
): string[] {
  if (!changes || !baseline) {
    return [
      `No earlier snapshot to compare with: kept this one (${formatCount(count)} sub-accounts); run again later.`,
    ];
  }
  const clean = (v: string | boolean | null) => (v == null ? '—' : sanitizeLine(String(v), term));
  const name = (r: { id: string; alias: string | boolean | null }) => `${clean(r.alias)} (${r.id})`;
  const lines = [
    `Since ${formatDateTime(baseline.takenAt * 1000)}: ${formatCount(changes.added.length)} added, ${formatCount(changes.removed.length)} removed, ${formatCount(changes.changed.length)} changed`,
  ];
  for (const r of changes.added) lines.push(`  + ${name(r)}`);
  for (const r of changes.removed) lines.push(`  - ${name(r)}`);
  for (const c of changes.changed) {
    lines.push(`  ~ ${name(c)}`);
    for (const f of c.fields) lines.push(`      ${f.field}: ${clean(f.before)} → ${clean(f.after)}`);
  }
  return lines;
}
