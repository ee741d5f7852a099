#!/usr/bin/env node
// Is memory retained or just not collected yet? Runs `pooltop --interval 1` (dist/pooltop.cjs)
// in a 120×40 pty against the bench's service with a preload that forces a full GC every 10 s
// and records process.memoryUsage() (bench/fixtures/memory-preload.mjs), then prints heap used
// after GC, external memory and RSS over time, and the growth per minute after the first minute.
//   node bench/memory-probe.mjs [--seconds 180] [--every 10]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleEntries, makeWorkDir, root } from './bundle.mjs';
import { showsPoolData } from './markers.mjs';
import { killAllPtys, startPty } from './pty.mjs';
import { closeAllServices, hostService } from './service-host.mjs';
import { sleep } from './stats.mjs';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const seconds = Number(arg('seconds', 180));
const every = Number(arg('every', 10));
const work = makeWorkDir();
const dir = mkdtempSync(join(tmpdir(), 'pooltop-memory-'));
process.on('exit', () => {
  killAllPtys();
  work.cleanup();
  rmSync(dir, { recursive: true, force: true });
});
const built = await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' });
const host = await hostService(built.service.file);
const file = join(dir, 'memory.json');
// A code cache of the probe's own: --expose-gc changes V8's flags, and a cache made under other
// flags is refused (and would be rewritten back and forth with the user's own).
const env = { ...host.env(), BENCH_MEMORY_FILE: file, BENCH_MEMORY_EVERY_MS: String(every * 1000), POOLTOP_CACHE_DIR: join(dir, 'code-cache') };
const session = startPty(
  process.execPath,
  ['--expose-gc', '--import', join(root, 'bench', 'fixtures', 'memory-preload.mjs'), join(root, 'dist', 'pooltop.cjs'), '--interval', '1'],
  { env },
);
await session.waitFor(showsPoolData, 20_000, 'pool data');
await sleep(seconds * 1000);
session.write('q');
await Promise.race([session.exited, sleep(3000)]);
await session.kill();
await closeAllServices();
const samples = JSON.parse(readFileSync(file, 'utf8'));
const mb = (b) => (b / 1e6).toFixed(1).padStart(7);
console.log('     s  heapUsed after GC  heapTotal   external   rss after GC  rss before GC  heapUsed before GC');
for (const s of samples) {
  console.log(
    `${s.s.toFixed(0).padStart(6)}  ${mb(s.heapUsed)} MB      ${mb(s.heapTotal)} MB ${mb(s.external)} MB ${mb(s.rss)} MB   ${mb(s.rssBefore)} MB   ${mb(s.heapUsedBefore)} MB${s.atExit ? '  (at exit, after unmount)' : ''}`,
  );
}
const late = samples.filter((s) => s.s >= 60 && !s.atExit);
if (late.length >= 2) {
  const a = late[0];
  const b = late.at(-1);
  const perMin = (x, y) => (((y - x) / (b.s - a.s)) * 60) / 1e3;
  console.log(`\nafter the first minute: heap used after GC ${perMin(a.heapUsed, b.heapUsed).toFixed(1)} KB/min, RSS ${perMin(a.rss, b.rss).toFixed(1)} KB/min`);
}
process.exit(0);
