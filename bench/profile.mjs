#!/usr/bin/env node
// Where the time goes, with V8's CPU profiler: bundles src/main.ts like scripts/build.mjs but
// unminified (names and `// module` markers kept, so bench/cpuprofile-top.mjs can attribute
// samples to packages), runs it in a 120×40 pty under `node --cpu-prof`, quits with `q`, and
// summarises the profile.
//   node bench/profile.mjs                 start-up: `--demo`, profile cut at the first pool frame
//   node bench/profile.mjs --idle 20       idle: `--interval 1` against the bench's service, the
//                                          20 s after a 5 s warm-up (Pool tab)
//   … --keep                               keep the temp dir (bundle and .cpuprofile) and print it
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntries, bundlePrograms, makeWorkDir, root } from './bundle.mjs';
import { showsPoolData } from './markers.mjs';
import { childEnv, killAllPtys, startPty } from './pty.mjs';
import { closeAllServices, hostService } from './service-host.mjs';
import { sleep } from './stats.mjs';

const arg = (name) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const idleSeconds = arg('idle') === undefined ? undefined : Number(arg('idle'));
const keep = process.argv.includes('--keep');
const work = makeWorkDir();
process.on('exit', () => {
  killAllPtys();
  if (!keep) work.cleanup();
});

const built = {
  ...(await bundlePrograms(work.dir, { cli: 'src/main.ts' }, { minify: false })),
  ...(await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' })),
};
if (built.cli.error) throw new Error(built.cli.error);
const profDir = join(work.dir, 'prof');
const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval', '500'];
// The code cache of this run's own (src/launch/), filled by an unprofiled warm-up, as on every
// start of an installed pooltop but the first.
const env = childEnv({ POOLTOP_CACHE_DIR: join(work.dir, 'code-cache') });
const warmup = startPty(process.execPath, [built.cli.file, '--demo'], { env });
await warmup.waitFor(showsPoolData, 30_000, 'pool data (warm-up)');
await sleep(4000);
await warmup.kill();
let window;
if (idleSeconds === undefined) {
  const session = startPty(process.execPath, [...nodeArgs, built.cli.file, '--demo'], { env });
  const at = await session.waitFor(showsPoolData, 30_000, 'pool data');
  window = { until: at - session.t0 };
  console.log(`first frame with pool data (profiled, unminified): ${window.until.toFixed(0)} ms after exec`);
  session.write('q');
  await Promise.race([session.exited, sleep(5000)]);
  await session.kill();
} else {
  const host = await hostService(built.service.file);
  const session = startPty(process.execPath, [...nodeArgs, built.cli.file, '--interval', '1'], { env: { ...env, ...host.env() } });
  const at = await session.waitFor(showsPoolData, 30_000, 'pool data');
  await sleep(5000);
  const since = performance.now() - session.t0;
  await sleep(idleSeconds * 1000);
  window = { since, until: performance.now() - session.t0 };
  console.log(`idle window: ${(window.since / 1000).toFixed(1)}–${(window.until / 1000).toFixed(1)} s after exec (first pool frame at ${((at - session.t0) / 1000).toFixed(1)} s)`);
  session.write('q');
  await Promise.race([session.exited, sleep(5000)]);
  await session.kill();
  await closeAllServices();
}
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
// Profile time starts a little after exec (node's bootstrap); the window is approximate.
const extra = process.argv.includes('--inclusive') ? ['--inclusive', arg('inclusive')] : [];
spawnSync(
  process.execPath,
  [
    join(root, 'bench', 'cpuprofile-top.mjs'),
    join(profDir, file),
    '--top',
    arg('top') ?? '25',
    '--until',
    String(window.until),
    ...(window.since ? ['--since', String(window.since)] : []),
    ...extra,
    ...(process.argv.includes('--timeline') ? ['--timeline', arg('timeline')] : []),
  ],
  { stdio: 'inherit' },
);
if (keep) console.log(`kept ${work.dir}`);
process.exit(0);
