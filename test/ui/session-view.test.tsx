import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createSession, type Session } from '../../src/session/session.js';
import type { ApiClient, RefreshParams, TokenSet, TokenSetJson } from '../../src/api/types.js';
import { memoryTokenStore, sha256, type StoreEntry, type TokenStore } from '../../src/config/token-store.js';
import type { ResolvedConfig } from '../../src/config/types.js';
import { SessionView } from '../../src/ui/session/session-view.js';
import type { TabVisibility } from '../../src/ui/tab-props.js';
import { elapse, fakeClock, unusedMining } from './helpers/fixtures.js';
import { mountView, waitForFrame } from './helpers/harness.js';
import { keyOf } from './helpers/keys.js';
import { tokenSetModel } from '../../src/api/schemas.js';

const T0 = Date.UTC(2025, 10, 22, 12, 0, 0);
const CONFIGURED: ResolvedConfig = {
  baseUrl: 'http://127.0.0.1:1',
  clientId: 'test-client',
  clientSecret: 'test-client-secret-not-real',
  refreshToken: 'CONFIGURED-REFRESH-0000',
  profile: 'default',
  configPath: '/home/ops/.whitebit/config.toml',
  sources: { baseUrl: 'flag', clientId: 'env', clientSecret: 'env', refreshToken: 'env' },
  warnings: [],
};

const tokenSet = (n: number, expiresIn = 300): TokenSetJson => ({
  access_token: `AC${String(n).padStart(2, '0')}-access-token-fake`,
  expires_in: expiresIn,
  refresh_token: `RF${String(n).padStart(2, '0')}-refresh-token-fake`,
  scope: 'codes.apply,show.userinfo',
  token_type: 'Bearer',
});

/** A client whose refreshToken the test scripts; everything else is unused. */
class FakeOAuthClient implements ApiClient {
  readonly baseUrl = 'http://127.0.0.1:1';
  readonly mining = unusedMining();
  calls: string[] = [];
  issued = 1;
  fail: PooltopError | undefined;
  async refreshToken(p: RefreshParams): Promise<TokenSet> {
    this.calls.push(p.refreshToken);
    if (this.fail) throw this.fail;
    this.issued += 1;
    return tokenSetModel(tokenSet(this.issued));
  }
  async getMiningPool(): Promise<never> {
    throw new Error('unused');
  }
  async listSubAccounts(): Promise<never> {
    throw new Error('unused');
  }
  async subAccountBalances(): Promise<never> {
    throw new Error('unused');
  }
  async close(): Promise<void> {}
}

function setup(
  opts: { config?: ResolvedConfig; stored?: StoreEntry; store?: TokenStore; visibility?: TabVisibility } = {},
) {
  const config = opts.config ?? CONFIGURED;
  const clock = {
    get t() {
      return Date.now();
    },
  };
  const client = new FakeOAuthClient();
  const session: Session = createSession({
    config,
    client,
    store: opts.store ?? memoryTokenStore(opts.stored),
    now: () => clock.t,
    sleep: async () => {},
  });
  const visibility = opts.visibility ?? 'active';
  const view = mountView(
    (hidden) => (
      <SessionView width={100} height={24} visibility={hidden ? 'hidden' : visibility} session={session} />
    ),
    { client, config, intervalSec: 10, now: () => clock.t, hidden: visibility === 'hidden' },
  );
  const { frame, controller } = view;
  const notify = view.ui.notify;
  /** Moves the fake clock (running the polls that fall due) and draws its second, as the shell's tick does. */
  const advanceTo = async (t: number) => {
    await elapse(t - clock.t);
    view.settle();
  };
  return { view, frame, advanceTo, client, clock, notify, controller };
}

const STORED: StoreEntry = {
  tokens: tokenSet(1),
  issuedAt: T0,
  originSha256: sha256('CONFIGURED-REFRESH-0000'),
  lastRefresh: { at: T0, result: 'ok' },
};

let cleanup: (() => void) | undefined;
beforeEach(() => fakeClock(T0 + 60_000));
afterEach(() => {
  cleanup?.();
  vi.useRealTimers();
});

describe('Session tab', () => {
  it('shows scopes, token type, the masked token and a live countdown', async () => {
    const t = setup({ stored: STORED });
    cleanup = t.view.unmount;
    let f = await waitForFrame(t.frame, (x) => x.includes('Expires'));
    expect(f).toContain('Scopes          codes.apply, show.userinfo');
    expect(f).toContain('Token type      Bearer');
    expect(f).toContain('Access token    AC01…');
    expect(f.includes('AC01-access-token-fake')).toBe(false);
    expect(f).toContain('Expires         in 4m 00s (');
    expect(f).toContain('Refresh token   expires in 9m 00s (');
    expect(f).toContain('Last refresh    ');
    expect(f).toContain('1m ago), ok');
    expect(f).toContain('Auto-refresh    on, at 80% of the lifetime: next in 3m 00s');
    await t.advanceTo(T0 + 230_000);
    f = await waitForFrame(t.frame, (x) => x.includes('Expires         in 1m 10s'));
    expect(f).toContain('next in 10s');
    expect(t.client.calls).toEqual([]);
  });

  it('refreshes on its own at 80% of the lifetime, spending the stored token', async () => {
    const t = setup({ stored: STORED });
    cleanup = t.view.unmount;
    await waitForFrame(t.frame, (x) => x.includes('Expires'));
    await t.advanceTo(T0 + 239_000);
    await waitForFrame(t.frame, (x) => x.includes('next in 1s'));
    expect(t.client.calls).toEqual([]);
    await t.advanceTo(T0 + 240_000);
    const f = await waitForFrame(t.frame, (x) => x.includes('Access token    AC02…'));
    expect(t.client.calls).toEqual(['RF01-refresh-token-fake']);
    expect(f).toContain('Expires         in 5m 00s');
    // Automatic refreshes stay quiet: the notice line is shared by every tab.
    expect(t.notify).not.toHaveBeenCalledWith('Token refreshed.');
  });

  it('keeps the session alive while its tab is hidden, drawing nothing', async () => {
    const t = setup({ stored: STORED, visibility: 'hidden' });
    cleanup = t.view.unmount;
    await t.advanceTo(T0 + 239_000);
    expect(t.client.calls).toEqual([]);
    await t.advanceTo(T0 + 240_000);
    await vi.waitFor(() => expect(t.client.calls).toEqual(['RF01-refresh-token-fake']));
    expect(t.frame()).toBe('');
  });

  it('a turns auto-refresh off; R refreshes now', async () => {
    const t = setup({ stored: STORED });
    cleanup = t.view.unmount;
    await waitForFrame(t.frame, (x) => x.includes('Expires'));
    t.view.stdin.write(keyOf('session', 'auto-refresh'));
    await waitForFrame(t.frame, (x) => x.includes('Auto-refresh    off (a turns it on)'));
    await t.advanceTo(T0 + 290_000);
    await waitForFrame(t.frame, (x) => x.includes('Expires         in 10s'));
    expect(t.client.calls).toEqual([]);
    t.view.stdin.write(keyOf('session', 'refresh-token'));
    await waitForFrame(t.frame, (x) => x.includes('Access token    AC02…'));
    expect(t.client.calls).toHaveLength(1);
    expect(t.notify).toHaveBeenCalledWith('Token refreshed.');
  });

  it('stops auto-refreshing after a dead token, with the explanation on screen', async () => {
    const t = setup({ stored: STORED });
    cleanup = t.view.unmount;
    t.client.fail = new PooltopError('auth', 'Invalid token.', {
      status: 400,
      fields: { token: ['Invalid token.'] },
    });
    await waitForFrame(t.frame, (x) => x.includes('Expires'));
    await t.advanceTo(T0 + 240_000);
    const f = await waitForFrame(t.frame, (x) => x.includes('stopped by the error below'));
    expect(f).toContain('the refresh token expired or was already used');
    await t.advanceTo(T0 + 400_000);
    await waitForFrame(t.frame, (x) => x.includes('expired'));
    expect(t.client.calls).toHaveLength(1);
  });

  it('retries a transient failure after a delay', async () => {
    const t = setup({ stored: STORED });
    cleanup = t.view.unmount;
    t.client.fail = new PooltopError('network', 'connection refused', { reason: 'connect' });
    await waitForFrame(t.frame, (x) => x.includes('Expires'));
    await t.advanceTo(T0 + 240_000);
    await waitForFrame(t.frame, (x) => x.includes('the refresh token was not used'));
    expect(t.client.calls).toHaveLength(1);
    t.client.fail = undefined;
    await t.advanceTo(T0 + 244_000);
    await waitForFrame(t.frame, (x) => x.includes('next in 1s'));
    expect(t.client.calls).toHaveLength(1);
    await t.advanceTo(T0 + 245_000);
    await waitForFrame(t.frame, (x) => x.includes('Access token    AC02…'));
    expect(t.client.calls).toHaveLength(2);
  });

  it('keeps a set no store takes, goes on with it, and hands it over on stderr when it closes', async () => {
    const memory = memoryTokenStore(STORED);
    // The disk refuses every write of a new set (the first marker, beside the old set, goes through).
    const store: TokenStore = {
      path: '/home/ops/.local/state/pooltop/tokens-default.json',
      read: () => memory.read(),
      write: async (entry) => {
        if (entry.tokens?.refresh_token !== STORED.tokens?.refresh_token) {
          throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
        }
        await memory.write(entry);
      },
    };
    const t = setup({ store });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanup = () => errors.mockRestore();
    await waitForFrame(t.frame, (x) => x.includes('Expires'));
    await t.advanceTo(T0 + 240_000);
    let f = await waitForFrame(t.frame, (x) => x.includes('the dashboard keeps it in memory'));
    expect(f).toContain('Access token    AC02…');
    expect(f.includes('RF02-refresh-token-fake')).toBe(false);
    // While the store refuses writes, the next refresh cannot record its marker, so it sends
    // nothing: the set held in memory stays unspent, and auto-refresh tries again later.
    await t.advanceTo(T0 + 480_000);
    f = await waitForFrame(t.frame, (x) => x.includes('(ENOSPC); nothing'));
    expect(f).toContain('Auto-refresh    on');
    expect(t.client.calls).toEqual(['RF01-refresh-token-fake']);
    t.view.unmount();
    const printed = errors.mock.calls.map((c) => String(c[0]));
    expect(printed[0]).toMatch(
      /^pooltop: the newest token set could not be saved .* run `pooltop auth restore`/,
    );
    expect(JSON.parse(printed[1] ?? '').data.refresh_token).toBe('RF02-refresh-token-fake');
    expect(printed).toHaveLength(2);
  });

  it('saves a set it holds in memory as soon as the store takes it again', async () => {
    const memory = memoryTokenStore(STORED);
    let failing = true;
    const store: TokenStore = {
      path: '/home/ops/.local/state/pooltop/tokens-default.json',
      read: () => memory.read(),
      write: async (entry) => {
        if (failing && entry.tokens?.refresh_token !== STORED.tokens?.refresh_token) {
          throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
        }
        await memory.write(entry);
      },
    };
    const t = setup({ store });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanup = () => errors.mockRestore();
    await waitForFrame(t.frame, (x) => x.includes('Expires'));
    await t.advanceTo(T0 + 240_000);
    await waitForFrame(t.frame, (x) => x.includes('the dashboard keeps it in memory'));
    failing = false;
    await t.advanceTo(T0 + 246_000);
    await waitForFrame(t.frame, (x) => !x.includes('keeps it in memory'));
    expect(t.notify).toHaveBeenCalledWith('The token set is saved now.');
    expect((await memory.read())?.tokens?.refresh_token).toBe('RF02-refresh-token-fake');
    expect(t.client.calls).toEqual(['RF01-refresh-token-fake']);
    t.view.unmount();
    expect(errors).not.toHaveBeenCalled();
  });

  it('starts the chain from the configured token when nothing is stored', async () => {
    const t = setup();
    cleanup = t.view.unmount;
    await waitForFrame(t.frame, (x) => x.includes('Access token    AC02…'));
    expect(t.client.calls).toEqual(['CONFIGURED-REFRESH-0000']);
  });

  it('explains how to add OAuth settings when there are none', async () => {
    const t = setup({
      config: { ...CONFIGURED, clientId: undefined, clientSecret: undefined, refreshToken: undefined },
    });
    cleanup = t.view.unmount;
    const f = await waitForFrame(t.frame, (x) => x.includes('No OAuth settings'));
    expect(f).toContain('--client-id');
    expect(f).toContain('WHITEBIT_REFRESH_TOKEN');
    expect(f).toContain('refresh_token');
    expect(t.client.calls).toEqual([]);
  });
});
