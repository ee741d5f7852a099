import { PooltopError } from '../errors/pooltop-error.js';
import { clip, intFlag, numberFlag, type ParsedValues, stringFlag } from './support/parse.js';
import { isLoopbackHost } from '../config/validate.js';
import { MAX_MINING_ACCOUNTS, MAX_WORKERS } from '../service/options.js';
import { POOL_SHAPES, type PoolShape } from '../service/pool-shape.js';
import { type CommandIO, untilAborted } from './support/io.js';
import { toSafeJson } from './json-output.js';

/**
 * `pooltop serve`: runs the embedded reference service in the foreground until the process is
 * interrupted (SIGINT/SIGTERM abort io.signal), then closes it and exits 0.
 */
export async function runServe(values: ParsedValues, io: CommandIO): Promise<number> {
  const host = stringFlag(values, 'host') ?? '127.0.0.1';
  const options = {
    host,
    port: intFlag(values, 'port', { min: 0, max: 65535 }) ?? 0,
    accounts: intFlag(values, 'accounts', { min: 1, max: 20000 }),
    miningAccounts: intFlag(values, 'mining-accounts', { min: 0, max: MAX_MINING_ACCOUNTS }),
    workers: intFlag(values, 'workers', { min: 0, max: MAX_WORKERS }),
    seed: intFlag(values, 'seed', { min: 0, max: 2 ** 31 - 1 }),
    accessTtl: intFlag(values, 'access-ttl', { min: 1, max: 86400 }),
    refreshTtl: intFlag(values, 'refresh-ttl', { min: 1, max: 86400 * 30 }),
    blockInterval: numberFlag(values, 'block-interval', { min: 1, max: 86400 }),
    latency: intFlag(values, 'latency', { min: 0, max: 600_000 }),
    failRate: numberFlag(values, 'fail-rate', { min: 0, max: 1 }),
    poolShape: poolShapeFlag(values),
    sparse: values.sparse === true,
    withdrawalsDisabled: values['withdrawals-disabled'] === true,
    now: frozenClock(io.env),
  };
  if (!isLoopbackHost(host)) {
    io.stderr(
      `pooltop: warning: serving on ${host}, reachable from other machines; it is a demo service with no real security\n`,
    );
  }
  const { startService } = await import('../service/server.js');
  const service = await startService(options);
  const c = service.credentials;
  if (values.json === true) {
    io.stdout(
      `${toSafeJson(
        {
          base_url: service.baseUrl,
          api_key: c.apiKey,
          api_secret: c.apiSecret,
          client_id: c.clientId,
          client_secret: c.clientSecret,
          refresh_token: c.refreshToken,
          mining_accounts: service.miningAccounts,
        },
        io.terminal,
      )}\n`,
    );
  } else {
    io.stdout(
      [
        `pooltop demo service listening on ${service.baseUrl}`,
        `  api key        ${c.apiKey}`,
        `  api secret     ${c.apiSecret}`,
        `  client id      ${c.clientId}`,
        `  client secret  ${c.clientSecret}`,
        `  refresh token  ${c.refreshToken}`,
        `  mining         ${service.miningAccounts.join(', ') || '(no accounts)'}`,
        `Try: pooltop pool --base-url ${service.baseUrl}`,
        'Stop with Ctrl+C.',
        '',
      ].join('\n'),
    );
  }
  await untilAborted(io.signal);
  await service.close();
  return 0;
}

function poolShapeFlag(values: ParsedValues): PoolShape | undefined {
  const shape = stringFlag(values, 'pool-shape');
  if (shape === undefined) return undefined;
  if ((POOL_SHAPES as readonly string[]).includes(shape)) return shape as PoolShape;
  const choices = POOL_SHAPES.join(', ');
  throw new PooltopError('config', `--pool-shape must be one of ${choices}, got '${clip(shape)}'`);
}

/**
 * Test hook, deliberately not in --help: `POOLTOP_SERVE_NOW_MS=N` stops the service's clock at N
 * (ms since the epoch), so separate services answer with the same pool data. Anything else is
 * ignored.
 */
function frozenClock(env: NodeJS.ProcessEnv): (() => number) | undefined {
  const raw = env.POOLTOP_SERVE_NOW_MS;
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  const at = Number(raw);
  return () => at;
}
