// The history store's bench rows (docs/performance.md): one round at 50 accounts × 2,000 workers
// (target ≤ 20 ms on the main thread), a 30-day uptime query over 2,000 workers (≤ 200 ms), the
// file for 1,000 workers after a synthetic year (≤ 150 MB). In a child, from an esbuild bundle.
//   node bench/history.mjs [--quick]   (--quick: fewer rounds, the file after 60 days, not a year)
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bundleEntries, makeWorkDir } from './bundle.mjs';
import { killAllChildren, runJsonChild } from './child.mjs';
import { fmt } from './stats.mjs';

const TARGETS = { roundMs: 20, uptimeMs: 200, yearMB: 150 };

export async function measureHistory({ inprocFile, quick }) {
  return runJsonChild(inprocFile, quick ? ['--quick'] : [], { timeoutMs: 1_800_000 });
}

const check = (ok) => (ok ? '✓' : '✗');

export function historyLines(r) {
  if (r?.error) return [`History store: failed: ${r.error}`];
  const mb = r.size.bytes / 1_048_576;
  return [
    `${'record a round, 50 × 2,000 workers, ~280 changing'.padEnd(48)} median ${fmt(r.round.medianMs, 1)} ms (CPU ${fmt(r.round.cpuMs, 1)} ms), max ${fmt(r.round.maxMs, 1)} ms (n=${r.round.n})  ${check(r.round.medianMs <= TARGETS.roundMs)} ≤ ${TARGETS.roundMs} ms`,
    `${'  the same, ~1,000 workers changing a round'.padEnd(48)} median ${fmt(r.churn.medianMs, 1)} ms (CPU ${fmt(r.churn.cpuMs, 1)} ms), max ${fmt(r.churn.maxMs, 1)} ms (n=${r.churn.n})`,
    `${'30-day uptime query, 2,000 workers'.padEnd(48)} median ${fmt(r.uptime.medianMs, 1)} ms (CPU ${fmt(r.uptime.cpuMs, 1)} ms; ${r.uptime.rows} rows, ${r.uptime.spans} spans)  ${check(r.uptime.medianMs <= TARGETS.uptimeMs)} ≤ ${TARGETS.uptimeMs} ms`,
    `${'  the same by day (30 periods)'.padEnd(48)} median ${fmt(r.uptime.byDayMs, 0)} ms`,
    r.size.days === 365
      ? `${'file, 1,000 workers, synthetic year'.padEnd(48)} ${fmt(mb, 1)} MB; filled in ${fmt(r.size.fillS, 0)} s  ${check(mb <= TARGETS.yearMB)} ≤ ${TARGETS.yearMB} MB`
      : `${'file, 1,000 workers'.padEnd(48)} ${fmt(mb, 1)} MB after ${r.size.days} days (a year: the full run; 5-minute values stop growing at keep_fine)`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const work = makeWorkDir();
  try {
    const b = await bundleEntries(work.dir, { history: 'bench/inproc/history.mjs' });
    if (!b.history.file) throw new Error(JSON.stringify(b));
    const r = await measureHistory({ inprocFile: b.history.file, quick: process.argv.includes('--quick') });
    let load = '?';
    try {
      load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    } catch {}
    console.log(
      `History store (bench/history.mjs, Node.js ${r.node}, load average after ${load}):\n${historyLines(r).join('\n')}`,
    );
  } finally {
    killAllChildren();
    work.cleanup();
  }
}
