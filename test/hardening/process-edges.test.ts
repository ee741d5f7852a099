/**
 * The built CLI at the edges of its process: stdout on a full disk or a closed pipe, SIGUSR1
 * (which would open Node's inspector), and a check whose answer has nothing to check.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv } from '../support/run-cli.js';
import { killExporters, startExporter } from '../support/exporter-process.js';
import { type FaultServer, startFaultServer } from './fault-server.js';
import { type HostileServer, startHostileServer } from './hostile-server.js';

const servers: FaultServer[] = [];
const hostiles: HostileServer[] = [];
afterAll(async () => {
  killExporters();
  await Promise.all([...servers, ...hostiles].map((s) => s.close()));
});

/** Runs the CLI with stdout on `fd`; collects stderr. */
function runToFd(args: string[], fd: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: cleanEnv(), stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('stdout that cannot be written', () => {
  it.runIf(existsSync('/dev/full'))(
    'a full disk is one pooltop: line and exit 1, or UNKNOWN (3) for check',
    async () => {
      const full = openSync('/dev/full', 'w');
      try {
        for (const [args, code] of [
          [['pool', '--demo'], 1],
          [['accounts', '--demo', '--json'], 1],
          [['check', 'pool', '--demo'], 3],
        ] as const) {
          const r = await runToFd([...args], full);
          expect(r, args.join(' ')).toEqual({
            code,
            stderr: 'pooltop: cannot write to stdout: no space left on device (ENOSPC)\n',
          });
        }
      } finally {
        closeSync(full);
      }
    },
  );

  it('a reader that stops early ends the command quietly with 0', async () => {
    const child = spawn(process.execPath, [CLI, 'accounts', '--all', '--demo', '--csv'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    // Like `| head -1`: read the first chunk, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('SIGUSR1', () => {
  it('the exporter ignores it: no inspector, still serving, stops cleanly after', async () => {
    const exporter = await startExporter(['--demo', '--interval', '5'], cleanEnv({ DEBUG: 'pooltop' }));
    exporter.child.kill('SIGUSR1');
    await expect.poll(exporter.stderr, { timeout: 15_000 }).toContain('SIGUSR1 ignored');
    const scrape = await fetch(`${exporter.url}/metrics`);
    expect(scrape.status).toBe(200);
    await scrape.text();
    exporter.child.kill('SIGTERM');
    expect(await exporter.exited).toBe(0);
    expect(exporter.stderr()).not.toMatch(/Debugger listening|9229/);
  });

  it('a one-shot command waiting on the network ignores it and still ends on SIGTERM', async () => {
    const server = await startFaultServer('stall');
    servers.push(server);
    const child = spawn(process.execPath, [CLI, 'pool', '--timeout', '3600'], {
      env: cleanEnv({ WHITEBIT_API_URL: server.url, DEBUG: 'pooltop' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const done = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    await expect.poll(() => server.total(), { timeout: 15_000 }).toBe(1);
    child.kill('SIGUSR1');
    await expect.poll(() => stderr, { timeout: 15_000 }).toContain('SIGUSR1 ignored');
    child.kill('SIGTERM');
    expect(await done).toBe(143);
    expect(stderr).not.toMatch(/Debugger listening/);
  });
});

describe('check on an answer with nothing to check', () => {
  it('says UNKNOWN: no data, with or without thresholds', async () => {
    const server = await startHostileServer('unrecognised');
    hostiles.push(server);
    for (const extra of [[], ['-w', 'workers=1:']]) {
      const child = spawn(process.execPath, [CLI, 'check', 'pool', ...extra], {
        env: cleanEnv({ WHITEBIT_API_URL: server.url }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect({ code, stdout }).toEqual({
        code: 3,
        stdout: 'POOLTOP UNKNOWN - no data: the answer held none of the fields checked\n',
      });
    }
  });
});
