/**
 * Shared by the Sub-accounts tests: the view mounted in the providers the dashboard gives it
 * (theme, dashboard context, the real SWR options, UI state), a scriptable ApiClient, manual
 * debounce timers and a bounded frame wait.
 */
import { render } from 'ink-testing-library';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import type { ApiClient, SubAccount, SubAccountPage, SubAccountQuery } from '../../src/api/types.js';
import type { ResolvedConfig } from '../../src/config/types.js';
import { createTheme } from '../../src/format/color.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { AccountsView, type AccountsViewOptions } from '../../src/ui/accounts/accounts-view.js';
import { DashboardContext, type DashboardContextValue } from '../../src/ui/dashboard-context.js';
import { KeypressProvider } from '../../src/ui/hooks/use-keypress.js';
import type { DebounceTimers } from '../../src/ui/browser/use-debounced-value.js';
import { swrOptions } from '../../src/ui/swr-options.js';
import { ThemeContext } from '../../src/ui/theme-context.js';
import { type UiState, UiStateContext } from '../../src/ui/ui-state.js';
import { ClockContext } from '../../src/ui/clock.js';
import { type StatusReport, StatusReportContext } from '../../src/ui/status-report.js';
import { unusedMining } from './helpers/fixtures.js';

export const NOW = Date.UTC(2025, 10, 22, 12, 0, 0);

export const keyedConfig: ResolvedConfig = {
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'test-key',
  apiSecret: 'test-secret',
  profile: 'default',
  configPath: '/home/ops/.whitebit/config.toml',
  sources: { baseUrl: 'default', apiKey: 'env', apiSecret: 'env' },
  warnings: [],
};

export const keylessConfig: ResolvedConfig = {
  ...keyedConfig,
  apiKey: undefined,
  apiSecret: undefined,
  sources: {},
};

export interface Call {
  query: SubAccountQuery;
  signal: AbortSignal | undefined;
}

/**
 * Serves `accounts` with the embedded service's search rule. `gate` (when set) holds each
 * answer until the test releases it; `fail` makes every call throw.
 */
export class AccountsClient implements ApiClient {
  readonly baseUrl = 'http://127.0.0.1:1/';
  readonly mining = unusedMining();
  calls: Call[] = [];
  fail: (() => Error) | undefined;
  gate: ((query: SubAccountQuery) => Promise<void>) | undefined;

  constructor(readonly accounts: readonly SubAccount[] = generateAccounts(200, 7)) {}

  async subAccountBalances(): Promise<never> {
    throw new Error('not used by the Sub-accounts tab');
  }

  async listSubAccounts(
    query: SubAccountQuery = {},
    opts?: { signal?: AbortSignal },
  ): Promise<SubAccountPage> {
    this.calls.push({ query, signal: opts?.signal });
    if (this.gate) await this.gate(query);
    if (opts?.signal?.aborted) throw new PooltopError('network', 'request cancelled', { reason: 'aborted' });
    if (this.fail) throw this.fail();
    const { search = '', limit = 30, offset = 0 } = query;
    const needle = search.toLowerCase();
    const matching = this.accounts.filter((a) =>
      [a.alias, a.email, a.id, a.userId].some((f) => (f ?? '').toLowerCase().includes(needle)),
    );
    return { offset, limit, data: matching.slice(offset, offset + limit) };
  }
  async getMiningPool(): Promise<never> {
    throw new Error('not used');
  }
  async refreshToken(): Promise<never> {
    throw new Error('not used');
  }
  async close(): Promise<void> {}
}

/** Debounce timers that fire only when the test says so. */
export class ManualTimers implements DebounceTimers {
  private next = 0;
  readonly pending = new Map<number, () => void>();
  set(fn: () => void): unknown {
    this.next++;
    this.pending.set(this.next, fn);
    return this.next;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Fires the debounce once it has been armed (effects run a moment after the frame). */
  async settle(): Promise<void> {
    // The effect of the last keystroke re-arms the timer a turn after its frame: let it run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await waitUntil(() => this.pending.size > 0, 'the debounce timer');
    this.flush();
  }
  flush(): void {
    const fns = [...this.pending.values()];
    this.pending.clear();
    for (const fn of fns) fn();
  }
}

export interface MountOptions extends AccountsViewOptions {
  client: ApiClient;
  config?: ResolvedConfig;
  width?: number;
  height?: number;
  intervalSec?: number;
  signal?: AbortSignal;
  /** The dashboard's polling pause (`p`). */
  paused?: boolean;
  /** The dashboard's clock (default: fixed at NOW). */
  now?: () => number;
  /** Receives what the view reports to the status bar (status-report.ts). */
  onReport?: (report: StatusReport | undefined) => void;
}

export function mountAccounts(opts: MountOptions) {
  const controller = new AbortController();
  const ui: UiState = {
    paused: opts.paused ?? false,
    notify: vi.fn(),
    setCapture: vi.fn(),
  };
  const dashboard: DashboardContextValue = {
    client: opts.client,
    apiUrl: opts.client.baseUrl,
    config: opts.config ?? keyedConfig,
    demo: false,
    intervalMs: (opts.intervalSec ?? 3600) * 1000,
    signal: opts.signal ?? controller.signal,
    now: opts.now ?? (() => NOW),
  };
  const swr = swrOptions({ intervalMs: dashboard.intervalMs, isPaused: () => ui.paused, timers: new Set() });
  const {
    client: _c,
    config: _k,
    width = 100,
    height = 36,
    intervalSec: _i,
    signal: _s,
    paused: _p,
    now: _n,
    onReport = () => {},
    ...viewOptions
  } = opts;
  const tree = (
    <ThemeContext.Provider value={createTheme(false)}>
      <DashboardContext.Provider value={dashboard}>
        <SWRConfig value={swr}>
          <UiStateContext.Provider value={ui}>
            <ClockContext.Provider value={NOW}>
              <StatusReportContext.Provider value={onReport}>
                <KeypressProvider>
                  <AccountsView width={width} height={height} active {...viewOptions} />
                </KeypressProvider>
              </StatusReportContext.Provider>
            </ClockContext.Provider>
          </UiStateContext.Provider>
        </SWRConfig>
      </DashboardContext.Provider>
    </ThemeContext.Provider>
  );
  const view = render(tree);
  const frame = (): string => view.lastFrame() ?? '';
  /**
   * Runs what React still owes the frames drawn so far (effects and the updates they make): it
   * runs pending effects before any new render, so rendering the same tree again is a barrier.
   */
  const settle = (): void => view.rerender(tree);
  return { ...view, ui, controller, frame, settle };
}

export const KEYS = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  enter: '\r',
  escape: '\u001b',
  backspace: '\u007f',
} as const;

/** Bounded wait for the last frame to satisfy `check` (throws with the frame if it never does). */
export async function waitForFrame(
  frame: () => string,
  check: (f: string) => boolean,
  timeout = 3000,
): Promise<string> {
  return vi.waitFor(
    () => {
      const f = frame();
      if (!check(f)) throw new Error(`frame did not match:\n${f}`);
      return f;
    },
    { timeout, interval: 5 },
  );
}

/** Bounded wait for any condition. */
export async function waitUntil(check: () => boolean, what: string, timeout = 3000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout, interval: 5 },
  );
}
