import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BASELINE_TIERS_ONLY, launchFlags } from '../../src/launch/v8-flags.js';

/** V8's OptimizationStatus bit for "has optimised code" (%GetOptimizationStatus). */
const OPTIMIZED = 1 << 4;

/**
 * In a fresh Node: sets `flags` the way the launcher does (at run time, before the program), then
 * keeps a small function hot for 300 ms, as the dashboard keeps its frame code hot, and prints
 * V8's optimisation status of it.
 */
function statusAfterHotLoop(flags: readonly string[]): number {
  const probe = `
    for (const flag of ${JSON.stringify(flags)}) require('node:v8').setFlagsFromString(flag);
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

describe('V8 flags set by the launcher', () => {
  it('keeps WebAssembly on Liftoff wherever it is loaded, and the dashboard on the baseline tiers', () => {
    for (const v8 of ['11.3.244.8-node.33', '12.4.254.21-node.24', '13.6.233.10-node.29']) {
      expect(launchFlags('dashboard', v8)).toEqual(['--liftoff-only', BASELINE_TIERS_ONLY]);
      for (const kind of ['pool', 'accounts', 'auth'] as const) {
        expect(launchFlags(kind, v8)).toEqual(['--liftoff-only']);
      }
    }
  });

  it('sets nothing on unknown V8 versions, for serve (no WebAssembly) or the invocations that run no program', () => {
    for (const kind of ['dashboard', 'pool', 'accounts', 'auth'] as const) {
      expect(launchFlags(kind, '99.0.0')).toEqual([]);
      expect(launchFlags(kind, '')).toEqual([]);
    }
    for (const kind of ['serve', 'help', 'version', 'unknown'] as const) {
      expect(launchFlags(kind, '11.3.244.8-node.33')).toEqual([]);
    }
  });

  it('sets flags this V8 knows (an unknown one would print an error)', () => {
    for (const flag of launchFlags('dashboard')) {
      const run = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`], {
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
    }
  });

  it("keeps the dashboard's hot code unoptimised, which V8 would otherwise optimise", () => {
    expect(statusAfterHotLoop([]) & OPTIMIZED).toBe(OPTIMIZED);
    expect(statusAfterHotLoop(launchFlags('dashboard')) & OPTIMIZED).toBe(0);
  });
});
