/**
 * Maps failures below HTTP (sockets, DNS, TLS, undici timeouts, aborts) to one-line PooltopErrors
 * naming the host. Messages carry error codes, never request data, so never a credential.
 */
import { PooltopError } from '../errors/pooltop-error.js';

/** Failures that happen before a single request byte is written: always safe to retry. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

interface CodedError {
  code?: unknown;
  name?: unknown;
  errors?: unknown;
}

function codeOf(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const e = err as CodedError;
  if (typeof e.code === 'string') return e.code;
  // Happy Eyeballs (autoSelectFamily) reports an AggregateError of per-address failures.
  if (Array.isArray(e.errors)) return codeOf(e.errors[0]);
  return undefined;
}

/**
 * The error for a call cancelled through `signal` (or a timeout signal from `AbortSignal.timeout`).
 * A signal aborted with a PooltopError (a command's deadline) reports that error as it is.
 */
export function abortedError(signal: AbortSignal | undefined, host?: string): PooltopError {
  const reason: unknown = signal?.reason;
  if (reason instanceof PooltopError) return reason;
  const target = host ? ` to ${host}` : '';
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new PooltopError('timeout', `request${target} timed out`, { cause: reason });
  }
  return new PooltopError('network', `request${target} cancelled`, { reason: 'aborted', cause: reason });
}

export function mapTransportError(err: unknown, host: string, signal?: AbortSignal): PooltopError {
  if (err instanceof PooltopError) return err;
  if (signal?.aborted) return abortedError(signal, host);
  const code = codeOf(err);
  const cause = err;
  switch (code) {
    case 'UND_ERR_ABORTED':
      return abortedError(signal, host);
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return new PooltopError('network', `request to ${host} cancelled: client closed`, {
        reason: 'aborted',
        cause,
      });
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new PooltopError('timeout', `connecting to ${host} timed out`, { reason: 'connect', cause });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new PooltopError('timeout', `${host} did not answer in time`, { cause });
    case 'UND_ERR_BODY_TIMEOUT':
      return new PooltopError('timeout', `${host} stopped sending the response`, { cause });
    case 'ECONNREFUSED':
      return new PooltopError('network', `connection to ${host} refused`, { reason: 'connect', cause });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PooltopError('network', `cannot resolve ${host} (${code})`, { reason: 'connect', cause });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return new PooltopError('network', `connection to ${host} was closed unexpectedly`, { cause });
    case 'ETIMEDOUT':
      return new PooltopError('timeout', `connection to ${host} timed out`, { cause });
  }
  if (code !== undefined && /CERT|^ERR_TLS|^ERR_SSL|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) {
    return new PooltopError('network', `TLS handshake with ${host} failed (${code.slice(0, 60)})`, {
      reason: 'connect',
      cause,
    });
  }
  const reason = code !== undefined && CONNECT_CODES.has(code) ? 'connect' : undefined;
  const what = code ?? (err instanceof Error ? err.name : 'unknown error');
  return new PooltopError('network', `request to ${host} failed (${what.slice(0, 60)})`, { reason, cause });
}
