import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { launchFlags } from '../../src/launch/v8-flags.js';

describe('V8 flags set by the launcher', () => {
  it('keeps WebAssembly on Liftoff wherever it is loaded', () => {
    for (const v8 of ['11.3.244.8-node.33', '12.4.254.21-node.24', '13.6.233.10-node.29']) {
      expect(launchFlags('dashboard', v8)).toEqual(['--liftoff-only']);
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
      const run = spawnSync(
        process.execPath,
        ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`],
        {
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
    }
  });
});
