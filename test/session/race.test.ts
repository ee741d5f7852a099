/**
 * Two real pooltop processes on one profile (the session bundled with esbuild and run by node).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createSession } from '../../src/session/session.js';
import { ensurePrivateDir } from '../../src/config/atomic-write.js';
import { acquireLock } from '../../src/config/lock.js';
import { storePaths } from '../../src/config/token-store.js';
import { startService } from '../../src/service/server.js';
import { FAKE_CLIENT, oauthConfig, withTmp } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
let bundleDir = '';
let racer = '';

beforeAll(async () => {
  bundleDir = await mkdtemp(join(tmpdir(), 'pooltop-racer-'));
  racer = join(bundleDir, 'racer.mjs');
  await build({
    entryPoints: [join(here, 'fixtures', 'racer.ts')],
    outfile: racer,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
});
afterAll(async () => {
  await rm(bundleDir, { recursive: true, force: true });
});

interface Child {
  proc: ChildProcess;
  lines: string[];
  /** Resolves with the first line matching `test`. */
  line(test: (l: string) => boolean): Promise<string>;
}

function run(mode: 'refresh' | 'hold', env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, [racer, mode], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let buf = '';
  proc.stdout?.on('data', (d: Buffer) => {
    buf += d.toString();
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
    for (const w of waiters.splice(0)) w();
  });
  const line = (test: (l: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const hit = lines.find(test);
        if (hit !== undefined) return resolve(hit);
        if (proc.exitCode !== null) return reject(new Error(`racer exited ${proc.exitCode}`));
        waiters.push(check);
      };
      proc.on('exit', () => check());
      check();
    });
  return { proc, lines, line };
}

describe('two processes on one profile', () => {
  it('never spend the same refresh token: one refreshes, the other uses its result', async () => {
    await withTmp(async (dir) => {
      // The service's clock is ours to move (its 1 req/s limit and TTLs); the children use real time.
      let offset = 0;
      const service = await startService({
        port: 0,
        credentials: FAKE_CLIENT,
        now: () => Date.now() + offset,
      });
      try {
        const env = {
          PATH: process.env.PATH,
          POOLTOP_STATE_DIR: dir,
          WHITEBIT_API_URL: service.baseUrl,
          WHITEBIT_CLIENT_ID: service.credentials.clientId,
          WHITEBIT_CLIENT_SECRET: service.credentials.clientSecret,
          WHITEBIT_REFRESH_TOKEN: service.credentials.refreshToken,
        };
        // Hold the lock so both processes are inside refresh() before either can take it.
        await ensurePrivateDir(dir);
        const held = await acquireLock(storePaths(dir, 'default').lock);
        const a = run('refresh', env);
        const b = run('refresh', env);
        await Promise.all([a.line((l) => l === 'waiting'), b.line((l) => l === 'waiting')]);
        await held.release();
        const results = await Promise.all(
          [a, b].map(async (c) => JSON.parse(await c.line((l) => l.startsWith('{')))),
        );
        expect(results.map((r) => r.ok)).toEqual([true, true]);
        expect(results.map((r) => r.shared).sort()).toEqual([false, true]);
        expect(service.stats().refreshesAccepted).toBe(1);
        expect(service.stats().refreshesRejected).toBe(0);

        // The chain on disk still works.
        offset += 2000; // past the service's 1 req/s limit
        const client = createClient({ baseUrl: service.baseUrl });
        const config = oauthConfig(service.baseUrl, service.credentials);
        await createSession({ config, client, stateDir: dir }).refresh();
        await client.close();
        expect(service.stats().refreshesAccepted).toBe(2);
      } finally {
        await service.close();
      }
    });
  });

  it('recovers from the stale lock of a killed process without waiting for the age bound', async () => {
    await withTmp(async (dir) => {
      const service = await startService({ port: 0, credentials: FAKE_CLIENT });
      try {
        const env = { PATH: process.env.PATH, POOLTOP_STATE_DIR: dir };
        await ensurePrivateDir(dir);
        const holder = run('hold', env);
        await holder.line((l) => l === 'holding');
        holder.proc.kill('SIGKILL');
        await new Promise((r) => holder.proc.once('exit', r));
        const client = createClient({ baseUrl: service.baseUrl });
        const config = oauthConfig(service.baseUrl, service.credentials);
        const session = createSession({ config, client, stateDir: dir, lock: { waitMs: 0 } });
        const out = await session.refresh();
        await client.close();
        expect(out.shared).toBe(false);
      } finally {
        await service.close();
      }
    });
  });
});
