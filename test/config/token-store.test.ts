import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import {
  fileTokenStore,
  profileFileStem,
  type StoreEntry,
  storePaths,
} from '../../src/config/token-store.js';
import { withTmp } from '../session/helpers.js';

const entry = (n: number): StoreEntry => ({
  tokens: {
    access_token: `access-${n}`,
    expires_in: 300,
    refresh_token: `refresh-${n}`,
    scope: 's',
    token_type: 'Bearer',
  },
  issuedAt: 1000 * n,
  originSha256: 'abc',
  lastRefresh: { at: 1000 * n, result: 'ok' },
});

describe('file token store', () => {
  it.skipIf(process.platform === 'win32')(
    'writes mode 0600 in a 0700 directory, one file per profile',
    async () => {
      await withTmp(async (root) => {
        const dir = join(root, 'state', 'pooltop');
        const store = fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: 'https://whitebit.com' });
        await store.write(entry(1));
        expect((await stat(store.path)).mode & 0o777).toBe(0o600);
        expect((await stat(dir)).mode & 0o777).toBe(0o700);
        expect(store.path).toBe(join(dir, 'tokens-default.json'));
        expect(await store.read()).toEqual(entry(1));
        expect(await readdir(dir)).toEqual(['tokens-default.json']);
      });
    },
  );

  it('keeps one entry per base URL, so a demo chain never replaces the production one', async () => {
    await withTmp(async (dir) => {
      const prod = fileTokenStore({ stateDir: dir, profile: 'p', baseUrl: 'https://whitebit.com' });
      const demo = fileTokenStore({ stateDir: dir, profile: 'p', baseUrl: 'http://127.0.0.1:4000' });
      await prod.write(entry(1));
      await demo.write(entry(2));
      expect((await prod.read())?.issuedAt).toBe(1000);
      expect((await demo.read())?.issuedAt).toBe(2000);
    });
  });

  it('leaves the previous file intact when a write dies before the rename', async () => {
    await withTmp(async (dir) => {
      let crash = false;
      const store = fileTokenStore({
        stateDir: dir,
        profile: 'default',
        baseUrl: 'u',
        onWriteStep: (step) => {
          if (crash && step === 'temp-written') throw new Error('simulated crash');
        },
      });
      await store.write(entry(1));
      crash = true;
      await expect(store.write(entry(2))).rejects.toThrow('simulated crash');
      expect(await store.read()).toEqual(entry(1));
      expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });

  it('refuses to read or overwrite a damaged store', async () => {
    await withTmp(async (dir) => {
      const store = fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: 'u' });
      await writeFile(store.path, '{"version":1,"profile":"default","entries":{"u":{"tokens":3}}}');
      const err = await store.write(entry(1)).catch((e: unknown) => e);
      expect(isPooltopError(err) && err.kind).toBe('config');
      expect(isPooltopError(err) && err.message).toBe(
        `the token store ${store.path} is damaged; move it aside and re-authorise`,
      );
      expect(await readFile(store.path, 'utf8')).toMatch(/"tokens":3/);
    });
  });

  it('turns any profile name into a safe file name', () => {
    expect(profileFileStem('work')).toBe('work');
    expect(profileFileStem('../../etc/passwd')).toBe('%2E%2E%2F%2E%2E%2Fetc%2Fpasswd');
    expect(profileFileStem('a b*')).toBe('a%20b%2A');
    expect(storePaths('/s', 'x').lock).toBe('/s/tokens-x.lock');
  });
});
