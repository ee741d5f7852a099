import { describe, expect, it } from 'vitest';
import { shortLivedFlags } from '../../src/launch/short-lived-flags.js';

describe('V8 flags for one-shot commands', () => {
  it('keeps WebAssembly on Liftoff for the commands that end at once, on known V8 versions', () => {
    for (const kind of ['pool', 'accounts', 'auth'] as const) {
      expect(shortLivedFlags(kind, '11.3.244.8-node.33')).toEqual(['--liftoff-only']);
      expect(shortLivedFlags(kind, '12.4.254.21-node.24')).toEqual(['--liftoff-only']);
      expect(shortLivedFlags(kind, '99.0.0')).toEqual([]);
    }
  });

  it('leaves the dashboard, serve and the rest with V8’s defaults', () => {
    for (const kind of ['dashboard', 'serve', 'help', 'version', 'unknown'] as const) {
      expect(shortLivedFlags(kind, '11.3.244.8-node.33')).toEqual([]);
    }
  });
});
