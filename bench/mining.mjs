// The Mining tab's rows, against one mining account with a full page (100) of workers:
//   frames  — in process (inproc/frame-mining.mjs) at 200×60: ↓/↑ in the workers table and the
//             1 s clock tick (target ≤ 8 ms);
//   switch  — same process: Pool and back to Mining once its data loaded, answers held back; the
//             first frame with Mining selected must show the headline and the worker rows with
//             their series, nothing loading;
//   requests — `pooltop --interval 1` in a 200×60 pty on the Mining tab against the service hosted
//             here: Mining API requests per interval, counted by the service, against the resources
//             on screen (target: no more);
//   idle    — the same run: CPU % of one core (target ≤ 2 %).
//   node bench/mining.mjs [--quick]            standalone (builds its bundles, needs dist/ built)
//   node bench/run.mjs --only mining [--quick] as part of the bench
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntries, makeWorkDir, root } from './bundle.mjs';
import { killAllChildren, runJsonChild } from './child.mjs';
import { summary } from './frame.mjs';
import { miningScreen, showsPoolData } from './markers.mjs';
import { cpuMs } from './proc.mjs';
import { killAllPtys, startPty } from './pty.mjs';
import { hostService } from './service-host.mjs';
import { diffStats, warmCompileCache } from './session.mjs';
import { fmt, median, sleep } from './stats.mjs';

const TARGETS = { frameMs: 8, cpuPercent: 2 };
const SIZE = { cols: 200, rows: 60 };
// One account (shown without the picker); of 160 workers some 150 are connected, so the names
// page is a full 100.
const SERVICE = { miningAccounts: 1, workers: 160 };
const MINING_PREFIX = '/api/v4/mining/';
/**
 * The Mining tab's resources besides the worker rows (src/ui/mining/mining-data.ts): the account
 * list, miner info, the 5-minute series (the chart's too at its default interval), payout,
 * watcher links, the rewards page, the workers' names page and the whole listing the gone
 * workers are read from. Each row on screen adds its trend.
 */
const PANE_RESOURCES = 8;
// Slow resources (rewards, payout, links, trends) are polled once a minute: a shorter window could miss them.
const MIN_WINDOW_MS = 60_000;
const INTERVAL_S = 1;
const POOL_TAB_KEY = '1'; // src/ui/tabs.ts
const MINING_TAB_KEY = '2';

const miningRequests = (stats) =>
  Object.entries(stats.byPath)
    .filter(([path]) => path.startsWith(MINING_PREFIX))
    .reduce((n, [, count]) => n + count, 0);

export async function measureMining({
  cliFile,
  inprocFile,
  serviceFile,
  n,
  switches = 5,
  idleMs,
  warmupMs,
  log,
}) {
  const raw = await runJsonChild(
    inprocFile,
    [
      '--n',
      String(n),
      '--switches',
      String(switches),
      '--size',
      `${SIZE.cols}x${SIZE.rows}`,
      '--workers',
      String(SERVICE.workers),
    ],
    { timeoutMs: 240_000 },
  );
  const frames = {
    size: raw.size,
    loaded: raw.loaded,
    cursor: summary(raw.cursor),
    tick: summary(raw.tick),
    poolTick: summary(raw.poolTick),
  };
  const host = await hostService(serviceFile, SERVICE);
  try {
    const session = await measureSession({
      cliFile,
      host,
      windowMs: Math.max(idleMs, MIN_WINDOW_MS),
      baselineMs: idleMs,
      warmupMs,
      log,
    });
    return { frames, switches: raw.switches, ...session };
  } finally {
    await host.close();
  }
}

/** `pooltop --interval 1` on the Mining tab: requests the service saw and CPU over one window. */
async function measureSession({ cliFile, host, windowMs, baselineMs, warmupMs, log }) {
  const { env, cacheDir } = await warmCompileCache(cliFile, host);
  const session = startPty(process.execPath, [cliFile, '--interval', String(INTERVAL_S)], { ...SIZE, env });
  try {
    await session.waitFor(showsPoolData, 20_000, 'pool data');
    session.write(MINING_TAB_KEY);
    await session.waitFor((s) => miningScreen(s).complete, 30_000, 'the Mining tab with its workers');
    await sleep(warmupMs);

    const cpu0 = cpuMs(session.pid);
    const stats0 = host.stats();
    const t0 = performance.now();
    const perSecond = [];
    let last = miningRequests(stats0);
    let rowsSeen = Number.POSITIVE_INFINITY;
    while (performance.now() - t0 < windowMs) {
      await sleep(1000);
      const now = miningRequests(host.stats());
      perSecond.push(now - last);
      last = now;
      rowsSeen = Math.min(rowsSeen, miningScreen(session.text()).workerRows);
      if (session.exit) throw new Error(`pooltop exited on the Mining tab: ${JSON.stringify(session.exit)}`);
    }
    const elapsed = performance.now() - t0;
    const cpu1 = cpuMs(session.pid);
    const window = diffStats(stats0, host.stats());
    const mining = miningRequests(window);
    const seconds = elapsed / 1000;
    const requests = {
      seconds,
      mining,
      perInterval: mining / (seconds / INTERVAL_S),
      maxInOneSecond: Math.max(...perSecond),
      visible: PANE_RESOURCES + rowsSeen,
      workerRows: rowsSeen,
      byPath: window.byPath,
      connections: window.connections,
    };

    // Baseline, same process and size: back on the Pool tab, where the hidden Mining tab polls nothing.
    session.write(POOL_TAB_KEY);
    await session.waitFor((s) => s.includes(`[${POOL_TAB_KEY} Pool]`), 5_000, 'the Pool tab');
    await sleep(warmupMs);
    const poolCpu0 = cpuMs(session.pid);
    const poolStats0 = host.stats();
    const poolT0 = performance.now();
    await sleep(baselineMs);
    const poolElapsed = performance.now() - poolT0;
    const pool = {
      seconds: poolElapsed / 1000,
      cpuPercent: ((cpuMs(session.pid) - poolCpu0) / poolElapsed) * 100,
      miningRequests: miningRequests(diffStats(poolStats0, host.stats())),
    };
    const idle = { seconds, cpuPercent: ((cpu1 - cpu0) / elapsed) * 100, pool };
    log?.(
      `mining: ${fmt(requests.perInterval, 2)} Mining requests per interval, ${requests.visible} visible resources; ${fmt(idle.cpuPercent, 2)} % CPU`,
    );
    return { requests, idle };
  } finally {
    session.write('q');
    await Promise.race([session.exited, sleep(2000)]);
    await session.kill();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

const check = (ok) => (ok ? '✓' : '✗');
const short = (path) => path.slice(MINING_PREFIX.length);

/** The rows for these figures, with ✓/✗ against the targets. */
export function miningLines(r) {
  if (r?.error) return [`Mining tab: failed: ${r.error}`];
  const lines = [];
  const f = r.frames;
  const size = f.size.replace('x', '×');
  lines.push(
    `setting: ${size}, 1 mining account, a page of ${f.loaded.pageRows} workers, ${f.loaded.workerRows} worker rows on screen`,
  );
  const baseline = `Pool tab's clock tick, same run ${fmt(f.poolTick.median, 1)} ms`;
  for (const [name, s] of [
    ['frame ↓/↑ in the workers table', f.cursor],
    ['frame clock tick', f.tick],
  ]) {
    lines.push(
      `${name.padEnd(38)} median ${fmt(s.median, 1)} ms (Ink ${fmt(s.inkMs, 1)} ms, ${s.bytes} B, n=${s.n}; ${baseline})  ${check(s.median <= TARGETS.frameMs)} ≤ ${TARGETS.frameMs} ms`,
    );
  }
  const sw = r.switches;
  const good = sw.filter(
    (s) =>
      s.headline &&
      s.workerRows === f.loaded.workerRows &&
      s.withSeries === s.workerRows &&
      s.loading.length === 0,
  );
  const loading = [...new Set(sw.flatMap((s) => s.loading))];
  const rowsShown = [...new Set(sw.map((s) => `${s.withSeries}/${s.workerRows}`))].join(', ');
  lines.push(
    `${'first frame back on Mining (cached)'.padEnd(38)} ${good.length}/${sw.length} switches show the headline and every worker row's series, nothing loading` +
      ` (rows with series ${rowsShown}; ${fmt(median(sw.map((s) => s.firstMs)), 1)} ms after the key, answers held back till then;` +
      ` ${median(sw.map((s) => s.asked))} requests asked again for ${PANE_RESOURCES + f.loaded.workerRows} resources on screen${loading.length ? `; loading: ${loading.join(' | ')}` : ''})  ${check(sw.length > 0 && good.length === sw.length)}`,
  );
  const q = r.requests;
  const paths = Object.entries(q.byPath)
    .filter(([path]) => path.startsWith(MINING_PREFIX))
    .map(([path, n]) => `${short(path)} ${n}`)
    .join(', ');
  const others = Object.entries(q.byPath)
    .filter(([path]) => !path.startsWith(MINING_PREFIX))
    .map(([path, n]) => `${path} ${n}`)
    .join(', ');
  lines.push(
    `${`Mining requests per interval (${INTERVAL_S} s)`.padEnd(38)} ${fmt(q.perInterval, 2)} over ${fmt(q.seconds, 0)} s (max ${q.maxInOneSecond} in one second); visible resources ${q.visible} (${PANE_RESOURCES} + ${q.workerRows} worker rows)  ${check(q.perInterval <= q.visible)} ≤ ${q.visible}`,
  );
  lines.push(
    `${''.padEnd(38)} by path: ${paths || 'none'}; other: ${others || 'none'}; new connections ${q.connections}`,
  );
  lines.push(
    `${`idle CPU, Mining tab, --interval ${INTERVAL_S}`.padEnd(38)} ${fmt(r.idle.cpuPercent, 2)} % of one core (${fmt(r.idle.seconds, 0)} s, pty ${size}; then the Pool tab in the same process, ${fmt(r.idle.pool.seconds, 0)} s: ${fmt(r.idle.pool.cpuPercent, 2)} % and ${r.idle.pool.miningRequests} Mining requests)  ${check(r.idle.cpuPercent <= TARGETS.cpuPercent)} ≤ ${TARGETS.cpuPercent} %`,
  );
  return lines;
}

/** The two bundles this needs, for callers that have not built them. */
export async function bundleMining(dir) {
  return bundleEntries(
    dir,
    { frameMining: 'bench/inproc/frame-mining.mjs', service: 'bench/inproc/service.mjs' },
    { spy: true },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const work = makeWorkDir();
  try {
    const b = await bundleMining(work.dir);
    if (!b.frameMining.file || !b.service.file) throw new Error(JSON.stringify(b));
    const r = await measureMining({
      cliFile: join(root, 'dist', 'pooltop.cjs'),
      inprocFile: b.frameMining.file,
      serviceFile: b.service.file,
      n: quick ? 15 : 40,
      idleMs: quick ? 15_000 : 60_000,
      warmupMs: quick ? 3_000 : 5_000,
      log: (line) => process.stderr.write(`bench: ${line}\n`),
    });
    console.log(miningLines(r).join('\n'));
  } finally {
    killAllPtys();
    killAllChildren();
    work.cleanup();
  }
  process.exit(0);
}
