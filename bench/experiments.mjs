#!/usr/bin/env node
// Measures the levers before anyone implements them: builds what-if variants of the CLI and of
// the in-process frame entry (bench/variants.mjs — esbuild plugins, src/ is not touched) and
// runs the same measurements on each, in one run, interleaved where it matters:
//   frames   in-process Pool-tab clock frame at 120×40 and 200×60, and an idle second (real
//            timers, 1 s polling): Ink renders/s, Ink ms/s, CPU ms/s
//   start-up `--demo` first pool frame in a pty (variants interleaved)
//   idle     `--interval 1` in a pty against the bench's service: CPU %, B/s, requests, connections
//   node bench/experiments.mjs [--quick] [--only frames,startup,idle] [--variants a,b] [--json FILE]
// Needs `npm run build` only for nothing: every variant is bundled here from src/.
import { writeFileSync } from 'node:fs';
import { bundleEntries, bundlePrograms, makeWorkDir } from './bundle.mjs';
import { killAllChildren } from './child.mjs';
import { measurePoolFrames } from './frame.mjs';
import { showsPoolData } from './markers.mjs';
import { killAllPtys } from './pty.mjs';
import { closeAllServices, hostService } from './service-host.mjs';
import { measureSession } from './session.mjs';
import { timeToText } from './startup.mjs';
import { fmt, median, withTimeout } from './stats.mjs';
import { variantPlugins } from './variants.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const quick = argv.includes('--quick');
const only = arg('only') ? new Set(arg('only').split(',')) : undefined;
const wants = (s) => !only || only.has(s);
const P = quick ? { frameN: 10, startupRuns: 5, idleMs: 10_000 } : { frameN: 25, startupRuns: 9, idleMs: 20_000 };
const log = (line) => process.stderr.write(`experiments: ${line}\n`);

const work = makeWorkDir();
process.on('exit', () => {
  killAllPtys();
  killAllChildren();
  work.cleanup();
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
setTimeout(() => {
  log('time limit (40 min) reached');
  process.exit(1);
}, 40 * 60_000).unref();

let variants = await variantPlugins(work.dir);
if (arg('variants')) {
  const keep = new Set(['base', ...arg('variants').split(',')]);
  variants = Object.fromEntries(Object.entries(variants).filter(([name]) => keep.has(name)));
}
const names = Object.keys(variants);
const builds = {};
for (const [i, name] of names.entries()) {
  const dir = `${work.dir}/v${i}`;
  (await import('node:fs')).mkdirSync(dir, { recursive: true });
  const cli = await bundlePrograms(dir, { cli: 'src/main.ts' }, { plugins: variants[name] });
  const frame = await bundleEntries(dir, { framePool: 'bench/inproc/frame-pool.mjs' }, { plugins: variants[name], spy: true });
  builds[name] = { cli: cli.cli, frame: frame.framePool };
  log(`built ${name}${cli.cli.error || frame.framePool.error ? ` (errors: ${cli.cli.error ?? ''} ${frame.framePool.error ?? ''})` : ''}`);
}
const service = (await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' })).service.file;
const results = Object.fromEntries(names.map((n) => [n, {}]));

if (wants('frames')) {
  for (const name of names) {
    try {
      const r = await measurePoolFrames(builds[name].frame.file, {
        n: P.frameN,
        warmup: 5,
        timeoutMs: 240_000,
        extraArgs: ['--idle-seconds', quick ? '5' : '10'],
      });
      results[name].frames = r;
      log(`frames ${name}: 120×40 ${fmt(r.sizes['120x40'].tick.median)} ms, 200×60 ${fmt(r.sizes['200x60'].tick.median)} ms`);
    } catch (error) {
      results[name].frames = { error: error.message };
      log(`frames ${name} failed: ${error.message}`);
    }
  }
}

if (wants('startup')) {
  const times = Object.fromEntries(names.map((n) => [n, []]));
  const usable = names.filter((n) => builds[n].cli.file);
  for (let i = 0; i < P.startupRuns + 1; i++) {
    const order = usable.map((_, k) => usable[(k + i) % usable.length]);
    for (const name of order) {
      try {
        const ms = await withTimeout(timeToText([builds[name].cli.file, '--demo'], showsPoolData), 30_000, 'start-up');
        if (i > 0) times[name].push(ms); // the first round warms the page cache
      } catch (error) {
        log(`start-up ${name}: ${error.message.split('\n')[0]}`);
      }
    }
  }
  for (const name of usable) results[name].startup = { ms: times[name], median: median(times[name]) };
  log('start-up done');
}

if (wants('idle')) {
  for (const name of names.filter((n) => builds[n].cli.file)) {
    const host = await hostService(service);
    try {
      const r = await withTimeout(
        measureSession({ cliFile: builds[name].cli.file, host, idleMs: P.idleMs, warmupMs: 3000, memoryMs: 0 }),
        P.idleMs + 60_000,
        'idle',
      );
      results[name].idle = { ...r.idle, network: r.network, rssEnd: r.memory.rssEnd };
      log(`idle ${name}: ${fmt(r.idle.cpuPercent, 2)} % CPU, ${fmt(r.idle.bytesPerSecond, 0)} B/s`);
    } catch (error) {
      results[name].idle = { error: error.message };
      log(`idle ${name} failed: ${error.message.split('\n')[0]}`);
    } finally {
      await host.close();
    }
  }
}
await closeAllServices();

const base = results.base;
const delta = (v, b, digits = 1) => (Number.isFinite(v) && Number.isFinite(b) ? ` (${v - b >= 0 ? '+' : ''}${fmt(v - b, digits)})` : '');
const head = [
  'variant',
  'frame 120×40 ms',
  'frame 200×60 ms',
  'idle Ink renders/s',
  'idle CPU ms/s (in-process)',
  'start-up ms',
  'idle CPU % (pty)',
  'idle B/s (pty)',
  'requests / conns (pty)',
];
console.log(`\nexperiments — ${new Date().toISOString()} — ${quick ? 'quick' : 'full'}; Δ against base in the same run\n`);
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const name of names) {
  const r = results[name];
  const f = r.frames?.sizes;
  const i = r.frames?.idle;
  const bf = base.frames?.sizes;
  const bi = base.frames?.idle;
  const cells = [
    name,
    f ? `${fmt(f['120x40'].tick.median)}${name === 'base' ? '' : delta(f['120x40'].tick.median, bf?.['120x40'].tick.median)}` : 'n/a',
    f ? `${fmt(f['200x60'].tick.median)}${name === 'base' ? '' : delta(f['200x60'].tick.median, bf?.['200x60'].tick.median)}` : 'n/a',
    i ? `${fmt(i.rendersPerSecond)}${name === 'base' ? '' : delta(i.rendersPerSecond, bi?.rendersPerSecond)}` : 'n/a',
    i ? `${fmt(i.cpuMsPerSecond, 0)}${name === 'base' ? '' : delta(i.cpuMsPerSecond, bi?.cpuMsPerSecond, 0)}` : 'n/a',
    r.startup ? `${fmt(r.startup.median, 0)}${name === 'base' ? '' : delta(r.startup.median, base.startup?.median, 0)}` : 'n/a',
    r.idle && !r.idle.error ? `${fmt(r.idle.cpuPercent, 2)}${name === 'base' ? '' : delta(r.idle.cpuPercent, base.idle?.cpuPercent, 2)}` : 'n/a',
    r.idle && !r.idle.error ? `${fmt(r.idle.bytesPerSecond, 0)}` : 'n/a',
    r.idle && !r.idle.error
      ? `${Object.entries(r.idle.network.byPath)
          .map(([p, n]) => `${p.split('/').at(-1)} ${n}`)
          .join(', ')} / ${r.idle.network.connections} new, ${r.idle.network.startup.connections} at start`
      : 'n/a',
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
if (arg('json')) writeFileSync(arg('json'), `${JSON.stringify(results, null, 1)}\n`);
process.exit(0);
