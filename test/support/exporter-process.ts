import { type ChildProcess, spawn } from 'node:child_process';
import { CLI, cleanEnv } from './run-cli.js';

export interface RunningExporter {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT` */
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const started = new Set<ChildProcess>();

/** Starts the built exporter on an ephemeral loopback port; resolves once it says where it serves. */
export function startExporter(args: string[], env = cleanEnv()): Promise<RunningExporter> {
  const child = spawn(process.execPath, [CLI, 'exporter', '--listen', '127.0.0.1:0', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /serving (http:\/\/\S+)\/metrics/.exec(stdout);
      if (m?.[1]) resolve({ child, url: m[1], stderr: () => stderr, exited });
    });
    void exited.then((code) => reject(new Error(`exporter exited ${code}: ${stderr}`)));
  });
}

/** Kills every exporter still running (afterAll). */
export function killExporters(): void {
  for (const child of started) child.kill('SIGKILL');
}

/** The value of one sample (`name{labels}` exactly as exposed) in an exposition, or undefined. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Scrapes until the exporter's first poll of the pool succeeded; returns that exposition. */
export async function untilPolled(url: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const text = await (await fetch(`${url}/metrics`)).text();
    if (sample(text, 'pooltop_up{endpoint="pool"}') === 1) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the exporter never polled the pool');
}
