import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { stayOnBaselineTier } from '../../src/baseline-tier.js';

/** V8's OptimizationStatus bit for "has optimised code" (%GetOptimizationStatus). */
const OPTIMIZED = 1 << 4;

/** src/baseline-tier.ts as CommonJS, for a child process (the flag must not touch the test's own V8). */
const moduleCode = buildSync({
  entryPoints: ['src/baseline-tier.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
}).outputFiles[0]?.text;

/**
 * In a fresh Node: optionally calls stayOnBaselineTier() first, then keeps a small function hot for
 * 300 ms (as a dashboard keeps its frame code hot) and prints V8's optimisation status of it.
 */
function statusAfterHotLoop(callFirst: boolean): number {
  const probe = `
    const m = { exports: {} };
    new Function('module', 'exports', 'require', ${JSON.stringify(moduleCode)})(m, m.exports, require);
    if (${callFirst}) m.exports.stayOnBaselineTier();
    function hot(a) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i] * 2; return s; }
    const a = Array.from({ length: 100 }, (_, i) => i);
    const end = Date.now() + 300;
    let n = 0;
    (function spin() {
      for (let k = 0; k < 2000; k++) n += hot(a);
      if (Date.now() < end) setImmediate(spin);
      else console.log(%GetOptimizationStatus(hot));
    })();`;
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', probe], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return Number(run.stdout.trim());
}

describe('stayOnBaselineTier', () => {
  it('keeps hot code from being optimised from the moment it is called', () => {
    expect(statusAfterHotLoop(false) & OPTIMIZED).toBe(OPTIMIZED);
    expect(statusAfterHotLoop(true) & OPTIMIZED).toBe(0);
  });

  it('leaves unknown V8 versions alone (V8 would print an error for an unknown flag)', () => {
    expect(stayOnBaselineTier('99.1.2')).toBe(false);
    expect(stayOnBaselineTier('')).toBe(false);
  });
});
