// In-process rendering harness (bundled by esbuild together with src/**, see bench/bundle.mjs):
// the real dashboard (src/ui/run-dashboard.tsx, so Ink gets exactly the production render
// options) drawn into a fake terminal of a given size, a manual 1 s clock, and a client that
// serves data fetched once from the embedded service (so no network time is measured).
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../src/api/client.js';
import { startService } from '../../src/service/server.js';
import { runDashboard } from '../../src/ui/run-dashboard.js';
import { spy } from './ink-spy.mjs';
import { Screen } from './screen.mjs';

// The Session tab keeps a token store: one of this run's own, not the user's (which would grow by
// an entry per run, each service having its own port, and is read every few seconds).
const stateDir = mkdtempSync(join(tmpdir(), 'pooltop-bench-state-'));
process.env.POOLTOP_STATE_DIR = stateDir;
process.on('exit', () => rmSync(stateDir, { recursive: true, force: true }));

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The clock given to the dashboard (runDashboard's `clock`), driven by hand: its timeouts (the
 * 1 s tick, ui/hooks/use-ticking-clock.ts) are not scheduled; tick() moves its time on by a second and runs
 * them, as the timer would (each run sets the next one). Nothing global is patched: everything
 * else runs on real time. reset() takes the clock back to real time.
 */
export function manualClock() {
  const callbacks = new Map();
  let next = 1;
  let offset = 0;
  const clock = {
    get count() {
      return callbacks.size;
    },
    now: () => Date.now() + offset,
    setTimeout(fn, _ms) {
      const handle = next++;
      callbacks.set(handle, fn);
      return handle;
    },
    clearTimeout(handle) {
      callbacks.delete(handle);
    },
    reset() {
      offset = 0;
    },
    tick(ms = 1000) {
      offset += ms;
      const due = [...callbacks.entries()];
      for (const [handle] of due) callbacks.delete(handle);
      for (const [, fn] of due) fn();
    },
  };
  return clock;
}

export class FakeStdout extends EventEmitter {
  isTTY = true;
  writes = [];
  /** Written chunks not applied to the screen model yet (applied when asked, not while timed). */
  #pending = [];
  constructor(columns, rows) {
    super();
    this.columns = columns;
    this.rows = rows;
    this.screen = new Screen(columns, rows);
  }
  /** Whether the screen now shows `text`. */
  shows(text) {
    for (const [, chunk] of this.#pending.splice(0)) this.screen.write(chunk);
    return this.screen.text().includes(text);
  }
  /** The first write at index ≥ `from` after which the screen shows `text`, or undefined (yet). */
  firstWriteShowing(text, from) {
    while (this.#pending.length > 0) {
      const [index, chunk] = this.#pending.shift();
      this.screen.write(chunk);
      if (index >= from && this.screen.text().includes(text)) return this.writes[index];
    }
    return undefined;
  }
  /** The screen now, every write applied. */
  text() {
    for (const [, chunk] of this.#pending.splice(0)) this.screen.write(chunk);
    return this.screen.text();
  }
  write(chunk, encoding, callback) {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const at = performance.now();
    this.#pending.push([this.writes.length, text]);
    this.writes.push({ at, n: Buffer.byteLength(text, 'utf8') });
    const cb = typeof encoding === 'function' ? encoding : callback;
    if (cb) cb();
    return true;
  }
  hasColors() {
    return true;
  }
  getColorDepth() {
    return 24;
  }
}

export class FakeStdin extends EventEmitter {
  isTTY = true;
  queue = [];
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return this.queue.length === 0 ? null : this.queue.shift();
  }
  /** Types `data` as one keypress; returns the time it was delivered. */
  press(data) {
    const t = performance.now();
    this.queue.push(data);
    this.emit('readable');
    return t;
  }
}

/** Waits until `predicate()` holds, polling every 5 ms; throws after `timeoutMs`. */
export async function until(predicate, timeoutMs, what) {
  const end = performance.now() + timeoutMs;
  while (!predicate()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * The embedded service (`service`: its options, e.g. mining accounts and workers), and a client
 * that asks it once per distinct request and then replays the answer. While `source.gate` is a
 * promise, every Mining answer waits for it (so a frame drawn meanwhile can only show cached
 * data); `source.calls` and `source.inFlight` count the Mining calls.
 */
export async function dataSource({ service: serviceOptions = {} } = {}) {
  const service = await startService({ port: 0, rateLimit: false, ...serviceOptions });
  const { apiKey, apiSecret } = service.credentials;
  const real = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0 });
  const pool = await real.getMiningPool();
  const pages = new Map();
  const answers = new Map();
  let poolVariant = 0;
  // Mining reads are keyed without from/to: those follow the (manual) clock, the data does not.
  const mining = {};
  for (const op of Object.keys(real.mining)) {
    mining[op] = async (query = {}, opts) => {
      const { from, to, ...rest } = query;
      const key = JSON.stringify([op, rest]);
      source.calls++;
      source.inFlight++;
      try {
        if (!answers.has(key)) answers.set(key, await real.mining[op](query, opts));
        if (source.gate) await source.gate;
        return structuredClone(answers.get(key));
      } finally {
        source.inFlight--;
      }
    };
  }
  const client = {
    baseUrl: real.baseUrl,
    /** Each call answers a fresh copy (as JSON parsing would), with a slightly different headline. */
    async getMiningPool() {
      const copy = structuredClone(pool);
      copy.workers = pool.workers + (poolVariant++ % 2);
      return copy;
    },
    async listSubAccounts(query = {}, opts) {
      const key = JSON.stringify([query.search ?? '', query.offset ?? 0, query.limit ?? 30]);
      if (!pages.has(key)) pages.set(key, await real.listSubAccounts(query, opts));
      return structuredClone(pages.get(key));
    },
    mining,
    refreshToken: (params, opts) => real.refreshToken(params, opts),
    close: () => real.close(),
  };
  const config = {
    baseUrl: service.baseUrl,
    apiKey,
    apiSecret,
    clientId: service.credentials.clientId,
    clientSecret: service.credentials.clientSecret,
    refreshToken: service.credentials.refreshToken,
    profile: 'bench',
    configPath: '',
    sources: {},
    warnings: [],
  };
  const source = {
    client,
    config,
    gate: undefined,
    calls: 0,
    inFlight: 0,
    async close() {
      await real.close();
      await service.close();
    },
  };
  return source;
}

/** Runs the dashboard (runDashboard, as `pooltop` does) in a fake `columns`×`rows` terminal. */
export function mountDashboard({ client, queue, config, columns, rows, intervalSec = 3600, clock }) {
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin();
  const mark = spy.renders.length;
  const done = runDashboard({ client, queue, config, demo: false, intervalSec, color: true, stdin, stdout, clock });
  return {
    stdout,
    stdin,
    get inkRenders() {
      return spy.renders.slice(mark);
    },
    /** The options run-dashboard passed to Ink's render(). */
    get renderOptions() {
      return spy.options;
    },
    /** Quits with `q`, as a user would; resolves with the exit code (or 'timeout'). */
    async unmount() {
      stdin.press('q');
      return Promise.race([done, sleep(3000).then(() => 'timeout')]);
    },
  };
}

/**
 * Times `trigger()` (a clock tick, a key) `n` times, `gapMs` apart (more than Ink's 33 ms frame
 * throttle): wall time from the trigger to the last write that followed it (the frame is done
 * once `quietMs` pass without another write, or after `maxMs`), bytes written, Ink renders and
 * Ink's own output-render time, and the CPU time of the whole stretch.
 */
export async function timeFrames(view, trigger, { n, gapMs = 60, quietMs = 30, maxMs = 2000, ready } = {}) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    await sleep(gapMs);
    if (ready) await ready(i);
    const mark = view.stdout.writes.length;
    const inkMark = view.inkRenders.length;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    trigger(i);
    const tSync = performance.now();
    for (;;) {
      await sleep(2);
      const now = performance.now();
      const last = view.stdout.writes.at(-1);
      if (view.stdout.writes.length > mark && now - last.at >= quietMs) break;
      if (now - t0 > maxMs) break;
    }
    const cpu = process.cpuUsage(cpu0);
    const writes = view.stdout.writes.slice(mark);
    const inks = view.inkRenders.slice(inkMark);
    samples.push({
      ms: writes.length ? writes[writes.length - 1].at - t0 : Number.NaN,
      syncMs: tSync - t0,
      bytes: writes.reduce((s, w) => s + w.n, 0),
      renders: inks.length,
      inkMs: inks.reduce((s, r) => s + r.renderTime, 0),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }
  return samples;
}
