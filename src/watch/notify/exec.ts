/**
 * The exec sink: runs the configured argv, no shell, once per event. The event reaches the hook
 * only as data: JSON on stdin and POOLTOP_* variables, never as an argument, so a worker named
 * `$(touch x)` or `--help` runs nothing and becomes no option. The hook's environment is
 * pooltop's own without the WhiteBIT credentials. It runs in a process group of its own, killed
 * whole when it overruns its timeout (a hook's own children included). Exit 0 is delivered;
 * anything else is tried again later, the last line it wrote to stderr quoted in the message.
 */
import { spawn } from 'node:child_process';
import { KEEP_UNICODE, sanitizeLine } from '../../format/sanitize.js';
import { SETTINGS } from '../../config/settings-meta.js';
import type { WatchEvent } from '../event.js';
import { DELIVERED, type Outcome, retry } from './delivery.js';
import type { ExecTarget } from './notify-config.js';
import type { Sink, SinkDeps } from './sink.js';

/** Variables a hook never inherits: every WhiteBIT setting (key, secret, tokens), pooltop's own. */
const CREDENTIALS = new Set(SETTINGS.map((s) => s.env));
const withheld = (name: string): boolean => CREDENTIALS.has(name) || /^(WHITEBIT_|POOLTOP_)/i.test(name);

/** Characters of a hook's stderr kept for the failure message. */
const STDERR_KEPT = 4096;

/** An environment value: one clean line (a NUL would make spawn throw). */
const envValue = (text: string | null): string => (text === null ? '' : sanitizeLine(text, KEEP_UNICODE));

export function hookEnv(base: NodeJS.ProcessEnv, event: WatchEvent): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) if (!withheld(name)) env[name] = value;
  return {
    ...env,
    POOLTOP_STATUS: event.status,
    POOLTOP_KIND: event.kind,
    POOLTOP_SEVERITY: event.severity,
    POOLTOP_ACCOUNT: envValue(event.account),
    POOLTOP_WORKER: envValue(event.worker),
    POOLTOP_METRIC: envValue(event.metric),
    POOLTOP_VALUE: event.value === null ? '' : String(event.value),
    POOLTOP_SUMMARY: envValue(event.summary),
    POOLTOP_STARTS_AT: envValue(event.startsAt),
    POOLTOP_ENDS_AT: envValue(event.endsAt),
  };
}

export function createExecSink(target: ExecTarget, deps: SinkDeps): Sink {
  const [program = '', ...args] = target.command;
  return {
    label: `exec ${sanitizeLine(program, KEEP_UNICODE)}`,
    takes: 'events',
    batch: 1,
    async deliver(events, signal) {
      const [event] = events;
      if (event === undefined) return DELIVERED;
      return runHook(program, args, event, target.timeoutMs, signal, deps);
    },
  };
}

function runHook(
  program: string,
  args: readonly string[],
  event: WatchEvent,
  timeoutMs: number,
  signal: AbortSignal,
  deps: SinkDeps,
): Promise<Outcome> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(retry('cancelled'));
    const child = spawn(program, args, {
      shell: false,
      detached: true,
      stdio: ['pipe', 'ignore', 'pipe'],
      env: hookEnv(deps.env, event),
    });
    let why: string | undefined;
    const killGroup = (reason: string) => {
      why ??= reason;
      try {
        // The negative pid is the hook's process group (detached made it the leader).
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    // The end of what a failing hook said is the best clue to why: kept, bounded, cleaned.
    let said = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      said = (said + d).slice(-STDERR_KEPT);
    });
    let failed: string | undefined;
    const failure = (status: string) => {
      const last = said
        .split('\n')
        .map((l) => sanitizeLine(l, KEEP_UNICODE))
        .filter(Boolean)
        .pop();
      return retry(last === undefined ? status : `${status}: ${last.slice(0, 160)}`);
    };
    const timer = deps.setTimer(() => {
      // Exited, but something it started still holds its stderr: that is not the hook's run.
      if (failed !== undefined) done(failure(failed));
      else killGroup(`still running after ${timeoutMs / 1000} s; killed`);
    }, timeoutMs);
    const onAbort = () => killGroup('cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (outcome: Outcome) => {
      deps.clearTimer(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    child.once('error', (err: NodeJS.ErrnoException) =>
      done(retry(`cannot run it (${err.code ?? err.name})`)),
    );
    child.once('exit', (code, sig) => {
      if (why !== undefined) return done(retry(why));
      if (code === 0) return done(DELIVERED);
      failed = code === null ? `ended by ${sig}` : `exit code ${code}`;
    });
    // Its stderr read to the end: the message can quote it.
    child.once('close', () => {
      if (failed !== undefined) done(failure(failed));
    });
    // A hook that does not read its stdin closes the pipe: EPIPE is its business, not a failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify(event)}\n`);
  });
}
