#!/usr/bin/env node
// Start-up timeline of `pooltop --demo` (dist/pooltop.cjs) in a 120×40 pty: the phases between
// exec and the first frame with pool data, from a --import preload (bench/fixtures/trace-preload.mjs)
// that timestamps terminal writes, the embedded service and both sides of each request.
//   node bench/trace-startup.mjs [--runs 5] [--cli FILE]   prints the median time of each phase
// An instrumented copy given with --cli can add phases: globalThis.__benchMark?.('name') (the preload's).
// The first (untimed) run fills a code cache of the trace's own, used by the others.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './bundle.mjs';
import { showsPoolData } from './markers.mjs';
import { childEnv, killAllPtys, startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const runs = Number(arg('runs', 5));
const cliFile = arg('cli', join(root, 'dist', 'pooltop.cjs'));
const dir = mkdtempSync(join(tmpdir(), 'pooltop-trace-'));
process.on('exit', () => {
  killAllPtys();
  rmSync(dir, { recursive: true, force: true });
});
const preload = join(root, 'bench', 'fixtures', 'trace-preload.mjs');
const phases = new Map();
const add = (name, ms) => {
  if (!phases.has(name)) phases.set(name, []);
  phases.get(name).push(ms);
};
for (let i = 0; i < runs + 1; i++) {
  const file = join(dir, `trace-${i}.json`);
  const session = startPty(process.execPath, ['--import', preload, cliFile, '--demo'], {
    env: childEnv({ BENCH_TRACE_FILE: file, POOLTOP_CACHE_DIR: join(dir, 'code-cache') }),
  });
  const at = await session.waitFor(showsPoolData, 20_000, 'pool data');
  const firstData = at - session.t0;
  if (i === 0) await sleep(4000); // the warm-up run stays until the code cache is saved
  session.write('q');
  await Promise.race([session.exited, sleep(3000)]);
  await session.kill();
  if (i === 0) continue; // warm-up
  const events = JSON.parse(readFileSync(file, 'utf8'));
  // performance.now() in the child counts from its own start ≈ exec (the pty's fork+exec is ~1 ms).
  const first = (what, pred = () => true) => events.find((e) => e.what === what && pred(e))?.at;
  const writes = events.filter((e) => e.what === 'stdout write');
  add('node bootstrapped, preload runs', first('preload (node bootstrapped)'));
  add('first write (alternate screen: bundle loaded, args parsed)', writes[0]?.at);
  add('embedded service listening', first('server listening'));
  add('first frame drawn (loading)', writes.find((w) => w.bytes > 200)?.at);
  for (const path of ['/api/v4/public/mining-pool', '/api/v4/sub-account/list']) {
    const short = path.split('/').at(-1);
    add(`${short}: client request created`, first('client: request created', (e) => e.path === path));
    add(`${short}: server received`, first('server: request received', (e) => e.path === path));
    add(`${short}: server finished`, first('server: response finished', (e) => e.path === path));
    add(`${short}: client has the body`, first('client: response body done', (e) => e.path === path));
  }
  // Ad-hoc marks of an instrumented copy (--cli FILE calling globalThis.__benchMark): the first of each.
  const marks = new Set(events.filter((e) => e.what.startsWith('mark: ')).map((e) => e.what));
  for (const what of marks) add(what, first(what));
  add('first frame with pool data (seen by the pty)', firstData);
  add('terminal writes before it', writes.filter((w) => w.at <= firstData).length);
}
console.log(`start-up timeline of \`pooltop --demo\`, median of ${runs} runs (ms after exec):`);
const isCount = ([n]) => n === 'terminal writes before it';
for (const [label, xs] of [...phases].sort((a, b) => isCount(a) - isCount(b) || median(a[1]) - median(b[1]))) {
  console.log(`${median(xs).toFixed(0).padStart(7)}  ${label}`);
}
process.exit(0);
