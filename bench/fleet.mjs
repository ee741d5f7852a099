// The Mining tab's fleet table: 50 mining accounts × 2,000 workers at 200×60, in process
// (inproc/frame-fleet.mjs): ↓/↑, the clock tick and `s`/`S` frames (target ≤ 8 ms), and the
// Mining requests the tab sends from the moment it is shown against the API's documented limit
// (1,000 requests per 10 s per key).
//   node bench/fleet.mjs [--quick]            standalone (builds its bundle)
//   node bench/run.mjs --only fleet [--quick] as part of the bench
import { pathToFileURL } from 'node:url';
import { bundleEntries, makeWorkDir } from './bundle.mjs';
import { killAllChildren, runJsonChild } from './child.mjs';
import { summary } from './frame.mjs';
import { fmt } from './stats.mjs';

const TARGETS = { frameMs: 8, per10s: 1000 };

export async function measureFleet({ inprocFile, n, windowS, log }) {
  const raw = await runJsonChild(
    inprocFile,
    [
      '--n',
      String(n),
      '--size',
      '200x60',
      '--accounts',
      '50',
      '--workers',
      '2000',
      '--window',
      String(windowS),
    ],
    { timeoutMs: 300_000 },
  );
  const r = { ...raw, cursor: summary(raw.cursor), tick: summary(raw.tick), sort: summary(raw.sort) };
  log?.(
    `fleet: ↓/↑ ${fmt(r.cursor.median, 1)} ms, ${fmt(r.requests.maxIn10s, 0)} requests in the busiest 10 s`,
  );
  return r;
}

const check = (ok) => (ok ? '✓' : '✗');

export function fleetLines(r) {
  if (r?.error) return [`Fleet table: failed: ${r.error}`];
  const lines = [
    `setting: ${r.size.replace('x', '×')}, ${r.accounts} mining accounts × ${r.workers} workers, ${r.rowsOnScreen} rows on screen, --interval ${r.intervalSec}; loaded ${fmt(r.loadedMs / 1000, 1)} s after the key, every account's whole listing done ${fmt(r.settledMs / 1000, 1)} s after (frames timed from then)`,
  ];
  for (const [name, s] of [
    ['frame ↓/↑ in the fleet table', r.cursor],
    ['frame clock tick', r.tick],
    ['frame s / S (sort)', r.sort],
  ]) {
    lines.push(
      `${name.padEnd(38)} median ${fmt(s.median, 1)} ms (Ink ${fmt(s.inkMs, 1)} ms, ${s.bytes} B, n=${s.n})  ${check(s.median <= TARGETS.frameMs)} ≤ ${TARGETS.frameMs} ms`,
    );
  }
  const q = r.requests;
  lines.push(
    `${'Mining requests from the key on'.padEnd(38)} ${q.total} in ${fmt(q.seconds, 0)} s (${fmt(q.perSecond, 1)}/s; whole listings of every account included); busiest 10 s: ${q.maxIn10s}  ${check(q.maxIn10s <= TARGETS.per10s)} ≤ ${TARGETS.per10s} per 10 s`,
  );
  return lines;
}

export async function bundleFleet(dir) {
  return bundleEntries(dir, { frameFleet: 'bench/inproc/frame-fleet.mjs' }, { spy: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const work = makeWorkDir();
  try {
    const b = await bundleFleet(work.dir);
    if (!b.frameFleet.file) throw new Error(JSON.stringify(b));
    const r = await measureFleet({
      inprocFile: b.frameFleet.file,
      n: quick ? 15 : 40,
      windowS: quick ? 40 : 90,
      log: (line) => process.stderr.write(`bench: ${line}\n`),
    });
    console.log(fleetLines(r).join('\n'));
  } finally {
    killAllChildren();
    work.cleanup();
  }
  process.exit(0);
}
