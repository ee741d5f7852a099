/**
 * Checks on setting values. Messages name the setting and where it came from, never its value.
 */
import { isIP } from 'node:net';
import { PooltopError } from '../errors/pooltop-error.js';
import type { SettingKey } from './settings-meta.js';

const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f]/;

/** Returns the problem, or undefined when the value is fine. */
export function problemWith(key: SettingKey, value: string): string | undefined {
  if (key === 'baseUrl') return urlProblem(value);
  if (CONTROL_OR_SPACE.test(value)) return 'contains whitespace or control characters';
  return undefined;
}

function urlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (expected e.g. https://whitebit.com)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// or http://';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || url.hash) return 'must not contain a query or fragment';
  return undefined;
}

/** `https://whitebit.com/` → `https://whitebit.com`; paths are kept for reverse proxies. */
export function normaliseBaseUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A host name or address that only this machine reaches (for binding a server). */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Plain http is only reasonable on this machine (the embedded service, a local proxy). */
export function isInsecureRemote(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') return false;
  const h = url.hostname;
  return !(h === 'localhost' || h === '[::1]' || h === '::1' || /^127\./.test(h));
}

export function invalidSetting(where: string, problem: string): PooltopError {
  return new PooltopError('config', `${where} ${problem}`);
}
