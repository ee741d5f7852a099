/**
 * The Sub-accounts tests' fakes: a scriptable ApiClient, manual debounce timers, configs with and
 * without keys, and the view mounted through the shared harness (harness.tsx).
 */
import { PooltopError } from '../../../src/errors/pooltop-error.js';
import type { ApiClient, SubAccountJson, SubAccountPage, SubAccountQuery } from '../../../src/api/types.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import { generateAccounts } from '../../../src/service/accounts.js';
import { AccountsView, type AccountsViewOptions } from '../../../src/ui/accounts/accounts-view.js';
import type { DebounceTimers } from '../../../src/ui/browser/use-debounced-value.js';
import type { StatusReport } from '../../../src/ui/status-report.js';
import { type TerminalEffects, TerminalEffectsContext } from '../../../src/ui/terminal-context.js';
import { sentEffects } from './fake-effects.js';
import { unusedMining } from './fixtures.js';
import { mountView, waitUntil } from './harness.js';
import { subAccountModel } from '../../../src/api/schemas.js';

export { NOW } from './fixtures.js';
export { KEYS, keyOf, tabKey, waitForFrame, waitUntil } from './harness.js';

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

  /** `accounts` as the server sends them; pages are read into models as the client reads them. */
  constructor(readonly accounts: readonly SubAccountJson[] = generateAccounts(200, 7)) {}

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
    return { offset, limit, data: matching.slice(offset, offset + limit).map(subAccountModel) };
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
  /** Default: the dashboard's own port, its bytes in `sent`. */
  effects?: TerminalEffects;
}

export function mountAccounts(opts: MountOptions) {
  const {
    client,
    config = keyedConfig,
    width = 100,
    height = 36,
    intervalSec,
    signal,
    paused,
    now,
    onReport,
    effects: given,
    ...viewOptions
  } = opts;
  const { effects, sent } = given ? { effects: given, sent: [] as string[] } : sentEffects();
  const view = (
    <TerminalEffectsContext.Provider value={effects}>
      <AccountsView width={width} height={height} visibility="active" {...viewOptions} />
    </TerminalEffectsContext.Provider>
  );
  const mounted = mountView(() => view, { client, config, intervalSec, signal, paused, now, onReport });
  return { ...mounted, sent };
}
