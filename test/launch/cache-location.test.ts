import { describe, expect, it } from 'vitest';
import { cacheDir, cacheFileName, cacheFilePrefix } from '../../src/launch/cache-location.js';

const home = () => '/home/ops';

describe('code cache location', () => {
  it('is POOLTOP_CACHE_DIR, else $XDG_CACHE_HOME/pooltop, else ~/.cache/pooltop', () => {
    expect(cacheDir({ POOLTOP_CACHE_DIR: '/x', XDG_CACHE_HOME: '/c' }, home)).toBe('/x');
    expect(cacheDir({ XDG_CACHE_HOME: '/c' }, home)).toBe('/c/pooltop');
    expect(cacheDir({ XDG_CACHE_HOME: 'relative' }, home)).toBe('/home/ops/.cache/pooltop');
    expect(cacheDir({}, home)).toBe('/home/ops/.cache/pooltop');
  });

  it('is off with POOLTOP_CODE_CACHE=off, or when there is no home to name', () => {
    expect(cacheDir({ POOLTOP_CODE_CACHE: 'off', POOLTOP_CACHE_DIR: '/x' }, home)).toBeUndefined();
    expect(cacheDir({ POOLTOP_CODE_CACHE: 'OFF' }, home)).toBeUndefined();
    expect(cacheDir({}, () => '')).toBeUndefined();
    expect(
      cacheDir({}, () => {
        throw new Error('no passwd entry');
      }),
    ).toBeUndefined();
  });

  it('names a file for everything the cache depends on, with a prefix per program and kind', () => {
    const key = { program: 'pooltop-app', version: '1.2.3', kind: 'dashboard', sourceBytes: 848729 } as const;
    const name = cacheFileName({ ...key, node: 'v20.20.2', arch: 'x64' });
    expect(name).toBe('pooltop-app-dashboard-1.2.3-848729-node20.20.2-x64.v8cache');
    expect(name.startsWith(cacheFilePrefix(key))).toBe(true);
    expect(cacheFileName({ ...key, kind: 'pool', node: 'v20.20.2', arch: 'x64' })).not.toBe(name);
    expect(cacheFileName({ ...key, sourceBytes: 1, node: 'v20.20.2', arch: 'x64' })).not.toBe(name);
    expect(cacheFileName({ ...key, node: 'v22.1.0', arch: 'x64' })).not.toBe(name);
  });
});
