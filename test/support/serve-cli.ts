/** `pooltop serve --json` of the built CLI as a child process: its facts, and a way to stop it. */
import { spawn } from 'node:child_process';
import { CLI, cleanEnv } from './run-cli.js';

export interface ServeFacts {
  base_url: string;
  api_key: string;
  api_secret: string;
  client_id: string;
  client_secret: string;
  refresh_token: string;
}

export interface ServedCli {
  facts: ServeFacts;
  /** A clean environment pointing a command at this service, with its API key (and `extra`). */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startServeCli(args: string[], env: NodeJS.ProcessEnv = cleanEnv()): Promise<ServedCli> {
  const child = spawn(process.execPath, [CLI, 'serve', '--json', '--port', '0', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('\n')) resolve(out);
    });
    child.once('exit', () => reject(new Error(`serve exited early: ${out}${err}`)));
  });
  const facts = JSON.parse(line) as ServeFacts;
  child.removeAllListeners('exit');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    facts,
    env: (extra = {}) =>
      cleanEnv({
        WHITEBIT_API_URL: facts.base_url,
        WHITEBIT_API_KEY: facts.api_key,
        WHITEBIT_API_SECRET: facts.api_secret,
        ...extra,
      }),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
