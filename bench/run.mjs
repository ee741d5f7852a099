#!/usr/bin/env node
// `npm run bench` (builds dist first): the figures in one table, measured in
// one run on this machine. Never part of `npm test`.
//
//   npm run bench                    full: 15 start-ups each, 60 s idle window, 10 min memory run (~16 min)
//   npm run bench -- --quick         quick: fewer repetitions, 15 s idle, 3 min memory run (~6 min)
//   BENCH_QUICK=1 npm run bench      the same
//   node bench/run.mjs --only startup,oneshot,rewards,frame,flip,session,memory,package,exporter,loadall,audit,mining,fleet,watch,history,report   a subset (no build)
//   node bench/run.mjs --json FILE   also write every raw sample to FILE
//
// Every child (pty or plain) is killed on exit, on SIGINT/SIGTERM and when a step or the whole
// run exceeds its time limit. All traffic stays on 127.0.0.1.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { bundleEntries, makeWorkDir, root } from './bundle.mjs';
import { killAllChildren } from './child.mjs';
import { alertRows, measureAlerts } from './exporter.mjs';
import { measureAccountsFrames, measureInkFloor, measurePoolFrames } from './frame.mjs';
import { measurePackage } from './package-size.mjs';
import { measurePageFlip } from './pageflip.mjs';
import { killAllPtys } from './pty.mjs';
import { closeAllServices, hostService } from './service-host.mjs';
import { measureSession } from './session.mjs';
import { measureOneShots, oneShotLines } from './one-shot.mjs';
import { measureRewards, rewardsLines } from './rewards.mjs';
import { bundleHello, measureStartup } from './startup.mjs';
import { buildRows, renderTable } from './table.mjs';
import { withTimeout } from './stats.mjs';
import { auditLines, measureAudit } from './audit.mjs';
import { bundleLoadAll, loadAllLines, measureLoadAll } from './load-all.mjs';
import { measureMining, miningLines } from './mining.mjs';
import { fleetLines, measureFleet } from './fleet.mjs';
import { historyLines, measureHistory } from './history.mjs';
import { measureReport, reportLines } from './report.mjs';
import {
  measureWatchIdle,
  measureWatchLoad,
  stopChildren as killWatchChildren,
  watchLines,
} from './watch.mjs';
import { measureMemory, stopChildren as killMemoryChildren } from './memory.mjs';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick') || /^(1|true|yes)$/i.test(process.env.BENCH_QUICK ?? '');
const only = argv.includes('--only') ? new Set(argv[argv.indexOf('--only') + 1].split(',')) : undefined;
const jsonOut = argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined;
const wants = (step) => !only || only.has(step);

const MODES = {
  full: {
    startupRuns: 15,
    frameN: 40,
    frameWarmup: 10,
    flips: 20,
    idleMs: 60_000,
    warmupMs: 5_000,
    memoryMinutes: 10,
    budgetMs: 36 * 60_000,
  },
  quick: {
    startupRuns: 5,
    frameN: 15,
    frameWarmup: 5,
    flips: 10,
    idleMs: 15_000,
    warmupMs: 3_000,
    memoryMinutes: 3,
    budgetMs: 14 * 60_000,
  },
};
const modeName = quick ? 'quick' : 'full';
const mode = MODES[modeName];
const cliFile = join(root, 'dist', 'pooltop.cjs');
const log = (line) => process.stderr.write(`bench: ${line}\n`);

const work = makeWorkDir();
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  killAllPtys();
  killAllChildren();
  killMemoryChildren();
  await Promise.race([closeAllServices(), new Promise((r) => setTimeout(r, 3000))]);
  work.cleanup();
}
process.on('exit', () => {
  killAllPtys();
  killAllChildren();
  killMemoryChildren();
  if (!cleaned) work.cleanup();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    log(`${signal}: stopping`);
    await cleanup();
    process.exit(130);
  });
}
const watchdog = setTimeout(async () => {
  log(`the whole run exceeded ${mode.budgetMs / 60_000} min; stopping`);
  await cleanup();
  process.exit(1);
}, mode.budgetMs);

async function step(name, limitMs, fn) {
  const started = performance.now();
  log(`${name}…`);
  try {
    const result = await withTimeout(fn(), limitMs, name);
    log(`${name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return result;
  } catch (error) {
    log(`${name} failed: ${error.message}`);
    // A step that failed or timed out may have left children behind.
    killAllPtys();
    killAllChildren();
    killMemoryChildren();
    return { error: error.message };
  }
}

const results = {
  date: new Date().toISOString(),
  mode: modeName,
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
  node: process.version,
};
log(`mode: ${modeName}${quick ? '' : ' (use --quick or BENCH_QUICK=1 for a ~3 min run)'}`);

const bundles = await step('bundling the baseline and the in-process entries', 120_000, async () => ({
  hello: { file: await bundleHello(work.dir) },
  ...(await bundleEntries(
    work.dir,
    {
      framePool: 'bench/inproc/frame-pool.mjs',
      frameAccounts: 'bench/inproc/frame-accounts.mjs',
      frameMining: 'bench/inproc/frame-mining.mjs',
      frameFleet: 'bench/inproc/frame-fleet.mjs',
      history: 'bench/inproc/history.mjs',
      inkFloor: 'bench/inproc/ink-floor.mjs',
      service: 'bench/inproc/service.mjs',
    },
    { spy: true },
  )),
}));
const file = (name) => {
  const b = bundles?.[name];
  if (!b?.file) throw new Error(`bundle ${name}: ${b?.error ?? bundles?.error ?? 'missing'}`);
  return b.file;
};

if (wants('package')) results.package = await step('package', 90_000, () => measurePackage(root));
if (wants('startup')) {
  results.startup = await step('start-up', 30_000 + mode.startupRuns * 3 * 20_000, () =>
    measureStartup({ cliFile, helloFile: file('hello'), runs: mode.startupRuns, log }),
  );
}
if (wants('oneshot')) {
  results.oneShots = await step('one-shot commands', 60_000 + mode.startupRuns * 5 * 5_000, () =>
    measureOneShots({ cliFile, runs: mode.startupRuns, log }),
  );
}
if (wants('rewards')) {
  results.rewards = await step('rewards for the books', 60_000 + mode.startupRuns * 15_000, () =>
    measureRewards({ cliFile, runs: mode.startupRuns, log }),
  );
}
if (wants('frame')) {
  const frameOpts = { n: mode.frameN, warmup: mode.frameWarmup, flips: mode.flips, timeoutMs: 240_000 };
  results.inkFloor = await step('frames, Ink floor', 120_000, () =>
    measureInkFloor(file('inkFloor'), { n: mode.frameN, timeoutMs: 110_000 }),
  );
  results.poolFrames = await step('frames, Pool tab', 250_000, () =>
    measurePoolFrames(file('framePool'), frameOpts),
  );
  results.accountsFrames = await step('frames, Sub-accounts tab', 250_000, () =>
    measureAccountsFrames(file('frameAccounts'), frameOpts),
  );
}
if (wants('flip')) {
  results.pageFlip = await step('page flip', 120_000, async () => {
    const host = await hostService(file('service'));
    try {
      return await measurePageFlip({ cliFile, host, flips: mode.flips });
    } finally {
      await host.close();
    }
  });
}
if (wants('session')) {
  results.session = await step('idle and network', mode.warmupMs + mode.idleMs + 120_000, async () => {
    const host = await hostService(file('service'));
    try {
      return await measureSession({
        cliFile,
        host,
        idleMs: mode.idleMs,
        warmupMs: mode.warmupMs,
        // Memory has its own step (bench/memory.mjs); this run ends a few seconds after its
        // idle window (the connections counted over the whole run need one sample).
        memoryMs: mode.warmupMs + mode.idleMs + 5_000,
        log,
      });
    } finally {
      await host.close();
    }
  });
}

if (wants('memory')) {
  results.memory = await step('memory (RSS and live heap)', mode.memoryMinutes * 60_000 + 180_000, () =>
    measureMemory({ cliFile, minutes: mode.memoryMinutes, log }),
  );
}

if (wants('exporter')) {
  results.alerts = await step('exporter and check', 300_000, () => measureAlerts({ cliFile, quick, log }));
}

if (wants('loadall')) {
  results.loadAll = await step('whole sub-account list', 600_000, async () => {
    const b = await bundleLoadAll(work.dir);
    return measureLoadAll({
      cliFile,
      inprocFile: b.loadAll.file,
      serviceFile: b.service.file,
      n: mode.frameN,
    });
  });
}

if (wants('audit')) {
  results.audit = await step('key audit', 300_000, () =>
    measureAudit({ cliFile, serviceFile: file('service') }),
  );
}

if (wants('mining')) {
  results.mining = await step('Mining tab', 400_000, () =>
    measureMining({
      cliFile,
      inprocFile: file('frameMining'),
      serviceFile: file('service'),
      n: mode.frameN,
      idleMs: mode.idleMs,
      warmupMs: mode.warmupMs,
      log,
    }),
  );
}

if (wants('watch')) {
  results.watchIdle = await step('pooltop watch, idle', 300_000, () =>
    measureWatchIdle(cliFile, { idleMs: mode.idleMs * 2, warmupMs: 10_000 }),
  );
  results.watchLoad = await step('pooltop watch, 50 accounts × 2,000 workers', 600_000, () =>
    measureWatchLoad(cliFile, { minutes: mode === MODES.quick ? 2 : 3 }),
  );
  killWatchChildren();
}

if (wants('fleet')) {
  results.fleet = await step('Mining fleet table', 300_000, () =>
    measureFleet({ inprocFile: file('frameFleet'), n: mode.frameN, windowS: quick ? 40 : 90, log }),
  );
}

if (wants('history')) {
  results.history = await step('History store', 1_800_000, () =>
    measureHistory({ inprocFile: file('history'), quick }),
  );
}

if (wants('report')) {
  results.report = await step('Statement (report)', 900_000, () =>
    measureReport({ runs: quick ? 1 : 3, log }),
  );
}

clearTimeout(watchdog);
await cleanup();

const describe =
  modeName === 'quick'
    ? `quick mode: ${mode.startupRuns} start-ups each, ${mode.frameN} frames per case, ${mode.flips} flips, ${mode.idleMs / 1000} s idle window, ${mode.memoryMinutes} min memory run — not the issue's durations`
    : `full mode: ${mode.startupRuns} start-ups each, ${mode.frameN} frames per case, ${mode.flips} flips, ${mode.idleMs / 1000} s idle window, ${mode.memoryMinutes} min memory run`;
console.log(`\npooltop bench — ${results.date} — ${describe}`);
console.log(`machine: ${results.machine}; node ${results.node}\n`);
console.log(renderTable(buildRows(results)));
if (results.oneShots) {
  console.log(
    `\nOne-shot commands against \`pooltop serve\` in another process (bench/one-shot.mjs):\n${oneShotLines(results.oneShots).join('\n')}`,
  );
}
if (results.rewards) {
  console.log(
    `\nRewards for the books against \`pooltop serve\` (bench/rewards.mjs):\n${rewardsLines(results.rewards).join('\n')}`,
  );
}
if (results.alerts) console.log(`\nAlerts (bench/exporter.mjs):\n${alertRows(results.alerts).join('\n')}`);
if (results.poolFrames?.renderOptions) {
  console.log(
    `\nInk render options used by run-dashboard: ${JSON.stringify(results.poolFrames.renderOptions)}`,
  );
}
if (results.session?.network?.startup) {
  const s = results.session.network.startup;
  console.log(
    `requests before the first pool frame: ${JSON.stringify(s.byPath)} over ${s.connections} connection(s)`,
  );
}
if (results.loadAll) console.log(`\nWhole sub-account list:\n${loadAllLines(results.loadAll).join('\n')}`);
if (results.audit) console.log(`\nKey audit:\n${auditLines(results.audit).join('\n')}`);
if (results.mining)
  console.log(`\nMining tab (bench/mining.mjs):\n${miningLines(results.mining).join('\n')}`);
if (results.fleet)
  console.log(`\nMining fleet table (bench/fleet.mjs):\n${fleetLines(results.fleet).join('\n')}`);
if (results.history)
  console.log(`\nHistory store (bench/history.mjs):\n${historyLines(results.history).join('\n')}`);
if (results.report)
  console.log(
    `\nStatement (bench/report.mjs):\n${results.report.error ? `failed: ${results.report.error}` : reportLines(results.report).join('\n')}`,
  );
if (results.watchIdle || results.watchLoad)
  console.log(
    `\nThe watcher (bench/watch.mjs):\n${watchLines(results.watchIdle, results.watchLoad).join('\n')}`,
  );
if (jsonOut) {
  writeFileSync(jsonOut, `${JSON.stringify(results, null, 1)}\n`);
  console.log(`raw samples: ${jsonOut}`);
}
process.exit(0);
