import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'pooltop.cjs');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const DROPPED = new Set(['DEBUG', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'LC_ALL', 'LC_CTYPE', 'TMUX', 'STY']);

/**
 * A clean environment: no WHITEBIT_* settings, a fresh HOME, state and preferences dir, no colour,
 * no DEBUG, a UTF-8 locale.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-home-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('WHITEBIT_') && !DROPPED.has(k)) env[k] = v;
  }
  return {
    ...env,
    HOME: home,
    XDG_STATE_HOME: join(home, '.state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    ...extra,
  };
}

/**
 * A clean environment pointed at an embedded service, its API key and secret through the
 * environment (on the command line they would draw a warning).
 */
export function serviceEnv(
  svc: { baseUrl: string; credentials: { apiKey: string; apiSecret: string } },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return cleanEnv({
    WHITEBIT_API_URL: svc.baseUrl,
    WHITEBIT_API_KEY: svc.credentials.apiKey,
    WHITEBIT_API_SECRET: svc.credentials.apiSecret,
    ...extra,
  });
}

/** Runs the built CLI with no stdin (like CI) and collects its output. */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = cleanEnv(),
  timeoutMs = 20_000,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
