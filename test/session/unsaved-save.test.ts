/**
 * The server rotated the refresh token and the store cannot take the new set: the old token is
 * dead, so the new set is the whole chain and must reach the user. The fault is real and works
 * as root (mode bits do not stop root): when the answer arrives, before it is passed on, the
 * state directory (or also its parent) is replaced by a plain file, so every write under it
 * fails with ENOTDIR, as on a volume gone read-only or full.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { CommandIO } from '../../src/commands/support/io.js';
import { runAuth } from '../../src/commands/auth-run.js';
import { fileTokenStore } from '../../src/config/token-store.js';
import { reportError } from '../../src/errors/report-error.js';
import { startService } from '../../src/service/server.js';
import { FAKE_CLIENT, fakeClock, oauthConfig, withTmp } from './helpers.js';
import { startCutProxy } from './proxy.js';
import { CLI, type CliResult, cleanEnv } from '../support/run-cli.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

function captureIO(): CommandIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: {},
    signal: new AbortController().signal,
    terminal: DEFAULT_TERMINAL,
  };
}

/** Replaces `dir` by a plain file; returns the undo. */
function breakDir(dir: string): () => void {
  renameSync(dir, `${dir}.away`);
  writeFileSync(dir, 'not a directory\n');
  return () => {
    rmSync(dir);
    renameSync(`${dir}.away`, dir);
  };
}

async function rig(root: string, breakWhich: 'state' | 'parent') {
  const clock = fakeClock();
  const parent = join(root, 'state');
  const stateDir = join(parent, 'pooltop');
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  let undo: (() => void) | undefined;
  const service = await startService({ port: 0, now: clock.now, credentials: FAKE_CLIENT });
  const proxy = await startCutProxy(service.baseUrl, 'pass', () => {
    undo = breakDir(breakWhich === 'state' ? stateDir : parent);
  });
  const client = createClient({ baseUrl: proxy.baseUrl, now: clock.now });
  const direct = createClient({ baseUrl: proxy.baseUrl, now: clock.now });
  open.push(service, proxy, client, direct);
  const config = oauthConfig(proxy.baseUrl, service.credentials);
  // Each command is a process of its own: the lock the failed one could not remove (its directory
  // was gone) names a pid that no longer runs, as after a real exit.
  let pid = 4_194_304;
  const ctx = (io: CommandIO, readInput?: (max: number) => Promise<string>) => ({
    config,
    client,
    io,
    stateDir,
    now: clock.now,
    sleep: clock.sleep,
    lock: { pid: ++pid },
    readInput,
  });
  return {
    service,
    clock,
    stateDir,
    fallback: join(parent, 'pooltop-unsaved-tokens-default.json'),
    ctx,
    repair: () => undo?.(),
    stored: () => fileTokenStore({ stateDir, profile: 'default', baseUrl: proxy.baseUrl }).read(),
  };
}

/** Runs the command as the CLI would: a thrown error becomes one line and an exit code. */
async function run(fn: () => Promise<number>, io: CommandIO): Promise<number> {
  try {
    return await fn();
  } catch (e) {
    return reportError(e, { ...io, env: {} });
  }
}

describe('a failed save after the server rotated the refresh token', () => {
  it('saves the set to the fallback file; auth restore puts it back and the chain goes on', async () => {
    await withTmp(async (root) => {
      const r = await rig(root, 'state');
      const io = captureIO();
      const code = await run(() => runAuth('refresh', { json: true }, r.ctx(io)), io);
      expect(r.service.stats().refreshesAccepted).toBe(1);
      expect(code).toBe(1);
      expect(io.out.join('')).toBe('');
      const err = io.err.join('');
      expect(err.split('\n').length).toBe(2);
      expect(err).toMatch(
        /^pooltop: the new token set could not be saved to \S+tokens-default\.json \(E[A-Z]+\); it was saved to \S+pooltop-unsaved-tokens-default\.json instead: once the store can be written, run `pooltop auth restore < \S+pooltop-unsaved-tokens-default\.json` before \d\d:\d\d(:\d\d)?, when its refresh token expires\n$/,
      );
      const rescued = readFileSync(r.fallback, 'utf8');
      expect(err.includes(JSON.parse(rescued).data.refresh_token)).toBe(false);

      r.repair();
      const rio = captureIO();
      expect(
        await run(
          () =>
            runAuth(
              'restore',
              { json: false },
              r.ctx(rio, async () => rescued),
            ),
          rio,
        ),
      ).toBe(0);
      expect(rio.out.join('')).toMatch(
        /^Restored the token set for profile default \(http:\/\/127\.0\.0\.1:\d+\)\n/,
      );
      expect(rio.out.join('').includes(JSON.parse(rescued).data.refresh_token)).toBe(false);
      expect((await r.stored())?.tokens?.refresh_token).toBe(JSON.parse(rescued).data.refresh_token);
      expect(existsSync(r.fallback)).toBe(false);

      r.clock.t += 2000;
      const next = captureIO();
      expect(await run(() => runAuth('refresh', { json: true }, r.ctx(next)), next)).toBe(0);
      expect(r.service.stats().refreshesAccepted).toBe(2);
      expect(r.service.stats().refreshesRejected).toBe(0);
    });
  });

  it('prints the set on stdout with --json when no file can be written, and it restores', async () => {
    await withTmp(async (root) => {
      const r = await rig(root, 'parent');
      const io = captureIO();
      const code = await run(() => runAuth('refresh', { json: true }, r.ctx(io)), io);
      expect(code).toBe(1);
      const out = io.out.join('');
      const printed = JSON.parse(out);
      expect(typeof printed.data.refresh_token).toBe('string');
      expect(printed.profile).toBe('default');
      const err = io.err.join('');
      expect(err).toMatch(
        /^pooltop: the new token set could not be saved to \S+ \(E[A-Z]+\) nor to \S+pooltop-unsaved-tokens-default\.json \(E[A-Z]+\); it is the only copy of the token chain: it is printed on stdout; keep it and, once the store can be written, run `pooltop auth restore < FILE` with it, before \S+ when its refresh token expires\n$/,
      );
      expect(err.includes(printed.data.refresh_token)).toBe(false);

      r.repair();
      const rio = captureIO();
      expect(
        await run(
          () =>
            runAuth(
              'restore',
              { json: true },
              r.ctx(rio, async () => out),
            ),
          rio,
        ),
      ).toBe(0);
      expect(JSON.parse(rio.out.join('')).data.stored).toBe(true);
      r.clock.t += 2000;
      const next = captureIO();
      expect(await run(() => runAuth('refresh', { json: false }, r.ctx(next)), next)).toBe(0);
      expect(r.service.stats().refreshesAccepted).toBe(2);
    });
  });

  it('prints the set on stderr after the instruction without --json', async () => {
    await withTmp(async (root) => {
      const r = await rig(root, 'parent');
      const io = captureIO();
      expect(await run(() => runAuth('refresh', { json: false }, r.ctx(io)), io)).toBe(1);
      expect(io.out.join('')).toBe('');
      const [line, set, end] = io.err.join('').split('\n');
      expect(line).toMatch(
        /it is the only copy of the token chain: it is the next line; once the store can be written, run `pooltop auth restore` and paste it, before /,
      );
      expect(typeof JSON.parse(set ?? '').data.refresh_token).toBe('string');
      expect(end).toBe('');
    });
  });
});

describe('pooltop auth restore', () => {
  it('refuses what is not a token set, for another profile or API, or older than the store', async () => {
    await withTmp(async (root) => {
      const r = await rig(root, 'state');
      const restore = async (text: string) => {
        const io = captureIO();
        const code = await run(
          () =>
            runAuth(
              'restore',
              { json: false },
              r.ctx(io, async () => text),
            ),
          io,
        );
        return { code, err: io.err.join('') };
      };
      expect(await restore('not json')).toEqual({
        code: 2,
        err: 'pooltop: auth restore: the input is not a token set: it is not JSON (expected the line `pooltop auth refresh --json` printed)\n',
      });
      expect((await restore('{"data":{"access_token":"a"}}')).err).toBe(
        'pooltop: auth restore: the input is not a token set: data.refresh_token is missing or has the wrong type\n',
      );
      expect((await restore('{"data":{"refresh_token":"a b\\u001b[2J"}}')).err).toBe(
        'pooltop: auth restore: the input is not a token set: refresh_token must be printable text without spaces\n',
      );
      expect((await restore('{"data":{"refresh_token":"x"},"profile":"work"}')).err).toBe(
        'pooltop: auth restore: the token set belongs to profile work, not default; add --profile\n',
      );
      expect(
        (await restore('{"data":{"refresh_token":"x"},"base_url":"https://other.example"}')).err,
      ).toMatch(
        /^pooltop: auth restore: the token set belongs to https:\/\/other\.example, not http:\/\/127\.0\.0\.1:\d+; give that API URL\n$/,
      );
      expect(r.service.stats().refreshesAccepted + r.service.stats().refreshesRejected).toBe(0);
      const old = new Date(r.clock.now() - 60_000).toISOString();
      expect(
        await restore(
          `{"data":{"refresh_token":"newer"},"issued_at":"${new Date(r.clock.now()).toISOString()}"}`,
        ),
      ).toEqual({ code: 0, err: '' });
      const older = await restore(`{"data":{"refresh_token":"older"},"issued_at":"${old}"}`);
      expect(older.code).toBe(2);
      expect(older.err).toMatch(/holds a newer token set \(issued \S+\); nothing restored\n$/);
      expect((await r.stored())?.tokens?.refresh_token).toBe('newer');
    });
  });
});

/** Runs the built CLI with `input` on stdin. */
function cli(args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('through the built CLI', () => {
  it('auth refresh --json hands the set over on stdout, exit 1; auth restore takes it; auth refresh goes on', async () => {
    const service = await startService({ port: 0, credentials: FAKE_CLIENT });
    const env = cleanEnv();
    const parent = env.XDG_STATE_HOME ?? '';
    let undo: (() => void) | undefined;
    const proxy = await startCutProxy(service.baseUrl, 'pass', () => {
      undo = breakDir(parent);
    });
    open.push(service, proxy);
    mkdirSync(join(parent, 'pooltop'), { recursive: true, mode: 0o700 });
    const oauth = {
      ...env,
      WHITEBIT_API_URL: proxy.baseUrl,
      WHITEBIT_CLIENT_ID: service.credentials.clientId,
      WHITEBIT_CLIENT_SECRET: service.credentials.clientSecret,
      WHITEBIT_REFRESH_TOKEN: service.credentials.refreshToken,
    };
    const first = await cli(['auth', 'refresh', '--json'], oauth);
    expect(service.stats().refreshesAccepted).toBe(1);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(
      /^pooltop: the new token set could not be saved to .* it is printed on stdout; keep it/,
    );
    expect(first.stderr.split('\n').length).toBe(2);
    const handed = JSON.parse(first.stdout);
    expect(first.stderr.includes(handed.data.refresh_token)).toBe(false);

    undo?.();
    const restored = await cli(['auth', 'restore'], oauth, first.stdout);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the token set for profile default /);
    expect(restored.stdout.includes(handed.data.refresh_token)).toBe(false);
    expect(service.stats().refreshesAccepted + service.stats().refreshesRejected).toBe(1);

    const next = await cli(['auth', 'refresh', '--json'], oauth);
    expect(next.stderr).toBe('');
    expect(next.code).toBe(0);
    // Accepted, not refused as used: the restored token was the live one. (Real time here: the
    // token endpoint's one-per-second limit may refuse the first try, unprocessed, and it retries.)
    expect(service.stats().refreshesAccepted).toBe(2);
    expect(JSON.parse(next.stdout).data.refresh_token).not.toBe(handed.data.refresh_token);
  });
});
