import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import { resolveConfig } from '../../src/config/resolve.js';
import type { CommonFlags } from '../../src/config/types.js';
import { withTmp } from '../session/helpers.js';

const SECRET = 'zz-never-print-this-4c1d';

/** Writes `text` as the home's config file and resolves; returns the failure message or the config. */
async function withConfig(text: string, flags: CommonFlags = {}, mode = 0o600) {
  return withTmp(async (home) => {
    const dir = join(home, '.whitebit');
    await mkdir(dir);
    const path = join(dir, 'config.toml');
    await writeFile(path, text);
    await chmod(path, mode);
    try {
      return { path, config: resolveConfig({ flags, env: {}, home }) };
    } catch (e) {
      if (!isPooltopError(e)) throw e;
      expect(e.kind).toBe('config');
      expect(e.message.includes(SECRET)).toBe(false);
      expect(e.detail?.includes(SECRET) ?? false).toBe(false);
      return { path, message: e.message };
    }
  });
}

describe('broken and hostile config files', () => {
  it('names the file and line of broken TOML, without quoting it', async () => {
    const r = await withConfig(`[default]\napi_key = "ok"\napi_secret = "${SECRET}\nclient_id = "x"\n`);
    expect(r.message).toMatch(/^config file \S+config\.toml is not valid TOML: line 3, column \d+: /);
  });

  it('names the key and file when a value has the wrong type', async () => {
    const r = await withConfig('[default]\napi_key = 3\n');
    expect(r.message).toBe(`api_key in [default] of ${r.path} must be a string, not an integer`);
    const arr = await withConfig('[default]\nrefresh_token = ["a"]\n');
    expect(arr.message).toBe(`refresh_token in [default] of ${arr.path} must be a string, not an array`);
  });

  it('refuses prototype keys and deep nesting', async () => {
    expect((await withConfig('[__proto__]\napi_key = "x"\n')).message).toMatch(/not valid TOML: line 1/);
    const deep = `[default]\nx = ${'['.repeat(200)}${']'.repeat(200)}\n`;
    expect((await withConfig(deep)).message).toMatch(/not valid TOML/);
  });

  it('refuses control characters in values, naming the key only', async () => {
    const r = await withConfig(`[default]\napi_secret = "${SECRET}\\u001b[2J"\n`);
    expect(r.message).toBe(`api_secret in [default] of ${r.path} contains whitespace or control characters`);
  });

  it('refuses a base URL that is not http(s) or carries credentials', async () => {
    expect((await withConfig('[default]\napi_url = "ftp://x"\n')).message).toMatch(
      /api_url in \[default\] .* must start with https/,
    );
    const withCreds = await withConfig(`[default]\napi_url = "https://u:${SECRET}@x.example"\n`);
    expect(withCreds.message).toMatch(/must not contain a user name or password$/);
    const flag = await withConfig('[default]\n', { baseUrl: 'not a url' });
    expect(flag.message).toBe('--base-url is not a URL (expected e.g. https://whitebit.com)');
  });

  it('reads a config that is a directory or too large as one clear line', async () => {
    await withTmp(async (dir) => {
      const fail = (flags: CommonFlags) => {
        try {
          resolveConfig({ flags, env: {}, home: dir });
        } catch (e) {
          return isPooltopError(e) ? e.message : 'other';
        }
        return 'no error';
      };
      expect(fail({ config: dir })).toBe(`cannot read config file ${dir}: it is a directory`);
      const big = join(dir, 'big.toml');
      await writeFile(big, `# ${'x'.repeat(1024 * 1024 + 10)}\n`);
      expect(fail({ config: big })).toBe(`cannot read config file ${big}: it is larger than 1024 KiB`);
    });
  });

  it.skipIf(process.platform === 'win32')('warns like ssh when the file is readable by others', async () => {
    const r = await withConfig('[default]\napi_key = "k"\n', {}, 0o644);
    expect(r.config?.warnings).toEqual([
      `${r.path} is accessible by group or others (mode 0644); run: chmod 600 ${r.path}`,
    ]);
    expect((await withConfig('[default]\n', {}, 0o600)).config?.warnings).toEqual([]);
  });

  it('warns once about secrets given as flags, naming the flags only', async () => {
    const r = await withConfig('[default]\n', { apiSecret: SECRET, refreshToken: SECRET, apiKey: 'k' });
    expect(r.config?.warnings).toEqual([
      '--api-secret, --refresh-token on the command line are visible to other users in the process list; ' +
        'use WHITEBIT_API_SECRET, WHITEBIT_REFRESH_TOKEN or the config file instead',
    ]);
  });

  it('leaves plain http to the base URL rule: no warning before its one-line refusal', async () => {
    // parseBaseUrl refuses plain http to any host but this one (test/hardening/loopback.test.ts).
    for (const baseUrl of ['http://api.example', 'http://localhost.:8080', 'http://127.1:8080']) {
      expect((await withConfig('[default]\n', { baseUrl })).config?.warnings, baseUrl).toEqual([]);
    }
  });
});
