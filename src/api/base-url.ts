/**
 * Base URL rules: `https` everywhere, plain `http` only for loopback hosts (the embedded service),
 * so credentials never cross a network unencrypted. Error messages never echo the input beyond its
 * scheme and host: a mistyped flag may hold a secret.
 */
import { isLoopbackHost } from '../config/validate.js';
import { PooltopError } from '../errors/pooltop-error.js';

export interface BaseUrl {
  /** Normalised, without trailing slash, e.g. `https://whitebit.com` or `http://127.0.0.1:8080/prefix`. */
  readonly href: string;
  /** Scheme, host and port, e.g. `https://whitebit.com`: what the connection pool dials. */
  readonly origin: string;
  /** Host and port as shown in messages, e.g. `whitebit.com` or `127.0.0.1:8080`. */
  readonly host: string;
  /** Path prefix before the API paths (`''` normally). */
  readonly pathPrefix: string;
  readonly loopback: boolean;
}

export { isLoopbackHost };

function configError(message: string): PooltopError {
  return new PooltopError('config', `invalid base URL: ${message}`);
}

export function parseBaseUrl(input: string): BaseUrl {
  const raw = input.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw configError('not an absolute URL such as https://whitebit.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw configError(
      `scheme must be https (got ${url.protocol.replace(/[^a-z0-9+.-]/gi, '').slice(0, 16)})`,
    );
  }
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(raw)) {
    throw configError('it must not contain a user name or password');
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !loopback) {
    // The one rule for plain http (the same one that decides whether a listener is exposed).
    const dotted = /^localhost\.+$/i.test(url.hostname)
      ? ' (with its final dot, localhost is looked up in DNS, which may answer with another machine: write localhost)'
      : '';
    throw configError(`plain http is only allowed for loopback hosts; use https://${url.host}${dotted}`);
  }
  if (url.search !== '' || raw.includes('?')) throw configError('it must not contain a query (?…)');
  if (url.hash !== '' || raw.includes('#')) throw configError('it must not contain a fragment (#…)');
  const pathPrefix = url.pathname.replace(/\/+$/, '');
  return {
    href: `${url.origin}${pathPrefix}`,
    origin: url.origin,
    host: url.host,
    pathPrefix,
    loopback,
  };
}
