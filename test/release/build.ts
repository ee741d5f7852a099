/**
 * One release build per commit, shared by the test files of test/release and by both CI runs
 * (Node 24, then 22): kept in $POOLTOP_RELEASE_CACHE under a
 * key of the commit and the uncommitted changes (default ~/.cache/pooltop-release-test). x64 and arm64 (arm64 without its code cache:
 * under qemu-user it takes minutes), xz at preset 1 to keep it quick; plus two builds without
 * code caches for the reproducibility check.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');
export const version: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

function key(): string {
  const git = (args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return createHash('sha256')
    .update(git(['rev-parse', 'HEAD']))
    .update(git(['diff', 'HEAD']))
    .update(git(['ls-files', '--others', '--exclude-standard']))
    .digest('hex')
    .slice(0, 16);
}

function build(out: string, args: string[]): string {
  if (existsSync(join(out, 'SHA256SUMS'))) return out;
  const partial = `${out}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'scripts', 'release.mjs'), '--out', partial, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  rmSync(join(partial, '.work'), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  return out;
}

export function releaseBuild(which: 'main' | 'plain-1' | 'plain-2'): string {
  // Not the test run's temporary directory (test/support/run-temp-dir.ts removes it).
  const cache = process.env.POOLTOP_RELEASE_CACHE ?? join(homedir(), '.cache', 'pooltop-release-test');
  const base = join(cache, key());
  mkdirSync(base, { recursive: true });
  // Builds of other commits (~250 MB each) are of no more use.
  for (const other of readdirSync(cache)) if (join(cache, other) !== base) rmSync(join(cache, other), { recursive: true, force: true });
  // The reproducibility pair at xz preset 0: the same check, a fraction of the time.
  const args =
    which === 'main'
      ? ['--xz', '1', '--arch', 'x64,arm64', '--code-cache-arch', 'x64']
      : ['--xz', '0', '--arch', 'x64', '--no-code-cache'];
  return build(join(base, which), args);
}

export const has = (tool: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
