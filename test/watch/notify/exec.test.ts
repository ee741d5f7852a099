/**
 * Exec hooks as real child processes: names from the network reach the hook only as data, the
 * WhiteBIT credentials never reach it, and a hook that hangs is killed with its whole process
 * group at its timeout (the fake clock decides when).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WatchEvent } from '../../../src/watch/event.js';
import { createNotifier, type Notifier } from '../../../src/watch/notify/notifier.js';
import { event, fakeClock, round, tempDir } from './helpers.js';

const open: Notifier[] = [];
afterEach(async () => {
  for (const n of open.splice(0)) await n.close();
});

/** Writes what it was given (argv, stdin, environment) to the file named by its one argument. */
const RECORDER = `
const { writeFileSync } = require('node:fs');
let stdin = '';
process.stdin.setEncoding('utf8').on('data', (d) => (stdin += d)).on('end', () => {
  writeFileSync(process.argv[2], JSON.stringify({ argv: process.argv.slice(2), stdin, env: process.env }));
  if (process.env.EXIT_WITH) process.stderr.write('starting\\ncannot page: \\u001b[31mno route\\n\\n');
  process.exitCode = Number(process.env.EXIT_WITH ?? 0);
});
`;

/** Starts a grandchild, writes both pids, then never ends. */
const HANGER = `
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
writeFileSync(process.argv[2], JSON.stringify([process.pid, child.pid]));
setInterval(() => {}, 1000);
`;

function hook(script: string, env: NodeJS.ProcessEnv = {}, timeout = 10_000) {
  const dir = tempDir();
  const file = join(dir, 'hook.cjs');
  writeFileSync(file, script);
  const out = join(dir, 'got.json');
  const clock = fakeClock();
  const log: string[] = [];
  const notifier = createNotifier({
    targets: [{ type: 'exec', index: 1, command: [process.execPath, file, out], timeoutMs: timeout }],
    stateDir: join(dir, 'state'),
    log: (l) => log.push(l),
    env: { PATH: process.env.PATH, ...env },
    random: () => 0.5,
    ...clock,
  });
  open.push(notifier);
  return { dir, out, clock, log, notifier };
}

interface Got {
  argv: string[];
  stdin: string;
  env: Record<string, string>;
}

async function run(ev: WatchEvent, env: NodeJS.ProcessEnv = {}) {
  const h = hook(RECORDER, env);
  h.notifier.send(round(ev));
  await vi.waitFor(() => expect(h.notifier.pending()).toEqual([0]), { timeout: 10_000 });
  return { ...h, got: JSON.parse(readFileSync(h.out, 'utf8')) as Got };
}

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/.test(stat);
}

describe('exec hooks', () => {
  it('hands the event as JSON on stdin and as POOLTOP_* variables', async () => {
    const ev = event({ value: 0, summary: 'main_farm: worker rig-07 offline' });
    const { got } = await run(ev);
    expect(JSON.parse(got.stdin)).toEqual(ev);
    expect(got.env).toMatchObject({
      POOLTOP_STATUS: 'firing',
      POOLTOP_KIND: 'worker_offline',
      POOLTOP_SEVERITY: 'critical',
      POOLTOP_ACCOUNT: 'main_farm',
      POOLTOP_WORKER: 'rig-07',
      POOLTOP_METRIC: 'worker_offline',
      POOLTOP_VALUE: '0',
      POOLTOP_SUMMARY: 'main_farm: worker rig-07 offline',
      POOLTOP_STARTS_AT: '2026-03-01T11:58:00.000Z',
      POOLTOP_ENDS_AT: '',
    });
  });

  it('a worker named like a shell command or an option runs nothing and becomes no argument', async () => {
    const dir = tempDir();
    const names = [
      `$(touch ${join(dir, 'subst')})`,
      `\`touch ${join(dir, 'backtick')}\``,
      `; touch ${join(dir, 'semicolon')}`,
      '--help',
      '-e',
      'rig\u0000nul\nline',
    ];
    for (const name of names) {
      const ev = event({ worker: name, summary: `main_farm: worker ${name} offline` });
      const { got, out } = await run(ev);
      expect(got.argv).toEqual([out]);
      expect(JSON.parse(got.stdin).worker).toBe(name);
      expect(got.env.POOLTOP_WORKER).toBe(name.replace('\u0000', '').replace('\n', ' '));
    }
    for (const marker of ['subst', 'backtick', 'semicolon'])
      expect(existsSync(join(dir, marker))).toBe(false);
  });

  it('the hook does not get the WhiteBIT key, secret or tokens', async () => {
    const { got } = await run(event(), {
      WHITEBIT_API_KEY: 'key-123',
      WHITEBIT_API_SECRET: 'secret-456',
      WHITEBIT_REFRESH_TOKEN: 'refresh-789',
      WHITEBIT_CLIENT_SECRET: 'client-000',
      POOLTOP_WORKER: 'stale',
      KEEP_ME: 'yes',
    });
    const text = JSON.stringify(got.env);
    for (const secret of ['key-123', 'secret-456', 'refresh-789', 'client-000'])
      expect(text).not.toContain(secret);
    expect(got.env.KEEP_ME).toBe('yes');
    expect(got.env.POOLTOP_WORKER).toBe('rig-07');
  });

  it('a failing hook is tried again with back-off', async () => {
    const h = hook(RECORDER, { EXIT_WITH: '3' });
    h.notifier.send(round(event()));
    await vi.waitFor(() =>
      expect(h.log).toEqual([
        expect.stringContaining('delivery failed (exit code 3: cannot page: no route); will retry'),
      ]),
    );
    expect(h.log[0]).toMatch(/^pooltop: notify\[1\] \(exec \/\S+node\): /);
    expect(h.notifier.pending()).toEqual([1]);
    expect(h.clock.pending()).toEqual([5000 * 0.75]);
  });

  it('a hook that hangs is killed with its process group at its timeout', async () => {
    const h = hook(HANGER, {}, 30_000);
    h.notifier.send(round(event()));
    await vi.waitFor(() => expect(existsSync(h.out)).toBe(true), { timeout: 10_000 });
    await vi.waitFor(() => expect(JSON.parse(readFileSync(h.out, 'utf8'))).toHaveLength(2));
    const pids = JSON.parse(readFileSync(h.out, 'utf8')) as number[];
    expect(pids.every(alive)).toBe(true);
    expect(h.clock.pending()).toEqual([30_000]);
    h.clock.advance(30_000);
    await vi.waitFor(() => expect(pids.filter(alive)).toEqual([]), { timeout: 10_000 });
    await vi.waitFor(() =>
      expect(h.log).toEqual([
        expect.stringContaining('delivery failed (still running after 30 s; killed); will retry'),
      ]),
    );
    expect(h.notifier.pending()).toEqual([1]);
  });

  it('a program that cannot be started is tried again, saying why', async () => {
    const dir = tempDir();
    const log: string[] = [];
    const notifier = createNotifier({
      targets: [{ type: 'exec', index: 3, command: [join(dir, 'missing-hook')], timeoutMs: 1000 }],
      stateDir: dir,
      log: (l) => log.push(l),
      ...fakeClock(),
    });
    open.push(notifier);
    notifier.send(round(event()));
    await vi.waitFor(() =>
      expect(log).toEqual([
        `pooltop: notify[3] (exec ${join(dir, 'missing-hook')}): delivery failed (cannot run it (ENOENT)); will retry`,
      ]),
    );
  });
});
