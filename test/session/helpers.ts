/**
 * Shared test helpers: a fake clock, temporary directories, and OAuth settings pointing at the
 * embedded service. Secrets are never printed: assertions about them use booleans.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from '../../src/config/types.js';

export interface FakeClock {
  t: number;
  now: () => number;
  /** An injected sleep that advances the clock instead of waiting. */
  sleep: (ms: number) => Promise<void>;
  sleeps: number[];
}

export function fakeClock(start = Date.UTC(2025, 5, 1, 12, 0, 0)): FakeClock {
  const c: FakeClock = {
    t: start,
    now: () => c.t,
    sleeps: [],
    sleep: async (ms) => {
      c.sleeps.push(ms);
      c.t += ms;
    },
  };
  return c;
}

export async function withTmp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pooltop-test-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface OAuthCreds {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export function oauthConfig(
  baseUrl: string,
  creds: OAuthCreds,
  extra: Partial<ResolvedConfig> = {},
): ResolvedConfig {
  return {
    baseUrl,
    clientId: creds.clientId,
    clientSecret: creds.clientSecret,
    refreshToken: creds.refreshToken,
    profile: 'default',
    configPath: '/home/test/.whitebit/config.toml',
    sources: { baseUrl: 'flag', clientId: 'env', clientSecret: 'env', refreshToken: 'env' },
    warnings: [],
    ...extra,
  };
}

/** Obviously fake client credentials for the embedded service. */
export const FAKE_CLIENT = { clientId: 'test-client', clientSecret: 'test-client-secret-not-real' } as const;
