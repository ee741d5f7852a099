import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import type { SessionStatus } from '../../src/session/session-types.js';
import { autoRefreshDueAt, retryDelayMs, stopsAutoRefresh } from '../../src/ui/session/auto-refresh.js';

const status = (expiresIn: number, refreshLifetimeSec = 600): SessionStatus => ({
  profile: 'default',
  baseUrl: 'u',
  storePath: 'p',
  missing: [],
  scopes: [],
  reauthorised: false,
  issuedAt: 1_000_000,
  refreshExpiresAt: 1_000_000 + refreshLifetimeSec * 1000,
  tokens: { access_token: 'a', refresh_token: 'r', expires_in: expiresIn, scope: '', token_type: 'Bearer' },
});

describe('auto-refresh timing', () => {
  it('is due at 80% of the access token lifetime', () => {
    expect(autoRefreshDueAt(status(300))).toBe(1_000_000 + 240_000);
  });
  it('never lets the refresh token (600 s) die behind a long-lived access token', () => {
    expect(autoRefreshDueAt(status(3600))).toBe(1_000_000 + 480_000);
  });
  it('is due at once when nothing is stored', () => {
    expect(autoRefreshDueAt({ ...status(300), tokens: undefined })).toBeUndefined();
  });
  it('backs off 5 s, 10 s, 20 s … up to 60 s, and stops on auth or config failures', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([5000, 10000, 20000, 40000, 60000, 60000]);
    expect(stopsAutoRefresh(new PooltopError('auth', 'x'))).toBe(true);
    expect(stopsAutoRefresh(new PooltopError('config', 'x'))).toBe(true);
    expect(stopsAutoRefresh(new PooltopError('network', 'x'))).toBe(false);
  });
});
