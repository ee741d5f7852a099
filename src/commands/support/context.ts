import { type ClientOptions, createClient } from '../../api/client.js';
import { createRequestQueue, type RequestQueue } from '../../api/request-queue.js';
import type { Timeouts } from '../../api/transport.js';
import type { OverseeingClient } from '../../api/types.js';
import type { CommandIO } from './io.js';
import { resolveConfig } from '../../config/resolve.js';
import type { CommonFlags, ResolvedConfig } from '../../config/types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { isDebug } from '../../errors/debug.js';
import { PooltopError } from '../../errors/pooltop-error.js';
import { isRefusedKey, refusedKeyMessage } from '../../api/refused-key.js';
import { type Deadline, formatSeconds, startDeadline } from './deadline.js';
import { type ParsedValues, stringFlag } from './parse.js';

/** Everything a command needs once argv is parsed: settings, a client, and what to close. */
export interface CommandContext {
  config: ResolvedConfig;
  client: OverseeingClient;
  /**
   * The process's one request queue: the client sends every request by its pacing rule, and
   * whatever runs many requests (a whole list, a dashboard) runs them as its tasks.
   */
  queue: RequestQueue;
  demo: boolean;
  /** A one-shot command's `--timeout`; its signal also aborts when the process is told to stop. */
  deadline?: Deadline;
  close(): Promise<void>;
}

export interface ContextOptions {
  retries?: number;
  /**
   * Where `DEBUG=pooltop` lines go (one line each, no newline); default stderr. The dashboard
   * passes console.error, which it holds while it owns the screen and prints on the way out.
   */
  debugLine?: (line: string) => void;
  /**
   * A one-shot command's total time in seconds (`--timeout`): every request, retry wait and
   * body read ends by then. Long-running commands (the dashboard, the exporter) pass none.
   */
  timeoutS?: number;
  /**
   * When stderr is a terminal, say what the command is waiting for: each retry wait and its
   * cause, and an answer that is slow to come. `accounts --all` draws its own progress instead.
   */
  notices?: boolean;
}

export function commonFlags(values: ParsedValues): CommonFlags {
  return {
    baseUrl: stringFlag(values, 'base-url'),
    apiKey: stringFlag(values, 'api-key'),
    apiSecret: stringFlag(values, 'api-secret'),
    clientId: stringFlag(values, 'client-id'),
    clientSecret: stringFlag(values, 'client-secret'),
    refreshToken: stringFlag(values, 'refresh-token'),
    miningAccount: stringFlag(values, 'account'),
    profile: stringFlag(values, 'profile'),
    config: stringFlag(values, 'config'),
  };
}

/**
 * Resolves settings and builds the client, then prints the settings' warnings. With `--demo` the
 * embedded service is started in-process on an ephemeral loopback port and its credentials
 * are used instead of any configured ones; the service module is loaded only then.
 */
export async function createContext(
  values: ParsedValues,
  io: CommandIO,
  options: ContextOptions = {},
): Promise<CommandContext> {
  const deadline = options.timeoutS === undefined ? undefined : startDeadline(options.timeoutS, io.signal);
  try {
    const ctx =
      values.demo === true
        ? await createDemoContext(options, io, stringFlag(values, 'account'), deadline)
        : realContext(values, io, options, deadline);
    const notice = slowAnswerNotice(ctx.config, options, io);
    return {
      ...ctx,
      deadline,
      async close() {
        clearTimeout(notice);
        deadline?.clear();
        await ctx.close();
        ctx.queue.close();
      },
    };
  } catch (error) {
    deadline?.clear();
    throw error;
  }
}

function realContext(
  values: ParsedValues,
  io: CommandIO,
  options: ContextOptions,
  deadline: Deadline | undefined,
): CommandContext {
  const config = resolveConfig({ flags: commonFlags(values), env: io.env });
  // The client refuses a base URL it will not use (plain http to another host): that refusal is
  // the one line, so warnings are printed only for settings that are taken.
  const queue = createRequestQueue();
  const client = clientFor(config, options, io, deadline, queue);
  for (const warning of config.warnings) io.stderr(`pooltop: warning: ${warning}\n`);
  return { config, client, queue, demo: false, close: () => client.close() };
}

/** How long an answer may take before a terminal is told what the command is waiting for. */
const SLOW_ANSWER_MS = 3_000;

function slowAnswerNotice(
  config: ResolvedConfig,
  options: ContextOptions,
  io: CommandIO,
): NodeJS.Timeout | undefined {
  if (!options.notices || !io.stderrIsTTY || options.timeoutS === undefined) return undefined;
  const host = sanitizeLine(new URL(config.baseUrl).host, io.terminal);
  const limit = formatSeconds(options.timeoutS);
  const timer = setTimeout(
    () => io.stderr(`pooltop: waiting for ${host} to answer (gives up after ${limit}: --timeout)\n`),
    SLOW_ANSWER_MS,
  );
  timer.unref();
  return timer;
}

/** The demo's mining account is `--account` when given, else its newest one. */
async function createDemoContext(
  options: ContextOptions,
  io: CommandIO,
  account: string | undefined,
  deadline: Deadline | undefined,
): Promise<CommandContext> {
  const { startService } = await import('../../service/server.js');
  const service = await startService({ port: 0 });
  const { credentials } = service;
  const config: ResolvedConfig = {
    baseUrl: service.baseUrl,
    apiKey: credentials.apiKey,
    apiSecret: credentials.apiSecret,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    refreshToken: credentials.refreshToken,
    miningAccount: account || service.miningAccounts[0],
    profile: 'demo',
    configPath: '',
    sources: {
      baseUrl: 'demo',
      apiKey: 'demo',
      apiSecret: 'demo',
      clientId: 'demo',
      clientSecret: 'demo',
      refreshToken: 'demo',
      miningAccount: account ? 'flag' : 'demo',
    },
    warnings: [],
  };
  const queue = createRequestQueue();
  const client = clientFor(config, options, io, deadline, queue);
  return {
    config,
    client,
    queue,
    demo: true,
    close: async () => {
      await client.close();
      await service.close();
    },
  };
}

/** One-shot commands retry transient failures twice (about 1.5–3 s in all) before giving up. */
const ONE_SHOT_RETRIES = 2;

/**
 * Test hook, deliberately not in --help: `POOLTOP_TIMEOUT_MS=N` (an integer, 1–600000) caps every
 * client timeout (connect, headers, body gap, whole request) at N ms, so fault tests need not
 * wait out the real 10–30 s timeouts. Anything else is ignored.
 */
export function timeoutsFromEnv(env: NodeJS.ProcessEnv): Partial<Timeouts> | undefined {
  const raw = env.POOLTOP_TIMEOUT_MS;
  if (raw === undefined || !/^\d{1,6}$/.test(raw)) return undefined;
  const ms = Number(raw);
  if (ms < 1 || ms > 600_000) return undefined;
  return { connectMs: ms, headersMs: ms, bodyMs: ms, totalMs: ms };
}

/**
 * With `DEBUG=pooltop`, one line per degradation of an answer (docs/design.md, "Parsing
 * policy"). The line holds our field path and problem only, never a received value.
 */
function degradationReporter(io: CommandIO, line: (text: string) => void): ClientOptions['onDegraded'] {
  if (!isDebug(io.env)) return undefined;
  return (request, d) =>
    line(sanitizeLine(`pooltop: debug: ${request}: ${d.path} ${d.problem}`, io.terminal));
}

/** What a retry waits out, in our own words (never the server's text). */
function waitCause(err: PooltopError): string {
  if (err.status === 429) return 'rate limited by the server (HTTP 429)';
  if (err.status !== undefined && err.status >= 500) return `the server failed (HTTP ${err.status})`;
  return err.message;
}

/**
 * The client of one command. Every request is linked to the process's termination signal (and
 * the command's deadline), so SIGINT/SIGTERM end a call in flight at once.
 */
function clientFor(
  config: ResolvedConfig,
  options: ContextOptions,
  io: CommandIO,
  deadline: Deadline | undefined,
  queue: RequestQueue,
): OverseeingClient {
  const tell = options.notices === true && io.stderrIsTTY === true;
  return createClient({
    signal: deadline?.signal ?? io.signal,
    deadline: deadline?.at,
    onRetry: tell
      ? (err, _attempt, delayMs) =>
          io.stderr(
            `${sanitizeLine(`pooltop: waiting ${Math.ceil(delayMs / 1000)} s: ${waitCause(err)}`, io.terminal)}\n`,
          )
      : undefined,
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    retries: options.retries ?? ONE_SHOT_RETRIES,
    queue,
    timeouts: timeoutsFromEnv(io.env),
    onDegraded: degradationReporter(io, options.debugLine ?? ((text) => io.stderr(`${text}\n`))),
  });
}

/**
 * A refused API key is said with the place it came from (WHITEBIT_API_KEY, a profile of the
 * config file) and what to check; never the key. Other errors pass unchanged.
 */
export function namingRefusedKey(error: unknown, ctx: CommandContext): unknown {
  if (!ctx.config.apiKey || !isRefusedKey(error)) return error;
  const err = error as PooltopError;
  return new PooltopError('auth', refusedKeyMessage(err, ctx.config), {
    status: err.status,
    code: err.code,
    fields: err.fields,
    detail: err.detail,
    reason: err.reason,
    cause: err,
  });
}
