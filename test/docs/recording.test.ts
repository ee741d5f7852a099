/**
 * The README's picture: it exists, is shown at the top of the README (and a still of each tab in
 * docs/usage.md), stays within 1 MB, matches the recording it was rendered from, and the
 * recording script draws the same frames twice (its first step, run twice: the whole recording
 * takes a minute, `npm run record`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const IMAGES = join(ROOT, 'docs', 'images');
const TABS = ['pool', 'mining', 'sub-accounts', 'session'];

function record(steps: number): string {
  const out = mkdtempSync(join(tmpdir(), 'pooltop-record-test-'));
  execFileSync(
    process.execPath,
    [join(ROOT, 'scripts', 'record.mjs'), '--steps', String(steps), '--out', out],
    {
      stdio: 'pipe',
      timeout: 60_000,
    },
  );
  return readFileSync(join(out, 'pooltop.cast'), 'utf8');
}

describe('the recording', { timeout: 120_000 }, () => {
  it('is at the top of the README, a still per tab is in usage.md, and all of it is under 1 MB', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
    const at = readme.findIndex((l) => l.includes('](docs/images/pooltop.svg)'));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(10);
    const usage = readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8');
    for (const tab of TABS) expect(usage).toContain(`](images/tab-${tab}.svg)`);
    const total = readdirSync(IMAGES).reduce((sum, f) => sum + statSync(join(IMAGES, f)).size, 0);
    expect(total).toBeLessThanOrEqual(1024 * 1024);
    expect(readFileSync(join(IMAGES, 'pooltop.svg'), 'utf8')).toMatch(/^<svg[\s\S]*@keyframes/);
  });

  it('the animation is the committed recording, rendered by svg-term', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'pooltop-svg-')), 'pooltop.svg');
    execFileSync(process.execPath, [
      '-r',
      join(ROOT, 'scripts', 'record', 'react16.cjs'),
      join(ROOT, 'node_modules', 'svg-term-cli', 'lib', 'cli.js'),
      '--in',
      join(IMAGES, 'pooltop.cast'),
      '--out',
      out,
      '--window',
      '--no-cursor',
      '--width',
      '100',
      '--height',
      '30',
    ]);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(IMAGES, 'pooltop.svg'), 'utf8'));
  });

  it('draws the same first frame on every run, the one committed', () => {
    const first = (cast: string) => cast.split('\n').slice(0, 2).join('\n');
    const a = record(1);
    const b = record(1);
    expect(a).toBe(b);
    expect(first(a)).toBe(first(readFileSync(join(IMAGES, 'pooltop.cast'), 'utf8')));
    expect(a).toContain('Blocks found');
  });
});
