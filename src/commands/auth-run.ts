/**
 * `pooltop auth refresh|status|restore [--json]`.
 *
 *   runAuth(sub: 'refresh' | 'status' | 'restore', opts: { json: boolean }, ctx: AuthContext): Promise<number>
 *
 * cli.ts parses argv, resolves the config (printing its warnings) and builds the client, then
 * calls this. Returns 0 on success; failures are thrown as PooltopError, which the CLI reports
 * in one line: kind 'config' exits 2 (a missing setting, named with where to give it), the
 * rest exit 1 (remote, network or disk failure).
 *
 * refresh: the new token set is stored durably before anything is printed. `--json` prints
 * `{"data": <token set>}` exactly as received; text mode masks the tokens. An answer lacking a
 * documented field (e.g. `scope`) still counts, with a warning naming what was missing. When no
 * file takes the new set, it is handed over (handOver) and the exit is 1.
 * status: what is stored for the profile; tokens are masked in both modes.
 * restore: stores a handed-over set read from stdin; calls no API.
 * With `--demo` the chain lives in memory only (the demo service's tokens die with it).
 */
import { homedir } from 'node:os';
import { createSession, type Session } from '../session/session.js';
import { UnsavedTokensError } from '../session/session-errors.js';
import { MAX_RESCUE_BYTES, parseRescue } from '../config/rescue-file.js';
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { KEEP_UNICODE, sanitizeLine } from '../format/sanitize.js';
import { formatClock } from '../format/time.js';
import type { RefreshOutcome, SessionOptions } from '../session/session-types.js';
import type { ApiClient } from '../api/types.js';
import { resolveStateDir } from '../config/state-dir.js';
import { memoryTokenStore, type TokenStore } from '../config/token-store.js';
import type { ResolvedConfig } from '../config/types.js';
import { formatRefreshText, formatStatusText, statusJson } from './auth-format.js';
import type { CommandIO } from './support/io.js';
import { toSafeJson } from './json-output.js';

export type AuthSubcommand = 'refresh' | 'status' | 'restore';

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
  /** `auth restore`'s input; default: standard input, read to at most `max` bytes. */
  readInput?: (max: number) => Promise<string>;
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
    onStoreWarning: (line) => ctx.io.stderr(`pooltop: warning: ${line}\n`),
    deadline: ctx.deadline,
  });
  if (sub === 'status') {
    const status = await session.status();
    ctx.io.stdout(
      opts.json
        ? `${toSafeJson(statusJson(status, ctx.io.terminal), ctx.io.terminal)}\n`
        : formatStatusText(status, ctx.config, now(), ctx.io.terminal),
    );
    return 0;
  }
  if (sub === 'restore') return restore(session, opts, ctx);
  let outcome: RefreshOutcome;
  try {
    outcome = await session.refresh({ signal: ctx.io.signal });
  } catch (e) {
    if (e instanceof UnsavedTokensError) return handOver(e, opts, ctx.io);
    if (ctx.io.signal.aborted) {
      // The exit code alone would hide what became of the token: say it in one line.
      const what = isPooltopError(e) ? e.message : 'nothing was sent; the stored token is unchanged';
      ctx.io.stderr(`pooltop: interrupted: ${what}\n`);
    }
    throw e;
  }
  ctx.io.stdout(
    opts.json
      ? `${toSafeJson({ data: outcome.tokens }, ctx.io.terminal)}\n`
      : formatRefreshText(outcome, now(), ctx.io.terminal),
  );
  if (outcome.incomplete.length > 0 && !outcome.shared) {
    ctx.io.stderr(
      `pooltop: warning: the token answer had no ${outcome.incomplete.join(', ')}; the rest was saved and the chain goes on\n`,
    );
  }
  return 0;
}

/**
 * The store could not take the new set: the previous refresh token is dead, so this set is the
 * chain. Unless the fallback file holds it, it is printed (stdout with --json, else stderr) with
 * the one line that says how to put it back. Exit 1: an operation failed, the usage was fine.
 */
function handOver(e: UnsavedTokensError, opts: { json: boolean }, io: CommandIO): number {
  if (e.savedTo !== undefined) {
    io.stderr(`pooltop: ${e.message}\n`);
    return 1;
  }
  const until =
    e.expiresAt === undefined ? '' : `, before ${formatClock(e.expiresAt)} when its refresh token expires`;
  if (opts.json) {
    io.stdout(e.rescue);
    io.stderr(
      `pooltop: ${e.message}: it is printed on stdout; keep it and, once the store can be written, run ` +
        `\`pooltop auth restore < FILE\` with it${until}\n`,
    );
  } else {
    io.stderr(
      `pooltop: ${e.message}: it is the next line; once the store can be written, run \`pooltop auth restore\` ` +
        `and paste it${until}\n${e.rescue}`,
    );
  }
  return 1;
}

/** `pooltop auth restore`: reads a handed-over set from stdin and saves it; calls no API at all. */
async function restore(session: Session, opts: { json: boolean }, ctx: AuthContext): Promise<number> {
  const { config, io } = ctx;
  if (config.sources.baseUrl === 'demo') {
    throw new PooltopError(
      'config',
      'with --demo the token chain lives in memory only: there is nothing to restore it to',
    );
  }
  if (!ctx.readInput && process.stdin.isTTY) {
    io.stderr('Paste the token set pooltop printed, then press Ctrl-D.\n');
  }
  const text = await (ctx.readInput ?? ((max) => readStdin(max, io.signal)))(MAX_RESCUE_BYTES + 1);
  const rescue = parseRescue(text.trim());
  if (typeof rescue === 'string') {
    throw new PooltopError('config', `auth restore: the input is not a token set: ${rescue}`);
  }
  const baseUrl = ctx.client.baseUrl.replace(/\/+$/, '');
  if (rescue.profile !== undefined && rescue.profile !== config.profile) {
    throw new PooltopError(
      'config',
      `auth restore: the token set belongs to profile ${sanitizeLine(rescue.profile, KEEP_UNICODE)}, not ${config.profile}; add --profile`,
    );
  }
  if (rescue.baseUrl !== undefined && rescue.baseUrl !== baseUrl) {
    throw new PooltopError(
      'config',
      `auth restore: the token set belongs to ${sanitizeLine(rescue.baseUrl, KEEP_UNICODE)}, not ${baseUrl}; give that API URL`,
    );
  }
  const status = await session.restore(rescue, io.signal);
  io.stdout(
    opts.json
      ? `${toSafeJson(statusJson(status, io.terminal), io.terminal)}\n`
      : `Restored the token set for profile ${status.profile} (${status.baseUrl})\n${formatStatusText(status, config, (ctx.now ?? Date.now)(), io.terminal)}`,
  );
  return 0;
}

async function readStdin(max: number, signal: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin.iterator({ destroyOnReturn: true })) {
    if (signal.aborted) break;
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(b);
    size += b.length;
    if (size >= max) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}
