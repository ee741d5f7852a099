/**
 * The embedded service's guards: loopback unless `--host` says otherwise (and then a warning),
 * secrets and signatures compared in constant time. (The 64 KiB request body cap is pinned in
 * server.test.ts, "caps request bodies at 64 KiB with 413".)
 */
import * as crypto from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.js';
import { safeEqual } from '../../src/service/auth.js';
import { LIST_PATH, postSignedText, REFRESH_PATH, start } from './helpers.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const compare = vi.mocked(crypto.timingSafeEqual);
afterEach(() => compare.mockClear());

/** `pooltop serve … --json` in-process until its banner is out; then interrupted. */
async function serve(
  args: string[],
): Promise<{ code: number; banner: { base_url: string }; stderr: string }> {
  const controller = new AbortController();
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => {
      stdout += t;
      if (stdout.includes('\n')) controller.abort();
    },
    stderr: (t: string) => (stderr += t),
    env: {},
    signal: controller.signal,
  };
  const code = await main(['serve', '--json', '--port', '0', ...args], io);
  return { code, banner: JSON.parse(stdout) as { base_url: string }, stderr };
}

describe('pooltop serve: where it listens', () => {
  it('binds loopback by default, without a warning', async () => {
    const r = await serve([]);
    expect(r.code).toBe(0);
    expect(r.banner.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(r.stderr).toBe('');
  });

  it('warns, in one line, when --host makes it reachable from other machines', async () => {
    const r = await serve(['--host', '0.0.0.0']);
    expect(r.code).toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'pooltop: warning: serving on 0.0.0.0, reachable from other machines; it is a demo service with no real security',
    ]);
    for (const host of ['127.0.0.2', 'localhost']) expect((await serve(['--host', host])).stderr).toBe('');
  });
});

describe('constant-time comparisons', () => {
  it('safeEqual goes through timingSafeEqual whether or not the lengths match', () => {
    expect(safeEqual('secret-value', 'secret-value')).toBe(true);
    expect(safeEqual('secret-valuf', 'secret-value')).toBe(false);
    expect(safeEqual('short', 'secret-value')).toBe(false);
    expect(safeEqual('', 'secret-value')).toBe(false);
    expect(compare).toHaveBeenCalledTimes(4);
  });

  it('a signed request compares the key and the signature in constant time, even when both are wrong', async () => {
    const { svc } = await start({ accounts: 5 });
    try {
      const body = JSON.stringify({ request: LIST_PATH, nonce: Date.now() });
      const r = await postSignedText(svc, body, {
        headers: { 'x-txc-apikey': 'not-the-key', 'x-txc-signature': 'ab'.repeat(64) },
      });
      expect(r.status).toBe(401);
      expect(compare.mock.calls.length).toBeGreaterThanOrEqual(2);
      compare.mockClear();
      const form = new URLSearchParams({ client_id: 'nobody', client_secret: 'wrong', token: 'x' });
      const refused = await fetch(`${svc.baseUrl}${REFRESH_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      expect(refused.status).toBe(401);
      expect(compare.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      await svc.close();
    }
  });

  it('no credential in src/service is compared with === or !==', () => {
    const dir = join(import.meta.dirname, '..', '..', 'src', 'service');
    const plain =
      /[!=]==\s*(?:config\.|this\.#?config\.|ctx\.credentials\.)?(?:apiKey|apiSecret|clientId|clientSecret|signature)\b|\b(?:apiKey|apiSecret|clientId|clientSecret|signature)\s*[!=]==/;
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => plain.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
