// Idle CPU of two or more builds, run after one another in turn against one hosted service, so
// a change can be judged against the build before it on the same machine in the same minutes:
//   node bench/ab-idle.mjs [--tab pool|mining] [--seconds 40] [--warmup 5] [--runs 3] [--paused] CLI...
// Each CLI is a built executable (`dist/pooltop.cjs`, or another checkout's). Each run: a
// 200×60 pty at `--interval 1`, the tab shown and loaded, `--warmup` seconds, then CPU of every
// thread over `--seconds` (from /proc), printed per run with the main thread's and V8's worker
// threads' shares, and the bytes written to the terminal. `--paused` presses `p` first: the clock alone, no polls. Linux only.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bundleEntries, makeWorkDir } from './bundle.mjs';
import { miningScreen, showsPoolData } from './markers.mjs';
import { cpuMs, ticksPerSecond } from './proc.mjs';
import { killAllPtys, startPty } from './pty.mjs';
import { hostService } from './service-host.mjs';
import { warmCompileCache } from './session.mjs';
import { fmt, median, sleep } from './stats.mjs';

const { values, positionals: clis } = parseArgs({
  allowPositionals: true,
  options: {
    tab: { type: 'string', default: 'mining' },
    seconds: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    paused: { type: 'boolean', default: false },
  },
});
if (clis.length === 0) {
  console.error(
    'usage: node bench/ab-idle.mjs [--tab pool|mining] [--seconds S] [--warmup S] [--runs N] [--paused] CLI...',
  );
  process.exit(2);
}

/** CPU ticks of each thread of `pid`, by thread name with its number dropped (V8Worker, …). */
function threadTicks(pid) {
  const out = new Map();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(name, (out.get(name) ?? 0) + Number(f[11]) + Number(f[12]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

async function once(cli, host) {
  const { env } = await warmCompileCache(cli, host);
  const session = startPty(process.execPath, [cli, '--interval', '1'], { cols: 200, rows: 60, env });
  try {
    await session.waitFor(showsPoolData, 20_000, 'pool data');
    if (values.tab === 'mining') {
      session.write('2');
      await session.waitFor((s) => miningScreen(s).complete, 30_000, 'the Mining tab with its workers');
    }
    if (values.paused) session.write('p');
    await sleep(Number(values.warmup) * 1000);
    const threads0 = threadTicks(session.pid);
    const cpu0 = cpuMs(session.pid);
    const t0 = performance.now();
    const bytes0 = session.bytes;
    const perSecond = [];
    for (let s = 0; s < Number(values.seconds); s++) {
      const before = session.bytes;
      await sleep(1000);
      perSecond.push(session.bytes - before);
    }
    const elapsed = performance.now() - t0;
    const bytesPerSecond = ((session.bytes - bytes0) * 1000) / elapsed;
    const percent = ((cpuMs(session.pid) - cpu0) / elapsed) * 100;
    const share = {};
    for (const [name, ticks] of threadTicks(session.pid)) {
      const ms = ((ticks - (threads0.get(name) ?? 0)) * 1000) / ticksPerSecond();
      if (ms > 0) share[name] = (ms / elapsed) * 100;
    }
    return { percent, share, bytesPerSecond, medianSecond: median(perSecond) };
  } finally {
    session.write('q');
    await Promise.race([session.exited, sleep(2000)]);
    await session.kill();
  }
}

const work = makeWorkDir();
const bundles = await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' }, { spy: true });
const host = await hostService(bundles.service.file, { miningAccounts: 1, workers: 160 });
try {
  const results = new Map(clis.map((cli) => [cli, []]));
  for (let run = 0; run < Number(values.runs); run++) {
    for (const cli of clis) {
      const r = await once(cli, host);
      results.get(cli).push(r);
      const threads = Object.entries(r.share)
        .map(([name, p]) => `${name} ${fmt(p, 2)}`)
        .join(', ');
      console.log(
        `run ${run + 1}  ${cli}: ${fmt(r.percent, 2)} % (${threads}); ${fmt(r.bytesPerSecond, 0)} B/s, median second ${r.medianSecond} B`,
      );
    }
  }
  for (const [cli, runs] of results) {
    const samples = runs.map((r) => r.percent);
    console.log(
      `${cli}: median ${fmt(median(samples), 2)} % of one core over ${samples.map((p) => fmt(p, 2)).join(', ')}; terminal output ${fmt(median(runs.map((r) => r.bytesPerSecond)), 0)} B/s (median of runs), median second ${median(runs.map((r) => r.medianSecond))} B`,
    );
  }
} finally {
  await host.close();
  killAllPtys();
  work.cleanup();
}
process.exit(0);
