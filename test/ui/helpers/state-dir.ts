import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Points pooltop's state directory (token store) at a fresh temporary one for this test file. */
export function withTempStateDir(): void {
  let dir = '';
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.POOLTOP_STATE_DIR;
    dir = mkdtempSync(join(tmpdir(), 'pooltop-ui-'));
    process.env.POOLTOP_STATE_DIR = dir;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.POOLTOP_STATE_DIR;
    else process.env.POOLTOP_STATE_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  });
}
