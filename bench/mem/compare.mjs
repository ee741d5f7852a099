#!/usr/bin/env node
// Experiment harness (not part of the bench table): several `pooltop --interval 1` processes
// side by side, each in its own 120×40 pty on the Pool tab, against one hosted service.
// Per process: VmRSS at the first pool frame (as figure 5), then every 10 s VmRSS, smaps_rollup
// and the full smaps (saved for bench/mem/smaps-classify.mjs), CPU over 5–65 s after the first
// frame (as figure 4) and CPU per minute. Every process gets bench/mem/sample-preload.mjs.
//   node bench/mem/compare.mjs --seconds 600 --out DIR --variants '[{"name":"base"},{"name":"x","env":{"MEM_LEVER_FLAGS":"--foo"}}]'
import { mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntries, makeWorkDir, root } from '../bundle.mjs';
import { showsPoolData } from '../markers.mjs';
import { cpuMs, rssBytes } from '../proc.mjs';
import { killAllPtys, startPty } from '../pty.mjs';
import { closeAllServices, hostService } from '../service-host.mjs';
import { sleep } from '../stats.mjs';
import { readdirSync } from 'node:fs';
import { ticksPerSecond } from '../proc.mjs';
/** CPU ms per thread name (main thread = 'main'). */
function threadCpu(pid) {
  const out = {};
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[name] = (out[name] ?? 0) + ((Number(f[11]) + Number(f[12])) * 1000) / ticksPerSecond();
    }
  } catch {}
  return out;
}

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const seconds = Number(arg('seconds', 300));
const out = arg('out', `/tmp/mem-${Date.now()}`);
const variants = JSON.parse(arg('variants', '[{"name":"base"}]'));
mkdirSync(out, { recursive: true });
const work = makeWorkDir();
process.on('exit', () => { killAllPtys(); work.cleanup(); });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
const built = await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' });
const host = await hostService(built.service.file);
const preload = join(root, 'bench', 'mem', 'sample-preload.mjs');
const log = (l) => { process.stderr.write(`${l}\n`); appendFileSync(join(out, 'log.txt'), `${l}\n`); };

const readOr = (p) => { try { return readFileSync(p, 'utf8'); } catch { return ''; } };
const runs = [];
for (const v of variants) {
  const dir = join(out, v.name);
  mkdirSync(join(dir, 'smaps'), { recursive: true });
  const cli = v.cli ? join(root, v.cli) : join(root, 'dist', 'pooltop.cjs');
  // A code cache per variant: a variant's flags would make V8 refuse another's cache. (Its
  // first start fills it, so this measures a cold start; figure 5 measures a warm one.)
  const env = { ...host.env(), MEM_SAMPLE_FILE: join(dir, 'inproc.jsonl'), POOLTOP_CACHE_DIR: join(dir, 'code-cache'), ...(v.env ?? {}) };
  const session = startPty(process.execPath, [...(v.nodeArgs ?? []), '--import', preload, cli, '--interval', '1'], { cols: 120, rows: 40, env });
  const first = await session.waitFor(showsPoolData, 20_000, 'pool data');
  const r = { v, dir, session, first, rssStart: rssBytes(session.pid), samples: [] };
  writeFileSync(join(dir, 'smaps', 'start.txt'), readOr(`/proc/${session.pid}/smaps`));
  r.cpuFirst = cpuMs(session.pid);
  runs.push(r);
  log(`${v.name}: pid ${session.pid}, first pool frame ${(first - session.t0).toFixed(0)} ms, RSS ${(r.rssStart / 1048576).toFixed(1)} MiB`);
  await sleep(3000); // stagger start-ups
}
const end = Math.max(...runs.map((r) => r.first)) + seconds * 1000;
while (performance.now() < end) {
  await sleep(1000);
  for (const r of runs) {
    const s = (performance.now() - r.first) / 1000;
    if (r.session.exit) continue;
    if (r.cpu5 === undefined && s >= 5) r.cpu5 = { s, cpu: cpuMs(r.session.pid), threads: threadCpu(r.session.pid) };
    if (r.t240 === undefined && s >= 240) r.t240 = { s, threads: threadCpu(r.session.pid) };
    if (r.cpu65 === undefined && s >= 65) r.cpu65 = { s, cpu: cpuMs(r.session.pid) };
    const slot = Math.floor(s / 10);
    if (s <= seconds && slot > (r.lastSlot ?? 0)) {
      r.lastSlot = slot;
      const rss = rssBytes(r.session.pid);
      const cpu = cpuMs(r.session.pid);
      const threads = readOr(`/proc/${r.session.pid}/status`).match(/^Threads:\s+(\d+)/m)?.[1];
      writeFileSync(join(r.dir, 'smaps', `${String(slot * 10).padStart(4, '0')}.txt`), readOr(`/proc/${r.session.pid}/smaps`));
      r.samples.push({ s, rss, cpu, threads: Number(threads), rollup: readOr(`/proc/${r.session.pid}/smaps_rollup`) });
    }
  }
}
for (const r of runs) {
  const last = r.samples.at(-1);
  const idle = r.cpu65 && r.cpu5 ? ((r.cpu65.cpu - r.cpu5.cpu) / ((r.cpu65.s - r.cpu5.s) * 1000)) * 100 : NaN;
  const late = r.samples.find((x) => x.s >= 240);
  const lateCpu = late && last && last.s > late.s ? ((last.cpu - late.cpu) / ((last.s - late.s) * 1000)) * 100 : NaN;
  const tEnd = threadCpu(r.session.pid);
  const perThread = (a) => a && Object.fromEntries(Object.entries(tEnd).map(([k, v]) => [k, (((v - (a.threads[k] ?? 0)) / ((last.s - a.s) * 1000)) * 100).toFixed(2)]));
  const summary = {
    name: r.v.name, rssStart: r.rssStart, rssEnd: last?.rss, growthMB: ((last?.rss - r.rssStart) / 1e6).toFixed(2),
    idleCpu5to65: idle.toFixed(2), cpuFrom240: lateCpu.toFixed(2), seconds: last?.s, exit: r.session.exit, threadsFrom5: perThread(r.cpu5), threadsFrom240: perThread(r.t240),
  };
  writeFileSync(join(r.dir, 'summary.json'), JSON.stringify({ ...summary, samples: r.samples.map(({ rollup, ...x }) => x) }, null, 1));
  writeFileSync(join(r.dir, 'rollups.json'), JSON.stringify(r.samples.map((x) => ({ s: x.s, rollup: x.rollup }))));
  log(`RESULT ${JSON.stringify(summary)}`);
  r.session.write('q');
}
await sleep(1500);
killAllPtys();
await closeAllServices();
process.exit(0);
