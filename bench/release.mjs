// The release's rows (docs/performance.md): the size of each archive and .deb in release/ (build
// them first: `npm run release`), and the first start of the x64 archive and of the .deb's tree
// (unpacked with dpkg-deb -x) against a warm `node dist/pooltop.cjs --demo`: time from exec to
// the first frame with pool data in a 120×40 pty, runs interleaved. "First start": a fresh, empty
// cache directory each run, so only the code cache the release ships can help. The baseline runs
// under the node running this script (use the release's Node version for a fair pair).
//
//   node bench/release.mjs [--runs N] [--dir release]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './bundle.mjs';
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
    if (holdMs) await sleep(holdMs);
    return at - session.t0;
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
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? ['deb', 'archive', 'warm'] : ['warm', 'archive', 'deb'];
    for (const kind of order) {
      ms[kind].push(await kinds[kind]());
      await sleep(150);
    }
    process.stderr.write(`bench: release ${i + 1}/${runs}: warm ${ms.warm.at(-1).toFixed(0)} ms, archive ${ms.archive.at(-1).toFixed(0)} ms, deb ${ms.deb.at(-1).toFixed(0)} ms\n`);
  }
  rmSync(warmDir, { recursive: true, force: true });
  const w = median(ms.warm);
  console.log(`node ${process.version}: warm node dist/pooltop.cjs --demo ${w.toFixed(0)} ms (n=${runs})`);
  for (const kind of ['archive', 'deb'])
    console.log(`  ${kind} first start ${median(ms[kind]).toFixed(0)} ms → ${(median(ms[kind]) / w).toFixed(2)}× (≤ 1.0)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
