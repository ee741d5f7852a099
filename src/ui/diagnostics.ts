/**
 * Opt-in diagnostics for long runs (scripts/soak.mjs): with `POOLTOP_DIAG_FILE=path` the
 * dashboard appends one JSON line every `POOLTOP_DIAG_EVERY_MS` (default 5000, at least 100):
 * memory, active resources by type (timers, sockets, …) and event-listener counts. When the
 * variable is unset nothing is started and nothing is sampled. Not in --help: a test hook.
 * When node runs with --expose-gc (the soak script does) each sample is taken right after a
 * full collection, so memory figures show what is retained rather than where the sawtooth of
 * short-lived garbage happens to be.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { getEventListeners } from 'node:events';

export interface DiagnosticsOptions {
  file: string;
  everyMs: number;
}

/** Emitters and event targets whose listeners are counted, by name. */
export interface DiagnosticsTargets {
  emitters: Record<string, NodeJS.EventEmitter>;
  /** Abort listeners on these signals (the dashboard's lifetime signal). */
  signals: Record<string, AbortSignal>;
}

export interface DiagnosticsSample {
  t: number;
  uptimeMs: number;
  rss: number;
  heapUsed: number;
  /** V8's heap as committed, live or not. */
  heapTotal: number;
  external: number;
  /** `process.getActiveResourcesInfo()` counted by type: Timeout, TCPSocketWrap, TTYWrap, … */
  resources: Record<string, number>;
  /** Listener count per emitter (all events), and abort listeners per signal. */
  listeners: Record<string, number>;
  /** Memory was measured after a full garbage collection. */
  afterGc: boolean;
}

export function diagnosticsFromEnv(env: NodeJS.ProcessEnv): DiagnosticsOptions | undefined {
  const file = env.POOLTOP_DIAG_FILE;
  if (!file) return undefined;
  const every = Number(env.POOLTOP_DIAG_EVERY_MS ?? 5000);
  return { file, everyMs: Number.isFinite(every) ? Math.max(100, every) : 5000 };
}

export function sampleDiagnostics(targets: DiagnosticsTargets): DiagnosticsSample {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc === 'function') gc();
  const resources: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) resources[type] = (resources[type] ?? 0) + 1;
  const listeners: Record<string, number> = {};
  for (const [name, emitter] of Object.entries(targets.emitters)) {
    listeners[name] = emitter.eventNames().reduce((sum, event) => sum + emitter.listenerCount(event), 0);
  }
  for (const [name, signal] of Object.entries(targets.signals)) {
    listeners[name] = getEventListeners(signal, 'abort').length;
  }
  const mem = process.memoryUsage();
  return {
    t: Date.now(),
    uptimeMs: Math.round(process.uptime() * 1000),
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    heapTotal: mem.heapTotal,
    external: mem.external,
    resources,
    listeners,
    afterGc: typeof gc === 'function',
  };
}

/** Starts sampling; the returned function stops it (and writes a last sample). */
export function startDiagnostics(opts: DiagnosticsOptions, targets: DiagnosticsTargets): () => void {
  let fd: number | undefined;
  try {
    fd = openSync(opts.file, 'a', 0o600);
  } catch {
    return () => {};
  }
  const write = (): void => {
    if (fd === undefined) return;
    try {
      writeSync(fd, `${JSON.stringify(sampleDiagnostics(targets))}\n`);
    } catch {
      // A full disk must not take the dashboard down.
    }
  };
  write();
  const timer = setInterval(write, opts.everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    write();
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
}
