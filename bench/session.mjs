// Figures 4 and 6 from one long-running dashboard: `pooltop --interval 1` in a 120×40 pty
// against the service hosted in this process, on the Pool tab.
//   idle    — CPU % of one core (/proc/<pid>/stat) and bytes written to the terminal per second,
//             over `idleMs` after a warm-up;
//   network — requests (by path) and TCP connections the service saw in that same window;
//   memory  — VmRSS at the first frame with pool data and `memoryMs` later (1 s polling throughout).
// Like every start but a new version's first, the measured dashboard loads its compile cache
// (src/launch/): an unmeasured start, kept open until the cache is written, fills it first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { showsPoolData } from './markers.mjs';
import { cpuMs, rssBytes } from './proc.mjs';
import { startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

export function diffStats(a, b) {
  const byPath = {};
  for (const [path, n] of Object.entries(b.byPath)) {
    const d = n - (a.byPath[path] ?? 0);
    if (d) byPath[path] = d;
  }
  return { requests: b.requests - a.requests, connections: b.connections - a.connections, byPath };
}

/** The dashboard has its code cache written 3 s after start (src/launch/code-cache.ts). */
const CACHE_SAVED_AFTER_MS = 4_000;

/**
 * A compile-cache directory of its own, filled by an unmeasured `pooltop --interval 1` against
 * `host`; returns the environment that uses it. The caller removes `cacheDir`.
 */
export async function warmCompileCache(cliFile, host) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'pooltop-bench-session-cache-'));
  const env = { ...host.env(), POOLTOP_CACHE_DIR: cacheDir };
  const filler = startPty(process.execPath, [cliFile, '--interval', '1'], { cols: 120, rows: 40, env });
  try {
    try {
      await filler.waitFor(showsPoolData, 20_000, 'pool data (compile cache warm-up)');
      await sleep(CACHE_SAVED_AFTER_MS);
    } finally {
      await filler.kill();
    }
  } catch (error) {
    rmSync(cacheDir, { recursive: true, force: true });
    throw error;
  }
  return { env, cacheDir };
}

export async function measureSession({ cliFile, host, idleMs, warmupMs, memoryMs, log }) {
  const { env, cacheDir } = await warmCompileCache(cliFile, host);
  const session = startPty(process.execPath, [cliFile, '--interval', '1'], { cols: 120, rows: 40, env });
  try {
    const before = host.stats();
    const firstFrame = await session.waitFor(showsPoolData, 20_000, 'pool data');
    const startedAt = firstFrame;
    const rssStart = rssBytes(session.pid);
    const startup = diffStats(before, host.stats());

    await sleep(warmupMs);
    const cpu0 = cpuMs(session.pid);
    const bytes0 = session.bytes;
    const stats0 = host.stats();
    const t0 = performance.now();
    const perSecond = [];
    let lastBytes = bytes0;
    while (performance.now() - t0 < idleMs) {
      await sleep(1000);
      perSecond.push(session.bytes - lastBytes);
      lastBytes = session.bytes;
      if (session.exit)
        throw new Error(`pooltop exited during the idle run: ${JSON.stringify(session.exit)}`);
    }
    const elapsed = performance.now() - t0;
    const cpu1 = cpuMs(session.pid);
    const idle = {
      seconds: elapsed / 1000,
      cpuPercent: ((cpu1 - cpu0) / elapsed) * 100,
      bytesPerSecond: ((session.bytes - bytes0) * 1000) / elapsed,
      perSecond,
    };
    const network = { seconds: elapsed / 1000, ...diffStats(stats0, host.stats()), startup };
    log?.(
      `idle: ${idle.cpuPercent.toFixed(2)} % CPU, ${idle.bytesPerSecond.toFixed(0)} B/s; ${network.requests} requests, ${network.connections} new connections`,
    );

    // Memory: keep polling until memoryMs after the first data frame. If pooltop dies on the way
    // (a signal from outside, a crash), what was measured so far is kept and the exit reported.
    const rssSamples = [{ s: 0, rss: rssStart }];
    let interrupted;
    while (performance.now() - startedAt < memoryMs) {
      await sleep(Math.min(5000, Math.max(50, memoryMs - (performance.now() - startedAt))));
      const rss = rssBytes(session.pid);
      const s = (performance.now() - startedAt) / 1000;
      if (rss === undefined || session.exit) {
        interrupted = `pooltop exited after ${s.toFixed(0)} s: ${JSON.stringify(session.exit ?? 'gone')}`;
        log?.(`memory: ${interrupted}`);
        break;
      }
      rssSamples.push({ s, rss, connections: host.stats().connections, requests: host.stats().requests });
      if (Math.round(s) % 60 < 5) log?.(`memory: ${Math.round(s)} s, RSS ${(rss / 1048576).toFixed(1)} MiB`);
    }
    const rssEnd = rssSamples.at(-1).rss;
    const whole = diffStats(before, host.stats());
    const last = rssSamples.at(-1).s;
    const medianRss = (from, to) =>
      median(rssSamples.filter((x) => x.s >= from && x.s <= to).map((x) => x.rss));
    const memory = {
      seconds: last,
      interrupted,
      rssStart,
      rssEnd,
      growth: rssEnd - rssStart,
      // After the first minute: growth that warm-up (JIT, heap sizing) does not explain.
      growthAfter60s: rssEnd - (rssSamples.find((x) => x.s >= 60)?.rss ?? rssEnd),
      // Medians of the second minute and of the last minute (RSS swings with each GC).
      settled:
        last >= 180 ? { minute2: medianRss(60, 120), lastMinute: medianRss(last - 60, last) } : undefined,
      rssSamples,
      requests: whole.requests,
      connections: whole.connections,
    };
    return { idle, network, memory };
  } finally {
    session.write('q');
    await Promise.race([session.exited, sleep(2000)]);
    await session.kill();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
