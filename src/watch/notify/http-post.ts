/**
 * One POST to a receiver (webhook or Alertmanager) with undici, bounded in time, its answer
 * turned into an Outcome: 2xx delivered; 408, 429 and 5xx and every network failure retried
 * (429 and 503 after the wait the receiver asked for: `Retry-After`, Discord's `retry_after`,
 * Telegram's `parameters.retry_after`); any other answer refused for good. Redirects are not
 * followed (a hook that moved is a configuration to fix). Messages name no part of the URL;
 * the outbox names its scheme, host and port.
 */
import { Pool } from 'undici';
import { KEEP_UNICODE, sanitizeLine } from '../../format/sanitize.js';
import { VERSION } from '../../version.js';
import { parseRetryAfter } from '../../api/classify.js';
import { mapTransportError } from '../../api/transport-errors.js';
import { DELIVERED, type Outcome, refused, retry } from './delivery.js';
import { withoutUrlSecrets } from './mask-url.js';

/** What is read of an answer: enough for an error message or a `retry_after`. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** The longest wait a receiver may ask for; longer requests are capped. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

export interface PostOptions {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  timeoutMs: number;
  signal: AbortSignal;
  dispatcher: Dispatcher;
  now: () => number;
}

/**
 * A keep-alive pool per receiver's origin. undici's Pool, as the API client uses (the bundle
 * carries undici's Pool alone: patches/undici-pool-only.mjs).
 */
export interface Dispatcher {
  pool(origin: string): Pool;
  destroy(): Promise<void>;
}

export function createDispatcher(): Dispatcher {
  const pools = new Map<string, Pool>();
  return {
    pool(origin) {
      let pool = pools.get(origin);
      if (!pool) {
        pool = new Pool(origin, { keepAliveTimeout: 10_000, connections: 4 });
        pools.set(origin, pool);
      }
      return pool;
    },
    async destroy() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((p) => p.destroy().catch(() => undefined)));
    },
  };
}

export async function post(opts: PostOptions): Promise<Outcome> {
  const url = new URL(opts.url);
  const headers: Record<string, string> = { 'user-agent': `pooltop/${VERSION}`, ...opts.headers };
  // `user:pass@` in a URL becomes Basic authentication (undici refuses credentials in the URL).
  if (url.username !== '' || url.password !== '') {
    const user = `${decode(url.username)}:${decode(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(user, 'utf8').toString('base64')}`;
  }
  const target = new URL(url.href);
  target.username = '';
  target.password = '';
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
  try {
    const res = await opts.dispatcher.pool(target.origin).request({
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers,
      body: opts.body,
      signal,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
    const answer = await readCapped(res.body);
    return outcomeOf(res.statusCode, res.headers, answer, url, opts.now());
  } catch (err) {
    if (opts.signal.aborted) return retry('cancelled');
    if (signal.aborted) return retry(`no answer within ${opts.timeoutMs / 1000} s`);
    // Codes only (mapTransportError never quotes request data): `connection to the receiver refused`.
    return retry(mapTransportError(err, 'the receiver').message);
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export function outcomeOf(
  status: number,
  headers: Headers,
  answer: string,
  url: URL,
  nowMs: number,
): Outcome {
  if (status >= 200 && status < 300) return DELIVERED;
  const said = quote(answer, url);
  const reason = `HTTP ${status}${said}`;
  if (status === 429 || status === 503) return retry(reason, retryAfterMs(headers, answer, nowMs));
  if (status === 408 || status >= 500) return retry(reason);
  if (status >= 300 && status < 400) return refused(`HTTP ${status} (redirected; configure the final URL)`);
  return refused(reason);
}

function retryAfterMs(headers: Headers, answer: string, nowMs: number): number | undefined {
  const header = headers['retry-after'];
  const fromHeader = parseRetryAfter(Array.isArray(header) ? header[0] : header, nowMs);
  const seconds = fromHeader === undefined ? bodyRetryAfterS(answer) : fromHeader / 1000;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(Math.ceil(seconds * 1000), MAX_RETRY_AFTER_MS);
}

/** Discord: `{"retry_after": 1.5}`; Telegram: `{"parameters": {"retry_after": 30}}`. */
function bodyRetryAfterS(answer: string): number | undefined {
  try {
    const json = JSON.parse(answer) as { retry_after?: unknown; parameters?: { retry_after?: unknown } };
    const value = json?.retry_after ?? json?.parameters?.retry_after;
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A short, clean quote of the receiver's answer (Telegram's `description`, Slack's `invalid_payload`). */
function quote(answer: string, url: URL): string {
  let text = answer;
  try {
    const json = JSON.parse(answer) as { description?: unknown; message?: unknown; error?: unknown };
    const said = json?.description ?? json?.message ?? json?.error;
    if (typeof said === 'string') text = said;
  } catch {
    // not JSON: the text itself
  }
  const clean = sanitizeLine(withoutUrlSecrets(text, url), KEEP_UNICODE).slice(0, 100);
  return clean === '' ? '' : ` (${clean})`;
}
