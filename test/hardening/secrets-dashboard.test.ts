/**
 * The dashboard's terminal output holds no secret either: the built CLI in a pseudo-terminal
 * with DEBUG=pooltop and distinctive secrets, visiting every tab and refreshing the OAuth
 * token (so real access and refresh tokens exist), once with good credentials and once with a
 * wrong API secret and a dead refresh token. Every byte written is searched, after the run, for
 * the secrets and for the tokens the store then holds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import xterm from '@xterm/headless';
import { spawn } from 'node-pty';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { CLI, cleanEnv } from '../support/run-cli.js';
import { leaksIn, SECRETS } from './secret-values.js';

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ port: 0, accounts: 40, credentials: SECRETS });
});
afterAll(() => service.close());

/** Runs the dashboard, visits every tab, presses R on the Session tab, quits; returns all it wrote. */
async function session(
  over: Record<string, string>,
  refreshed: RegExp,
): Promise<{ raw: string; code: number; home: string }> {
  const env = cleanEnv({
    DEBUG: 'pooltop',
    TERM: 'xterm-256color',
    WHITEBIT_API_URL: service.baseUrl,
    WHITEBIT_API_KEY: SECRETS.apiKey,
    WHITEBIT_API_SECRET: SECRETS.apiSecret,
    WHITEBIT_CLIENT_ID: SECRETS.clientId,
    WHITEBIT_CLIENT_SECRET: SECRETS.clientSecret,
    WHITEBIT_REFRESH_TOKEN: SECRETS.refreshToken,
    ...over,
  });
  const term = new xterm.Terminal({ cols: 100, rows: 30, allowProposedApi: true });
  const pty = spawn(process.execPath, [CLI, '--interval', '1'], {
    name: 'xterm-256color',
    cols: 100,
    rows: 30,
    env: env as Record<string, string>,
  });
  let raw = '';
  pty.onData((d) => {
    raw += d;
    term.write(d);
  });
  const exit = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  const screen = () => {
    const b = term.buffer.active;
    return Array.from(
      { length: 30 },
      (_, y) => b.getLine(b.viewportY + y)?.translateToString(true) ?? '',
    ).join('\n');
  };
  const until = (check: (s: string) => boolean, what: string) =>
    vi.waitFor(
      () => {
        if (!check(screen())) throw new Error(`waiting for ${what}`);
      },
      { timeout: 15_000, interval: 50 },
    );
  try {
    await until((s) => s.includes('Workers'), 'pool data');
    pty.write('3');
    await until(
      (s) => s.includes('[3 Sub-accounts]') && /rows \d|Unauthorized|error/.test(s),
      'the accounts tab',
    );
    pty.write('4');
    // Auto-refresh runs at once (no token stored yet): tokens exist, or the refusal shows.
    await until((s) => s.includes('[4 Session]') && refreshed.test(s), 'the refresh outcome');
    const before = service.stats();
    pty.write('R');
    await vi.waitFor(
      () => {
        const now = service.stats();
        if (
          now.refreshesAccepted + now.refreshesRejected ===
          before.refreshesAccepted + before.refreshesRejected
        ) {
          throw new Error('waiting for R to refresh');
        }
      },
      { timeout: 10_000, interval: 50 },
    );
    pty.write('q');
    const code = await vi.waitFor(() => exit, { timeout: 10_000 });
    return { raw, code, home: env.HOME ?? '' };
  } finally {
    pty.kill();
    term.dispose();
  }
}

function storedTokens(home: string): Record<string, string> {
  const dir = join(home, '.state', 'pooltop');
  const file = readdirSync(dir).find((f) => /^tokens-.*\.json$/.test(f));
  if (!file) return {};
  const store = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    entries: Record<string, { tokens?: { access_token: string; refresh_token: string } }>;
  };
  const t = Object.values(store.entries)[0]?.tokens;
  return t ? { accessToken: t.access_token, issuedRefreshToken: t.refresh_token } : {};
}

describe('the dashboard in a terminal', () => {
  it('never draws a secret, with good credentials or bad ones', async () => {
    const [good, bad] = await Promise.all([
      session({}, /Last refresh .*, ok/),
      session(
        {
          WHITEBIT_API_SECRET: `${SECRETS.apiSecret}-wrong`,
          WHITEBIT_REFRESH_TOKEN: `${SECRETS.refreshToken}-dead`,
        },
        /Last refresh .*failed/,
      ),
    ]);
    expect(good.code).toBe(0);
    expect(bad.code).toBe(0);
    const issued = storedTokens(good.home);
    expect(issued.accessToken?.length ?? 0).toBeGreaterThan(8);
    const secrets = {
      ...SECRETS,
      ...issued,
      wrongSecret: `${SECRETS.apiSecret}-wrong`,
      deadToken: `${SECRETS.refreshToken}-dead`,
    };
    expect([
      ...leaksIn('dashboard', good.raw, secrets),
      ...leaksIn('dashboard, bad credentials', bad.raw, secrets),
    ]).toEqual([]);
  }, 60_000);
});
