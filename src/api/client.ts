/**
 * The API client: transport + signing + classification + schemas + retries, behind the
 * `ApiClient` interface of types.ts. Time, randomness and sleeping are injectable so tests are
 * deterministic and never wait.
 */
import { parseBaseUrl } from './base-url.js';
import { classifyResponse } from './classify.js';
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { createNonceSource } from './nonce.js';
import { BALANCES_PATH, type BalancesQuery, type CurrencyBalance } from './balance-types.js';
import { parseSubAccountBalances } from './balance-schemas.js';
import {
  checkBalancesQuery,
  checkRefreshParams,
  checkSubAccountQuery,
  requireApiKeys,
} from './request-checks.js';
import { type RetryOptions, type Sleep, withRetry } from './retry.js';
import { createMiningApi } from './mining-client.js';
import { createOversightApi } from './oversight-client.js';
import type { Degradation, DegradationSink } from './parse-policy.js';
import {
  parseJsonBody,
  parsePoolOverview,
  parseSubAccountPage,
  parseTokenSet,
  rotatedRefreshToken,
} from './schemas.js';
import { type SignFields, signRequest } from './sign.js';
import { createTransport, type HttpRequest, type Timeouts } from './transport.js';
import { capList } from './page-bounds.js';
import type { RequestQueue } from './request-queue.js';
import type { CallOptions } from './call-options.js';
import {
  LIMIT_DEFAULT,
  type OverseeingClient,
  PATHS,
  type PoolOverview,
  type RefreshCallOptions,
  type RefreshParams,
  type SubAccountPage,
  type SubAccountQuery,
  type TokenSet,
} from './types.js';

/** Refusals a fresh nonce may cure; a clock truly off fails again and is reported then. */
const RESIGN_REASONS = new Set(['nonce', 'clock-skew']);

/** Retries after the first attempt, for one-shot use (the dashboard passes 0 and retries itself). */
export const DEFAULT_RETRIES = 3;

export interface ClientOptions {
  /** `https://…`, or `http://` on a loopback host only. */
  baseUrl: string;
  apiKey?: string;
  apiSecret?: string;
  timeouts?: Partial<Timeouts>;
  /** Cap on a response body, bytes. Default 2 MiB. */
  maxBodyBytes?: number;
  /** Retries of retryable failures after the first attempt. Default 3; 0 = none. */
  retries?: number;
  userAgent?: string;
  /** Clock (ms) for nonces and Retry-After dates. */
  now?: () => number;
  /** Jitter source, uniform in [0, 1). */
  random?: () => number;
  /** Waits between retries; must reject when the signal aborts. */
  sleep?: Sleep;
  onRetry?: RetryOptions['onRetry'];
  /**
   * Aborts every call, with its reason: the process's termination signal, a command's deadline.
   * Once it has fired the client is as good as closed.
   */
  signal?: AbortSignal;
  /** Epoch ms (on `now`'s clock) by which every call is over: no retry wait reaches past it. */
  deadline?: number;
  /**
   * Told of each degradation of an answer (parse-policy.ts): which request (`GET /api/v4/…`) and
   * what. Paths and problems are our own words, never received values.
   */
  onDegraded?: (request: string, d: Degradation) => void;
  /**
   * The process's one request queue (request-queue.ts): every request, retries included, is sent
   * by its pacing rule, and a 429 answer pauses every other. Left out, requests go unpaced (tests).
   */
  queue?: RequestQueue;
}

export function createClient(options: ClientOptions): OverseeingClient {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const retries = options.retries ?? DEFAULT_RETRIES;
  if (!Number.isInteger(retries) || retries < 0) {
    throw new PooltopError('config', 'retries must be a whole number, 0 or more');
  }
  const now = options.now ?? Date.now;
  const nextNonce = createNonceSource(now);
  const random = options.random ?? Math.random;
  const transport = createTransport({
    baseUrl,
    timeouts: options.timeouts,
    maxBodyBytes: options.maxBodyBytes,
    userAgent: options.userAgent,
  });
  /** Aborted by close(), so pending calls and retry waits end at once. */
  const lifetime = new AbortController();
  const outerSignal = options.signal;
  const onOuterAbort = () => lifetime.abort(outerSignal?.reason);
  if (outerSignal?.aborted) onOuterAbort();
  else outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
  const keySecrets = [options.apiSecret, options.apiKey].filter((s): s is string => !!s);
  const sink = (method: string, path: string): DegradationSink | undefined => {
    const onDegraded = options.onDegraded;
    return onDegraded && ((d) => onDegraded(`${method} ${path}`, d));
  };

  /** Runs `fn` with a signal that aborts with the caller's or when the client closes. */
  async function scoped<T>(
    opts: CallOptions | undefined,
    fn: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const outer = opts?.signal;
    if (!outer) return fn(lifetime.signal);
    const both = new AbortController();
    const forward = (source: AbortSignal) => () => both.abort(source.reason);
    const onOuter = forward(outer);
    const onLifetime = forward(lifetime.signal);
    if (outer.aborted) onOuter();
    else if (lifetime.signal.aborted) onLifetime();
    outer.addEventListener('abort', onOuter, { once: true });
    lifetime.signal.addEventListener('abort', onLifetime, { once: true });
    try {
      return await fn(both.signal);
    } finally {
      outer.removeEventListener('abort', onOuter);
      lifetime.signal.removeEventListener('abort', onLifetime);
    }
  }

  const retryOptions = (signal: AbortSignal): RetryOptions => ({
    retries,
    signal,
    sleep: options.sleep,
    random: options.random,
    onRetry: options.onRetry,
    deadline: options.deadline,
    now,
  });

  /**
   * Sends one request, paced by the queue (its operation is its path); a non-2xx status becomes a
   * classified error, a 2xx body parsed JSON.
   */
  async function exchange(req: HttpRequest, secrets: readonly string[]): Promise<unknown> {
    const send = async (): Promise<unknown> => {
      const res = await transport.request(req);
      if (res.status < 200 || res.status > 299) {
        throw classifyResponse({ ...res, path: req.path }, { now, secrets });
      }
      return parseJsonBody(res.body);
    };
    return options.queue ? options.queue.pace(req.path, send, req.signal) : send();
  }

  /** The last overview read: the next one takes its hash-rate history if that has not changed. */
  let lastPool: PoolOverview | undefined;
  async function getMiningPool(opts?: CallOptions): Promise<PoolOverview> {
    return scoped(opts, (signal) =>
      withRetry(async () => {
        const body = await exchange({ method: 'GET', path: PATHS.miningPool, signal }, keySecrets);
        lastPool = parsePoolOverview(body, sink('GET', PATHS.miningPool), lastPool);
        return lastPool;
      }, retryOptions(signal)),
    );
  }

  /**
   * One signed POST: `read` turns the answer into its model. Retried like every call; signed
   * afresh once when the server refused the nonce (another process using the same key may have
   * sent a larger one, or a slow server read it late).
   */
  async function signedCall<T>(
    path: string,
    fields: SignFields,
    read: (body: unknown) => T,
    opts: CallOptions | undefined,
    purpose: string,
  ): Promise<T> {
    const keys = requireApiKeys(options.apiKey, options.apiSecret, purpose);
    let nonceRetried = false;
    const attempt = async (signal: AbortSignal): Promise<T> => {
      // A retry after a refused nonce steps ahead by a random 1–1000 ms (nonce.ts).
      const ahead = nonceRetried ? 1 + Math.floor(random() * 1000) : 0;
      const prepare = () => signRequest({ path, fields, nonce: nextNonce(ahead), ...keys });
      const req: HttpRequest = { method: 'POST', path, prepare, signal };
      try {
        return read(await exchange(req, keySecrets));
      } catch (err) {
        if (nonceRetried || !isPooltopError(err) || !RESIGN_REASONS.has(err.reason ?? '')) throw err;
        nonceRetried = true;
        return attempt(signal);
      }
    };
    return scoped(opts, (signal) => withRetry(() => attempt(signal), retryOptions(signal)));
  }

  /**
   * One page: at most `limit` rows whatever the server sends; an echoed limit larger than the one
   * asked for reads as the one asked for (the page holds no more). Missing bounds stay missing.
   */
  async function listSubAccounts(query: SubAccountQuery = {}, opts?: CallOptions): Promise<SubAccountPage> {
    const fields = checkSubAccountQuery(query);
    const report = sink('POST', PATHS.subAccounts);
    const asked = { limit: query.limit ?? LIMIT_DEFAULT };
    const read = (body: unknown): SubAccountPage => {
      const page = parseSubAccountPage(capList(body, ['data'], asked.limit, report), report);
      return page.limit == null ? page : { ...page, limit: Math.min(page.limit, asked.limit) };
    };
    return signedCall(PATHS.subAccounts, fields, read, opts, 'sub-accounts');
  }

  /** Read-only: what one sub-account holds. The answer is not wrapped in `data`. */
  async function subAccountBalances(query: BalancesQuery, opts?: CallOptions): Promise<CurrencyBalance[]> {
    const fields = checkBalancesQuery(query);
    const report = sink('POST', BALANCES_PATH);
    return signedCall(
      BALANCES_PATH,
      fields,
      (body) => parseSubAccountBalances(body, report),
      opts,
      'sub-accounts',
    );
  }

  async function refreshToken(params: RefreshParams, opts?: RefreshCallOptions): Promise<TokenSet> {
    checkRefreshParams(params);
    const body = new URLSearchParams({
      client_id: params.clientId,
      client_secret: params.clientSecret,
      token: params.refreshToken,
    }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const secrets = [...keySecrets, params.clientSecret, params.refreshToken];
    const send = async (signal: AbortSignal) => {
      const answer = await exchange({ method: 'POST', path: PATHS.refresh, headers, body, signal }, secrets);
      // The old token is spent: the new one is kept before anything else in the answer is checked.
      const rotated = rotatedRefreshToken(answer);
      if (rotated !== undefined) await opts?.onRotated?.(rotated);
      return parseTokenSet(answer, sink('POST', PATHS.refresh));
    };
    // The first attempt may have consumed the refresh token: retry only if it was never sent.
    const onlyUnsent = (err: PooltopError) => err.reason === 'connect';
    return scoped(opts, (signal) =>
      withRetry(() => send(signal), { ...retryOptions(signal), shouldRetry: onlyUnsent }),
    );
  }

  return {
    baseUrl: baseUrl.href,
    getMiningPool,
    listSubAccounts,
    subAccountBalances,
    refreshToken,
    mining: createMiningApi(
      (path, fields, read, opts) => signedCall(path, fields, read, opts, 'mining'),
      now,
      (path) => sink('POST', path),
    ),
    oversight: createOversightApi(
      (path, fields, read, opts) => signedCall(path, fields, read, opts, 'sub-accounts'),
      (path) => sink('POST', path),
    ),
    async close() {
      outerSignal?.removeEventListener('abort', onOuterAbort);
      if (!lifetime.signal.aborted) lifetime.abort(new Error('client closed'));
      await transport.close();
    },
  };
}
