/**
 * Checks on setting values. Messages name the setting and where it came from, never its value.
 */
import { BlockList, isIP } from 'node:net';
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

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.0.0.0/8. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * A host only this machine reaches: `localhost`, or a loopback address in any form the system
 * accepts (`127.1`, `0x7f.1`, `2130706433`, `[::1]`, `::ffff:127.0.0.1`), which the WHATWG URL
 * parser normalises as the resolver would. `localhost.` (fully qualified) is not: the system
 * looks it up in DNS, which may answer with any address.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim();
  if (bare.toLowerCase() === 'localhost') return true;
  let hostname: string;
  try {
    hostname = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}`).hostname;
  } catch {
    return false;
  }
  const address = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function invalidSetting(where: string, problem: string): PooltopError {
  return new PooltopError('config', `${where} ${problem}`);
}
