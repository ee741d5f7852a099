/**
 * Every one-shot command of the built CLI ends on its own against a server that never lets it:
 * a TLS handshake that hangs, headers that never come, a body that trickles without end, a 429
 * asking for eleven days, a redirect to itself. `--timeout` ends the first three with one line
 * naming it; a wait that does not fit the time left is not begun; SIGTERM and SIGINT end a
 * command at once with 143 and 130. Each signal is sent once the server has the request, never
 * after a guessed sleep.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';
import { type HostileMode, type HostileServer, startHostileServer } from './hostile-server.js';
import { inBatches } from '../support/in-batches.js';

const servers: HostileServer[] = [];
const children = new Set<ChildProcess>();
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.close()));
});

async function hostile(mode: HostileMode): Promise<HostileServer> {
  const server = await startHostileServer(mode);
  servers.push(server);
  return server;
}

/** Settings for every command: keys, OAuth client and token, a mining account. */
function envFor(server: HostileServer, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return cleanEnv({
    WHITEBIT_API_URL: server.url,
    WHITEBIT_API_KEY: 'hostile-key',
    WHITEBIT_API_SECRET: 'hostile-secret',
    WHITEBIT_CLIENT_ID: 'hostile-client',
    WHITEBIT_CLIENT_SECRET: 'hostile-client-secret',
    WHITEBIT_REFRESH_TOKEN: 'hostile-refresh',
    WHITEBIT_MINING_ACCOUNT: 'acc',
    ...extra,
  });
}

/** Every one-shot command, and how it ends when the API fails: exit status and stream of its line. */
const COMMANDS: Array<{ args: string[]; failure: number; stream: 'stderr' | 'stdout' }> = [
  { args: ['pool'], failure: 1, stream: 'stderr' },
  { args: ['accounts'], failure: 1, stream: 'stderr' },
  { args: ['accounts', '--all'], failure: 1, stream: 'stderr' },
  { args: ['mining', 'info'], failure: 1, stream: 'stderr' },
  { args: ['auth', 'refresh'], failure: 1, stream: 'stderr' },
  // The textfile collector's exposition says the API is down (exit 0), with a warning line.
  { args: ['exporter', '--once'], failure: 0, stream: 'stderr' },
  { args: ['check', 'pool'], failure: 3, stream: 'stdout' },
];
const timeoutFlag = (args: string[], s: string) => (args[0] === 'check' ? ['-t', s] : ['--timeout', s]);

describe('--timeout bounds every one-shot command', () => {
  it('ends a hanging handshake, silent server or endless body with one line naming --timeout', async () => {
    const modes: HostileMode[] = ['tls-hang', 'stall', 'drip'];
    const jobs = modes.flatMap((mode) =>
      COMMANDS.map(({ args, failure, stream }) => async () => {
        const server = await hostile(mode);
        // The runner's own limit (60 s) is far past 2 s: a command that ignored --timeout is killed
        // and fails below with a null code.
        const r = await runCli([...args, ...timeoutFlag(args, '2')], envFor(server), 60_000);
        return { mode, args, failure, stream, r };
      }),
    );
    for (const { mode, args, failure, stream, r } of await inBatches(jobs, 4)) {
      const what = `${args.join(' ')} / ${mode}: ${JSON.stringify(r)}`;
      expect(r.code, what).toBe(failure);
      const lines = (stream === 'stdout' ? r.stdout : r.stderr).split('\n').filter(Boolean);
      expect(lines.at(-1), what).toMatch(/answer within 2 s \(--timeout\)/);
      if (stream === 'stderr')
        expect(
          lines.every((l) => l.startsWith('pooltop: ')),
          what,
        ).toBe(true);
      // `accounts --all` writes what it fetched (here: nothing) before its last line.
      if (failure === 1 && args[1] !== '--all') expect(r.stdout, what).toBe('');
    }
  }, 240_000);

  it('does not begin a Retry-After wait that does not fit: one request, the server asked for 999999 s', async () => {
    const jobs = COMMANDS.map(({ args, failure, stream }) => async () => {
      const server = await hostile('429-forever');
      // The default --timeout (30 s; check's 10 s; 30 s given to accounts --all, whose default
      // is 300 s) has no room for the wait (honoured up to 120 s): the 429 is the answer.
      // Waiting it out would be killed by the runner's 60 s.
      const flags = args[1] === '--all' ? ['--timeout', '30'] : [];
      const r = await runCli([...args, ...flags], envFor(server), 60_000);
      return { args, failure, stream, r, requests: server.count() };
    });
    for (const { args, failure, stream, r, requests } of await inBatches(jobs, 4)) {
      const what = `${args.join(' ')}: ${JSON.stringify(r)}`;
      expect(r.code, what).toBe(failure);
      expect(stream === 'stdout' ? r.stdout : r.stderr, what).toMatch(/rate limited/);
      // The exporter asks for the pool and the mining accounts: one request each. A refresh
      // waits at most 10 s for a 429 (it fits) and tries once more: the token was not spent.
      expect(requests, what).toBe(args[0] === 'exporter' || args[0] === 'auth' ? 2 : 1);
    }
  }, 120_000);

  it('follows no redirect, to itself or anywhere', async () => {
    const server = await hostile('redirect-loop');
    const r = await runCli(['pool', '--timeout', '3600'], envFor(server));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('pooltop: unexpected redirect (HTTP 302)\n');
    expect(server.count()).toBe(1);
  });

  it('checks its bounds before anything is sent', async () => {
    for (const [args, message] of [
      [['pool', '--timeout', '0'], '--timeout must be a number from 1 to 3600'],
      [['accounts', '--timeout', 'soon'], '--timeout must be a number from 1 to 3600'],
      [['mining', 'info', '--timeout', '3601'], '--timeout must be a number from 1 to 3600'],
      [['exporter', '--timeout', '5'], '--timeout applies to exporter --once only'],
    ] as const) {
      const r = await runCli([...args], cleanEnv({ WHITEBIT_API_URL: 'http://127.0.0.1:9' }));
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^pooltop: ${message.replace(/[-.]/g, '\\$&')}`));
    }
  });
});

/** A running command: its output so far and how it ended. */
function start(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, done, out: () => ({ stdout, stderr }) };
}

describe('SIGTERM and SIGINT end a command waiting on the network', () => {
  const cases = COMMANDS.filter((c) => c.args[0] !== 'check').flatMap(({ args }) => [
    { args, signal: 'SIGTERM' as const, code: 143 },
    { args, signal: 'SIGINT' as const, code: 130 },
  ]);

  it.each(cases)(
    '$args.0 $args.1 on $signal: exit $code, nothing on stdout',
    async ({ args, signal, code }) => {
      const server = await hostile('stall');
      // An hour of --timeout: only the signal can end it before the test's own limit.
      const run = start([...args, '--timeout', '3600'], envFor(server));
      // A command that ended before sending anything fails below rather than hang this wait.
      await Promise.race([server.received(), run.done]);
      run.child.kill(signal);
      const end = await run.done;
      expect(end, JSON.stringify(run.out())).toEqual({ code, signal: null });
      // `accounts --all` writes what it fetched (nothing) and says it was interrupted.
      if (args[1] === '--all')
        expect(run.out().stderr).toBe('pooltop: interrupted: got no rows of the list\n');
      else expect(run.out().stdout).toBe('');
    },
  );

  it('check stays a plugin: UNKNOWN (3), interrupted', async () => {
    const server = await hostile('stall');
    const run = start(['check', 'pool', '-t', '3600'], envFor(server));
    await Promise.race([server.received(), run.done]);
    run.child.kill('SIGTERM');
    expect((await run.done).code).toBe(3);
    expect(run.out().stdout).toBe('POOLTOP UNKNOWN - interrupted by SIGTERM\n');
  });
});
