/**
 * `pooltop auth refresh [--json]` and `pooltop auth status [--json]`.
 *
 *   runAuth(sub: 'refresh' | 'status', opts: { json: boolean }, ctx: AuthContext): Promise<number>
 *
 * cli.ts parses argv, resolves the config (printing its warnings) and builds the client, then
 * calls this. Returns 0 on success; failures are thrown as PooltopError, which the CLI reports
 * in one line: kind 'config' exits 2 (a missing setting, named with where to give it), the
 * rest exit 1 (remote or network failure).
 *
 * refresh: the new token set is stored durably before anything is printed. `--json` prints
 * `{"data": <token set>}` exactly as received; text mode masks the tokens. An answer lacking a
 * documented field (e.g. `scope`) still counts, with a warning naming what was missing.
 * status: what is stored for the profile; tokens are masked in both modes.
 * With `--demo` the chain lives in memory only (the demo service's tokens die with it).
 */
import { homedir } from 'node:os';
import { createSession } from '../session/session.js';
import type { RefreshOutcome, SessionOptions } from '../session/session-types.js';
import type { ApiClient } from '../api/types.js';
import { resolveStateDir } from '../config/state-dir.js';
import { memoryTokenStore, type TokenStore } from '../config/token-store.js';
import type { ResolvedConfig } from '../config/types.js';
import { formatRefreshText, formatStatusText, statusJson } from './auth-format.js';
import type { CommandIO } from '../cli/io.js';
import { toSafeJson } from './json-output.js';

export type AuthSubcommand = 'refresh' | 'status';

export interface AuthContext {
  config: ResolvedConfig;
  client: Pick<ApiClient, 'refreshToken' | 'baseUrl'>;
  io: CommandIO;
  /** Default: `$POOLTOP_STATE_DIR`, `$XDG_STATE_HOME/pooltop` or the platform's state directory. */
  stateDir?: string;
  /** Overrides the file store (tests). */
  store?: TokenStore;
  now?: () => number;
  sleep?: SessionOptions['sleep'];
  lock?: SessionOptions['lock'];
  /** `--timeout` as an epoch ms: a Retry-After wait that would end later is not waited. */
  deadline?: number;
}

export async function runAuth(
  sub: AuthSubcommand,
  opts: { json: boolean },
  ctx: AuthContext,
): Promise<number> {
  const now = ctx.now ?? Date.now;
  const demo = ctx.config.sources.baseUrl === 'demo';
  const session = createSession({
    config: ctx.config,
    client: ctx.client,
    store: ctx.store ?? (demo ? memoryTokenStore() : undefined),
    stateDir: ctx.stateDir ?? resolveStateDir({ env: ctx.io.env, home: homedir() }),
    now,
    sleep: ctx.sleep,
    lock: ctx.lock,
    deadline: ctx.deadline,
  });
  if (sub === 'status') {
    const status = await session.status();
    ctx.io.stdout(
      opts.json ? `${toSafeJson(statusJson(status))}\n` : formatStatusText(status, ctx.config, now()),
    );
    return 0;
  }
  const outcome: RefreshOutcome = await session.refresh({ signal: ctx.io.signal });
  ctx.io.stdout(opts.json ? `${toSafeJson({ data: outcome.tokens })}\n` : formatRefreshText(outcome, now()));
  if (outcome.incomplete.length > 0 && !outcome.shared) {
    ctx.io.stderr(
      `pooltop: warning: the token answer had no ${outcome.incomplete.join(', ')}; the rest was saved and the chain goes on\n`,
    );
  }
  return 0;
}
