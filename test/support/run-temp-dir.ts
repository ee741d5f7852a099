import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global set-up: every temporary directory the tests (and the processes they start) make
 * lands in one directory for the run, removed when the run ends, so a run leaves nothing in /tmp.
 * Set before the test workers are forked, which inherit it.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-test-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
