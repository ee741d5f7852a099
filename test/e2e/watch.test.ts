/**
 * `pooltop watch` as a service runs it: the built CLI as its own process, no terminal, reading the
 * embedded service through a proxy that decides which worker names are listed, sending to a
 * webhook receiver and an exec hook on this machine. It is stopped with SIGTERM and started
 * again over the same state directory. Every wait is on a condition (a line, a request count).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { MINING_PATHS } from '../../src/api/mining-types.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { type NamesProxy, startNamesProxy } from '../support/names-proxy.js';
import { CLI, runCli, serviceEnv } from '../support/run-cli.js';
import { type Receiver, startReceiver } from '../watch/notify/helpers.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
let service: ServiceHandle;
let proxy: NamesProxy;
let receiver: Receiver;
let env: NodeJS.ProcessEnv;
let hookOut: string;
let names: string[];

interface Running {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function start(args: string[] = []): Running {
  const child = spawn(process.execPath, [CLI, 'watch', '--json', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

const events = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { status: string; worker: string | null; account: string });
const lines = (r: Running) => events(r.out()).map((e) => `${e.status} ${e.worker}`);
const hooked = () => (existsSync(hookOut) ? events(readFileSync(hookOut, 'utf8')).map((e) => `${e.status} ${e.worker}`) : []);
const posted = () => receiver.got.map((g) => JSON.parse(g.body) as { status: string; worker: string | null }).map((e) => `${e.status} ${e.worker}`);
const infoReads = () => proxy.byPath.get(MINING_PATHS.minerInfo) ?? 0;

beforeAll(async () => {
  service = await startService({ port: 0, seed: 8, workers: 10, miningAccounts: 1, now: () => T0, nonceNow: Date.now });
  proxy = await startNamesProxy(service.baseUrl);
  receiver = await startReceiver();
  env = serviceEnv({ baseUrl: proxy.baseUrl, credentials: service.credentials });
  const dir = join(env.XDG_CONFIG_HOME as string, 'pooltop');
  mkdirSync(dir, { recursive: true });
  hookOut = join(env.HOME as string, 'hook.jsonl');
  const hook = join(env.HOME as string, 'hook.mjs');
  // The hook appends what it was given on stdin, its argv and the allocator settings in its
  // environment, so the test sees all three.
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';\nlet s = '';\nprocess.stdin.on('data', (d) => (s += d));\nprocess.stdin.on('end', () => appendFileSync(${JSON.stringify(hookOut)}, JSON.stringify({ ...JSON.parse(s), argv: process.argv.slice(2), env: Object.keys(process.env).filter((k) => /^(MALLOC_|POOLTOP_SERVICE)/.test(k)) }) + '\\n'));\n`,
  );
  writeFileSync(
    join(dir, 'config.toml'),
    [
      '[watch]',
      'interval = "1s"',
      'for = "0s"',
      '[[notify]]',
      'type = "webhook"',
      `url = "${receiver.url}/hook/T0KEN?token=s3cret"`,
      '[[notify]]',
      'type = "exec"',
      `command = [${JSON.stringify(process.execPath)}, ${JSON.stringify(hook)}, "--urgent"]`,
      '',
    ].join('\n'),
  );
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
  });
  names = (await client.mining.workerNames({ account: service.miningAccounts[0]!, limit: 100 })).items;
  await client.close();
  expect(names.length).toBeGreaterThan(2);
});
afterAll(async () => {
  await receiver.close();
  await proxy.close();
  await service.close();
});

const until = (check: () => boolean, what: string, timeout = 20_000) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`waiting for ${what}`);
    },
    { timeout, interval: 50 },
  );

describe('pooltop watch', () => {
  it('fires once when a worker goes, resolves once when it is back, to stdout, the webhook and the hook; a receiver that was down gets it later; a restart repeats nothing', async () => {
    const [a, b] = names as [string, string];
    const first = start();
    await until(() => first.err().includes('pooltop watch: every mining account'), 'the start line');
    const reads = infoReads();
    await until(() => infoReads() >= reads + 2, `two rounds (${JSON.stringify([...proxy.byPath])} ${first.err()})`);
    expect(lines(first)).toEqual([]);

    proxy.hide.add(a);
    await until(() => lines(first).includes(`firing ${a}`), 'the firing line');
    await until(() => posted().includes(`firing ${a}`) && hooked().includes(`firing ${a}`), 'both receivers');
    const hookGot = readFileSync(hookOut, 'utf8');
    expect(JSON.parse(hookGot.split('\n')[0]!).argv).toEqual(['--urgent']);
    // The watcher runs with the allocator settings of a service (launch/service-exec.ts) where
    // Node can start it again; its hooks get the environment as the user gave it.
    expect(JSON.parse(hookGot.split('\n')[0]!).env).toEqual([]);
    if (process.platform === 'linux') {
      const environ = readFileSync(`/proc/${first.child.pid}/environ`, 'utf8').split('\0');
      const execve = typeof (process as { execve?: unknown }).execve === 'function';
      expect(environ.includes('MALLOC_MMAP_THRESHOLD_=32768')).toBe(execve);
    }

    // The webhook is down while a comes back: stdout and the hook have it at once, the webhook later.
    receiver.replies = [{ status: 503 }];
    proxy.hide.delete(a);
    await until(() => lines(first).includes(`resolved ${a}`) && hooked().includes(`resolved ${a}`), 'resolved');
    await until(() => /delivery failed/.test(first.err()), 'the failure line');
    expect(first.err()).not.toMatch(/T0KEN|s3cret|\/hook/);
    receiver.replies = [];
    await until(() => posted().includes(`resolved ${a}`), 'the webhook, once back', 60_000);
    expect(posted()).toEqual([`firing ${a}`, `resolved ${a}`]);

    // b fires; the watcher is stopped and started again: b is not sent again, and resolves later.
    proxy.hide.add(b);
    await until(() => lines(first).includes(`firing ${b}`), 'b firing');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = start();
    const before = infoReads();
    await until(() => infoReads() >= before + 3, 'three rounds of the restarted watcher');
    expect(lines(second)).toEqual([]);
    proxy.hide.delete(b);
    await until(() => lines(second).includes(`resolved ${b}`), 'b resolved by the restarted watcher');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(lines(first).concat(lines(second))).toEqual([`firing ${a}`, `resolved ${a}`, `firing ${b}`, `resolved ${b}`]);
    await until(() => hooked().length === 4, 'the hook, every event');
    expect(hooked()).toEqual([`firing ${a}`, `resolved ${a}`, `firing ${b}`, `resolved ${b}`]);
  }, 120_000);

  it('a bad notify table is one line naming the file and the key, exit 2, before any request', async () => {
    const bad = serviceEnv(
      { baseUrl: proxy.baseUrl, credentials: service.credentials },
      { XDG_CONFIG_HOME: join(env.HOME as string, 'bad') },
    );
    mkdirSync(join(bad.XDG_CONFIG_HOME as string, 'pooltop'), { recursive: true });
    writeFileSync(join(bad.XDG_CONFIG_HOME as string, 'pooltop', 'config.toml'), '[[notify]]\ntype = "webhook"\nurl = "https://hooks.example/x"\n[[notify]]\ntype = "smtp"\n');
    const asked = [...proxy.byPath.values()].reduce((a, b) => a + b, 0);
    const r = await runCli(['watch', '--once'], bad);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('config.toml: notify[2].type: unknown type "smtp"');
    expect([...proxy.byPath.values()].reduce((a, b) => a + b, 0)).toBe(asked);
  });
});
