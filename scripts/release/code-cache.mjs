// The V8 code caches a release ships (src/launch/code-cache.ts reads them from dist/code-cache/),
// made by running the staged tree's own launcher, so under the V8 settings it runs with: a
// command, the watcher and the exporter once each (written as they exit) and the dashboard in a
// pseudo-terminal until it has written its cache. V8's caches are not the same bytes twice (what
// was compiled by the time one is taken, and where), so they are the one part of an archive that
// differs between two builds (docs/dev/release.md).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';

const BUNDLES = ['commands', 'watch', 'exporter', 'dashboard'];

async function waitFor(check, timeoutMs, what) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`code cache: no ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs `launcher` (the tree's bin/pooltop, or a twin that runs lib/node through qemu) to fill `dir`. */
export async function makeCodeCache(launcher, dir, { timeoutMs = 60_000 } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { mode: 0o700 });
  const home = mkdtempSync(join(tmpdir(), 'pooltop-cache-home-'));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    POOLTOP_CACHE_DIR: dir,
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
  };
  try {
    const run = (args) => execFileSync(launcher, args, { env, stdio: ['ignore', 'ignore', 'inherit'], timeout: timeoutMs });
    run(['--demo', 'pool', '--json']);
    run(['watch', '--demo', '--once']);
    run(['exporter', '--demo', '--once']);
    const dashboard = pty.spawn(launcher, ['--demo'], { name: 'xterm-256color', cols: 120, rows: 40, env });
    try {
      await waitFor(() => readdirSync(dir).some((f) => f.startsWith('dashboard-') && f.endsWith('.v8')), timeoutMs, 'dashboard cache');
    } finally {
      dashboard.kill();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const files = readdirSync(dir).filter((f) => f.endsWith('.v8'));
  for (const bundle of BUNDLES)
    if (!files.some((f) => f.startsWith(`${bundle}-`))) throw new Error(`code cache: no ${bundle} cache was written`);
  // Readable by every user, written by none: the launcher only reads it.
  chmodSync(dir, 0o755);
  for (const f of files) chmodSync(join(dir, f), 0o644);
  for (const f of readdirSync(dir)) if (!files.includes(f)) rmSync(join(dir, f));
  return files.sort();
}

/** aarch64's libraries for qemu-user on another machine (Debian's libc6-arm64-cross, libstdc++6-arm64-cross). */
const ARM_LIBS = '/usr/aarch64-linux-gnu';

/**
 * How to run the arm64 `node` on this machine: '' natively, a qemu-user command line, or why not.
 * qemu is run directly (binfmt is not needed); node is linked dynamically, so it needs aarch64's
 * libraries too: tried with `node --version` first.
 */
export function armRunner(node) {
  if (process.arch === 'arm64') return { runner: '' };
  const qemu = ['/usr/bin/qemu-aarch64-static', '/usr/bin/qemu-aarch64'].find((file) => existsSync(file));
  if (!qemu) return { why: 'no qemu-user-static' };
  try {
    execFileSync(qemu, ['-L', ARM_LIBS, node, '--version'], { stdio: 'ignore', timeout: 60_000 });
    return { runner: `${qemu} -L ${ARM_LIBS}` };
  } catch {
    return { why: `${qemu} cannot run node (no aarch64 libraries in ${ARM_LIBS}: libc6-arm64-cross, libstdc++6-arm64-cross)` };
  }
}
