// The release's rows (docs/performance.md): the size of each archive and .deb in release/ (build
// them first: `npm run release`), and the first start of the x64 archive and of the .deb's tree
// (unpacked with dpkg-deb -x) against a warm `node dist/pooltop.cjs --demo`: time from exec to
// the first frame with pool data in a 120×40 pty, runs interleaved. "First start": a fresh, empty
// cache directory each run, so only the code cache the release ships can help. The baseline runs
// under the node running this script (use the release's Node version for a fair pair). Also the
// CPU time the process has used by that frame (all its threads), which a busy machine disturbs far
// less than the clock: the wall-clock ratio swings by ±0.15 between runs of 11 at a load of 4–10.
//
//   node bench/release.mjs [--runs N] [--dir release]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './bundle.mjs';
import { threadsCpuMs } from './proc.mjs';
import { showsPoolData } from './markers.mjs';
import { childEnv, startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const dir = resolve(opt('--dir', join(root, 'release')));
const runs = Number(opt('--runs', '9'));
const version = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./package.json").version)'], { cwd: root, encoding: 'utf8' }));

async function firstFrame(file, args, env, holdMs = 0) {
  const session = startPty(file, args, { env });
  try {
    const at = await session.waitFor(showsPoolData, 30_000, 'the first frame');
    const cpu = threadsCpuMs(session.pid);
    if (holdMs) await sleep(holdMs);
    return { ms: at - session.t0, cpu };
  } finally {
    await session.kill();
  }
}

const files = readdirSync(dir).filter((f) => /\.(tar\.xz|deb)$/.test(f)).sort();
for (const f of files) console.log(`${f}: ${(statSync(join(dir, f)).size / 1e6).toFixed(1)} MB (≤ 35 MB)`);

const work = mkdtempSync(join(tmpdir(), 'pooltop-bench-release-'));
try {
  execFileSync('tar', ['-xJf', join(dir, `pooltop-${version}-linux-x64.tar.xz`), '-C', work]);
  execFileSync('dpkg-deb', ['-x', join(dir, `pooltop_${version}-1_amd64.deb`), join(work, 'deb')]);
  const archive = join(work, `pooltop-${version}-linux-x64`, 'bin', 'pooltop');
  const deb = join(work, 'deb', 'usr', 'bin', 'pooltop');
  const warmDir = mkdtempSync(join(tmpdir(), 'pooltop-bench-warm-'));
  const warmEnv = childEnv({ POOLTOP_CACHE_DIR: warmDir });
  const fresh = () => childEnv({ POOLTOP_CACHE_DIR: mkdtempSync(join(work, 'cache-')) });
  const kinds = {
    warm: () => firstFrame(process.execPath, [join(root, 'dist', 'pooltop.cjs'), '--demo'], warmEnv),
    archive: () => firstFrame(archive, ['--demo'], fresh()),
    deb: () => firstFrame(deb, ['--demo'], fresh()),
  };
  // Untimed: the page cache, and the warm build's own code cache (written 3 s after its first frame).
  await firstFrame(process.execPath, [join(root, 'dist', 'pooltop.cjs'), '--demo'], warmEnv, 4_000);
  await kinds.archive();
  await kinds.deb();
  const ms = { warm: [], archive: [], deb: [] };
  const cpu = { warm: [], archive: [], deb: [] };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? ['deb', 'archive', 'warm'] : ['warm', 'archive', 'deb'];
    for (const kind of order) {
      const run = await kinds[kind]();
      ms[kind].push(run.ms);
      cpu[kind].push(run.cpu);
      await sleep(150);
    }
    process.stderr.write(
      `bench: release ${i + 1}/${runs}: ${['warm', 'archive', 'deb'].map((k) => `${k} ${ms[k].at(-1).toFixed(0)} ms (CPU ${cpu[k].at(-1).toFixed(0)})`).join(', ')}\n`,
    );
  }
  rmSync(warmDir, { recursive: true, force: true });
  const w = median(ms.warm);
  const wc = median(cpu.warm);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`node ${process.version}, load average ${load}: warm node dist/pooltop.cjs --demo ${w.toFixed(0)} ms, CPU ${wc.toFixed(0)} ms (n=${runs})`);
  for (const kind of ['archive', 'deb']) {
    const [m, c] = [median(ms[kind]), median(cpu[kind])];
    console.log(`  ${kind} first start ${m.toFixed(0)} ms → ${(m / w).toFixed(2)}× (≤ 1.0); CPU ${c.toFixed(0)} ms → ${(c / wc).toFixed(2)}×`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
