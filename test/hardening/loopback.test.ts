/**
 * One rule for "this machine only", used both for plain http to the API and for whether a
 * listener is exposed: every form of a loopback address the system accepts is loopback;
 * `localhost.` (fully qualified, looked up in DNS) is not, and plain http to it is refused.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/config/validate.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ port: 0 });
});
afterAll(async () => {
  await service.close();
});

describe('isLoopbackHost', () => {
  it('knows every form of 127.0.0.0/8 and ::1, and nothing else', () => {
    const loopback = [
      'localhost',
      'LocalHost',
      '127.0.0.1',
      '127.1',
      '127.0.1',
      '0x7f.1',
      '0177.0.0.1',
      '2130706433',
      '127.255.255.254',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
    ];
    for (const host of loopback) expect(isLoopbackHost(host), host).toBe(true);
    const other = [
      'localhost.',
      'localhost.example',
      'foo.localhost',
      '128.0.0.1',
      '126.255.255.255',
      '0.0.0.0',
      '',
      '::',
      '[::2]',
      '10.0.0.1',
      '127.0.0.1.evil.example',
      '127.0.0.256',
      '::ffff:10.0.0.1',
    ];
    for (const host of other) expect(isLoopbackHost(host), host).toBe(false);
  });
});

/** Starts the built exporter; resolves with its stderr once it says where it serves, then stops it. */
function exporterStderr(listen: string): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'exporter', '--demo', '--listen', listen], {
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (/serving http:\/\/\S+\/metrics/.test(stdout)) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, stderr }));
  });
}

describe('the exporter listening on a loopback shorthand', () => {
  it('does not warn about 127.1 or 0x7f.1, and does about 0.0.0.0', async () => {
    for (const host of ['127.1', '0x7f.1']) {
      const r = await exporterStderr(`${host}:0`);
      expect(r.stdout, host).toMatch(/^pooltop exporter: serving http:\/\/127\.0\.0\.1:\d+\/metrics/);
      expect(r.stderr, host).toBe('');
    }
    const open = await exporterStderr('0.0.0.0:0');
    expect(open.stderr).toMatch(/^pooltop: warning: listening on 0\.0\.0\.0: anyone who can reach it/);
  });
});

describe('plain http to the API', () => {
  const port = () => new URL(service.baseUrl).port;

  it('is used without a word for 127.1', async () => {
    const r = await runCli(['pool', '--json'], cleanEnv({ WHITEBIT_API_URL: `http://127.1:${port()}` }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('is refused, in one line, for localhost. (looked up in DNS)', async () => {
    const r = await runCli(['pool', '--json'], cleanEnv({ WHITEBIT_API_URL: `http://localhost.:${port()}` }));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `pooltop: invalid base URL: plain http is only allowed for loopback hosts; use https://localhost.:${port()} ` +
        '(with its final dot, localhost is looked up in DNS, which may answer with another machine: write localhost)\n',
    );
  });

  it('is refused, in one line, for another host', async () => {
    const r = await runCli(['pool', '--json'], cleanEnv({ WHITEBIT_API_URL: 'http://api.example' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'pooltop: invalid base URL: plain http is only allowed for loopback hosts; use https://api.example\n',
    );
  });
});
