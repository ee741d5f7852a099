import { describe, expect, it } from 'vitest';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import type { RawFile } from '../../src/config/config-file.js';
import { resolveConfig } from '../../src/config/resolve.js';
import type { CommonFlags } from '../../src/config/types.js';

const HOME = '/home/u';
const PATH = '/home/u/.whitebit/config.toml';
const SECRET = 'zz-file-secret-value-9f8e7d';

function fileReader(files: Record<string, string | RawFile>) {
  return (path: string): RawFile => {
    const f = files[path];
    if (f === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    return typeof f === 'string' ? { text: f, mode: 0o600 } : f;
  };
}

const PROFILES = `
[default]
api_url = "https://profile.example"
api_key = "profile-key"
api_secret = "${SECRET}"
client_id = "profile-client"
client_secret = "profile-client-secret"
refresh_token = "profile-refresh"

[work]
api_key = "work-key"
`;

function resolve(
  flags: CommonFlags,
  env: NodeJS.ProcessEnv = {},
  files: Record<string, string | RawFile> = { [PATH]: PROFILES },
) {
  return resolveConfig({ flags, env, home: HOME, cwd: '/cwd', readFile: fileReader(files) });
}

function failure(fn: () => unknown): { kind: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (isPooltopError(e)) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}

describe('resolveConfig: the resolution matrix', () => {
  const cases = [
    {
      key: 'baseUrl',
      flag: 'https://flag.example',
      env: 'WHITEBIT_API_URL',
      envValue: 'https://env.example',
      file: 'https://profile.example',
      def: 'https://whitebit.com',
    },
    {
      key: 'apiKey',
      flag: 'flag-key',
      env: 'WHITEBIT_API_KEY',
      envValue: 'env-key',
      file: 'profile-key',
      def: undefined,
    },
    {
      key: 'clientId',
      flag: 'flag-client',
      env: 'WHITEBIT_CLIENT_ID',
      envValue: 'env-client',
      file: 'profile-client',
      def: undefined,
    },
    {
      key: 'clientSecret',
      flag: 'flag-cs',
      env: 'WHITEBIT_CLIENT_SECRET',
      envValue: 'env-cs',
      file: 'profile-client-secret',
      def: undefined,
    },
    {
      key: 'refreshToken',
      flag: 'flag-rt',
      env: 'WHITEBIT_REFRESH_TOKEN',
      envValue: 'env-rt',
      file: 'profile-refresh',
      def: undefined,
    },
  ] as const;
  for (const c of cases) {
    it(`${c.key}: flag > env > profile > default`, () => {
      const env = { [c.env]: c.envValue };
      const all = resolve({ [c.key]: c.flag }, env);
      expect([all[c.key], all.sources[c.key]]).toEqual([c.flag, 'flag']);
      const noFlag = resolve({}, env);
      expect([noFlag[c.key], noFlag.sources[c.key]]).toEqual([c.envValue, 'env']);
      const fileOnly = resolve({}, {});
      expect([fileOnly[c.key], fileOnly.sources[c.key]]).toEqual([c.file, 'profile']);
      const nothing = resolve({}, {}, {});
      expect(nothing[c.key]).toBe(c.def);
      expect(nothing.sources[c.key]).toBe(c.def === undefined ? undefined : 'default');
    });
  }

  it('selects the profile by flag, then WHITEBIT_PROFILE, then default', () => {
    expect(resolve({ profile: 'work' }, { WHITEBIT_PROFILE: 'default' }).apiKey).toBe('work-key');
    expect(resolve({}, { WHITEBIT_PROFILE: 'work' }).apiKey).toBe('work-key');
    const work = resolve({}, { WHITEBIT_PROFILE: 'work' });
    expect(work.profile).toBe('work');
    expect(work.clientId).toBeUndefined();
    expect(work.baseUrl).toBe('https://whitebit.com');
    expect(resolve({}).profile).toBe('default');
  });

  it('treats empty environment variables and empty file values as not set', () => {
    const r = resolve(
      {},
      { WHITEBIT_API_KEY: '', WHITEBIT_PROFILE: '' },
      { [PATH]: '[default]\napi_key = ""\n' },
    );
    expect(r.apiKey).toBeUndefined();
    expect(r.profile).toBe('default');
  });

  it('normalises the base URL and reads --config relative to the working directory and ~', () => {
    const files = {
      '/cwd/my.toml': '[default]\napi_url = "https://a.example/"\n',
      '/home/u/x.toml': '[default]\n',
    };
    expect(resolve({ config: 'my.toml' }, {}, files).baseUrl).toBe('https://a.example');
    expect(resolve({ config: '~/x.toml' }, {}, files).configPath).toBe('/home/u/x.toml');
  });
});

describe('resolveConfig: missing and unknown', () => {
  it('is fine without a config file for the default profile', () => {
    const r = resolve({}, {}, {});
    expect(r.configExists).toBe(false);
    expect(r.baseUrl).toBe('https://whitebit.com');
    expect(r.warnings).toEqual([]);
  });

  it('fails when --config names a missing file', () => {
    const f = failure(() => resolve({ config: '/nope.toml' }, {}, {}));
    expect(f).toEqual({
      kind: 'config',
      message: 'config file /nope.toml (given with --config) does not exist',
    });
  });

  it('fails when a non-default profile is asked for and there is no file', () => {
    const f = failure(() => resolve({}, { WHITEBIT_PROFILE: 'work' }, {}));
    expect(f.message).toBe(`profile [work] was asked for (WHITEBIT_PROFILE) but ${PATH} does not exist`);
  });

  it('lists the profiles that exist when the one asked for does not', () => {
    const f = failure(() => resolve({ profile: 'prod' }));
    expect(f.message).toBe(`profile [prod] (--profile) is not in ${PATH}; profiles there: default, work`);
    expect(failure(() => resolve({ profile: 'prod' }, {}, { [PATH]: 'x = 1\n' })).message).toMatch(
      /it has no profiles$/,
    );
  });
});
