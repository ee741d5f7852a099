/**
 * `pooltop watch` and `pooltop exporter` run for days as services. The C allocator reads its
 * thresholds only when the process starts (MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_): fixed
 * ones keep glibc from raising them as sockets' 64 KB read buffers come and go, so those buffers
 * are handed back to the system instead of staying in the heap (with `--optimize-for-size`,
 * 3–4 MB less RSS at `--interval 1`; docs/performance.md). So such a process starts itself again
 * once with them set: `process.execve` replaces it (the same PID, stdio and arguments; Node.js ≥
 * 22.15, not Windows), which costs one more start of node, ~40 ms, and nothing after. Without
 * execve it runs without them. A value the user set is kept; the ones added here are taken out
 * of the environment again once started, so hooks and other children never see them.
 */

/** The settings, as glibc reads them from the environment. */
export const SERVICE_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** Set in the started-again process: the names this module added, comma-separated. */
export const STARTED_AGAIN = 'POOLTOP_SERVICE_EXEC';

export interface ExecPlan {
  file: string;
  args: string[];
  env: Record<string, string>;
}

interface Launch {
  argv: readonly string[];
  execArgv: readonly string[];
  execPath: string;
  /** The executable being run (dist/pooltop.cjs). */
  script: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  canExec: boolean;
}

/**
 * The process to become, or undefined: already started again, a one-shot run (`--once`, help),
 * no execve, Windows, or nothing to add.
 */
export function serviceExecPlan(l: Launch): ExecPlan | undefined {
  if (!l.canExec || l.platform === 'win32' || l.env[STARTED_AGAIN] !== undefined) return undefined;
  const args = l.argv.slice(2);
  if (args.some((a) => a === '--once' || a === '--help' || a === '-h')) return undefined;
  const added = Object.keys(SERVICE_MALLOC_ENV).filter((name) => l.env[name] === undefined);
  if (added.length === 0) return undefined;
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(l.env)) if (value !== undefined) env[name] = value;
  for (const name of added) env[name] = SERVICE_MALLOC_ENV[name] ?? '';
  env[STARTED_AGAIN] = added.join(',');
  return { file: l.execPath, args: [l.execPath, ...l.execArgv, l.script, ...args], env };
}

/** In the started-again process: the environment as the user gave it, for what runs from here. */
export function forgetServiceEnv(env: NodeJS.ProcessEnv): void {
  const added = env[STARTED_AGAIN];
  if (added === undefined) return;
  for (const name of added.split(',')) if (name in SERVICE_MALLOC_ENV) delete env[name];
  delete env[STARTED_AGAIN];
}
