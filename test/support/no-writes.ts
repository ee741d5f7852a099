import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WRITE_LOG_ENV } from '../../src/service/write-paths.js';

/**
 * Vitest global set-up: pooltop never calls an operation that changes an account, anywhere in
 * the suite. Every embedded service the tests start (in a test worker, or in a child process
 * through `--demo` or `pooltop serve`: they inherit the environment set here before the workers
 * are forked) appends each request to such an operation to one file (src/service/write-paths.ts);
 * the run fails at its end if the file holds any. The two tests that send one on purpose, to see
 * the service refuse it, give their service a log of their own.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-writes-'));
  const file = join(dir, 'writes.log');
  const before = process.env[WRITE_LOG_ENV];
  process.env[WRITE_LOG_ENV] = file;
  return () => {
    if (before === undefined) delete process.env[WRITE_LOG_ENV];
    else process.env[WRITE_LOG_ENV] = before;
    let sent = '';
    try {
      sent = readFileSync(file, 'utf8');
    } catch {
      // No file: nothing was sent.
    }
    rmSync(dir, { recursive: true, force: true });
    const paths = sent.split('\n').filter(Boolean);
    if (paths.length > 0) {
      throw new Error(
        `the embedded service received ${paths.length} request(s) to an operation that changes an account: ${[...new Set(paths)].join(', ')}`,
      );
    }
  };
}
