import { createClient } from '../api/client.js';
import type { Timeouts } from '../api/transport.js';
import type { ApiClient } from '../api/types.js';
import type { CommandIO } from './io.js';
import { resolveConfig } from '../config/resolve.js';
import type { CommonFlags, ResolvedConfig } from '../config/types.js';
import { type ParsedValues, stringFlag } from './parse.js';

/** Everything a command needs once argv is parsed: settings, a client, and what to close. */
export interface CommandContext {
  config: ResolvedConfig;
  client: ApiClient;
  demo: boolean;
  close(): Promise<void>;
}

export function commonFlags(values: ParsedValues): CommonFlags {
  return {
    baseUrl: stringFlag(values, 'base-url'),
    apiKey: stringFlag(values, 'api-key'),
    apiSecret: stringFlag(values, 'api-secret'),
    clientId: stringFlag(values, 'client-id'),
    clientSecret: stringFlag(values, 'client-secret'),
    refreshToken: stringFlag(values, 'refresh-token'),
    profile: stringFlag(values, 'profile'),
    config: stringFlag(values, 'config'),
  };
}

/**
 * Resolves settings (printing their warnings first) and builds the client. With `--demo` the
 * embedded service is started in-process on an ephemeral loopback port and its credentials
 * are used instead of any configured ones; the service module is loaded only then.
 */
export async function createContext(
  values: ParsedValues,
  io: CommandIO,
  options: { retries?: number } = {},
): Promise<CommandContext> {
  if (values.demo === true) return createDemoContext(options, io.env);
  const config = resolveConfig({ flags: commonFlags(values), env: io.env });
  for (const warning of config.warnings) io.stderr(`pooltop: warning: ${warning}\n`);
  const client = clientFor(config, options, io.env);
  return { config, client, demo: false, close: () => client.close() };
}

async function createDemoContext(
  options: { retries?: number },
  env: NodeJS.ProcessEnv,
): Promise<CommandContext> {
  const { startService } = await import('../service/server.js');
  const service = await startService({ port: 0 });
  const { credentials } = service;
  const config: ResolvedConfig = {
    baseUrl: service.baseUrl,
    apiKey: credentials.apiKey,
    apiSecret: credentials.apiSecret,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    refreshToken: credentials.refreshToken,
    profile: 'demo',
    configPath: '',
    sources: {
      baseUrl: 'demo',
      apiKey: 'demo',
      apiSecret: 'demo',
      clientId: 'demo',
      clientSecret: 'demo',
      refreshToken: 'demo',
    },
    warnings: [],
  };
  const client = clientFor(config, options, env);
  return {
    config,
    client,
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

function clientFor(config: ResolvedConfig, options: { retries?: number }, env: NodeJS.ProcessEnv): ApiClient {
  return createClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    retries: options.retries ?? ONE_SHOT_RETRIES,
    timeouts: timeoutsFromEnv(env),
  });
}
