import { describe, expect, it } from 'vitest';
import { resolveStateDir } from '../../src/config/state-dir.js';

describe('resolveStateDir', () => {
  const home = '/home/u';
  it('prefers POOLTOP_STATE_DIR, then XDG_STATE_HOME, then the platform default', () => {
    expect(resolveStateDir({ env: { POOLTOP_STATE_DIR: '/s', XDG_STATE_HOME: '/x' }, home })).toBe('/s');
    expect(resolveStateDir({ env: { XDG_STATE_HOME: '/x' }, home, platform: 'linux' })).toBe('/x/pooltop');
    expect(resolveStateDir({ env: {}, home, platform: 'linux' })).toBe('/home/u/.local/state/pooltop');
    expect(resolveStateDir({ env: {}, home, platform: 'darwin' })).toBe(
      '/home/u/Library/Application Support/pooltop',
    );
  });
  it('ignores relative values, as the XDG spec requires', () => {
    expect(
      resolveStateDir({ env: { XDG_STATE_HOME: 'rel', POOLTOP_STATE_DIR: 'r' }, home, platform: 'linux' }),
    ).toBe('/home/u/.local/state/pooltop');
  });
});
