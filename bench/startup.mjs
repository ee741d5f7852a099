// Figure 1: ms from exec to the first frame showing pool data (`pooltop --demo` in a 120×40
// pty), against a minimal Ink hello-world built the same way (scripts/program-build.mjs: the
// same executable and compile cache) and plain `node -e`, measured interleaved so the machine's
// noise hits all of them alike.
//
// Both programs start with their compile cache in place, as they do every time but the first: a
// warm-up run of each (kept open until the cache is written) fills a cache directory of this
// run's own. The first start of a new version has no cache: that "cold" start is measured too
// (POOLTOP_CODE_CACHE=off), for both programs, and reported beside the ratio.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { showsPoolData } from './markers.mjs';
import { cpuMs, rssBytes } from './proc.mjs';
import { childEnv, startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

const NODE_READY = 'node ready';
const HELLO = 'Hello from Ink';
/** Both programs have the compile cache written 3 s after start (src/main.ts, fixtures/hello-ink.mjs). */
const CACHE_SAVED_AFTER_MS = 4_000;

/** ms from exec to the output after which `predicate(screen)` holds; `onFrame(pid)` runs right then. */
export async function timeToText(
  args,
  predicate,
  { cols = 120, rows = 40, timeoutMs = 20_000, env, onFrame, holdMs = 0 } = {},
) {
  const session = startPty(process.execPath, args, { cols, rows, ...(env ? { env } : {}) });
  try {
    const at = await session.waitFor(predicate, timeoutMs, 'the first frame');
    onFrame?.(session.pid);
    if (holdMs) await sleep(holdMs);
    return at - session.t0;
  } finally {
    await session.kill();
  }
}

/**
 * { pooltop: ms[], hello: ms[], node: ms[], cold: { pooltop: ms[], hello: ms[] }, ratio,
 * coldRatio, cacheFiles } (ratios of the medians), and the resident memory of each at its first
 * frame (rss: { pooltop: bytes[], hello: bytes[] }).
 */
export async function measureStartup({
  cliFile,
  helloFile,
  runs,
  cols = 120,
  rows = 40,
  timeoutMs = 20_000,
  log,
}) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'pooltop-bench-code-cache-'));
  try {
    const warm = childEnv({ POOLTOP_CACHE_DIR: cacheDir });
    const cold = childEnv({ POOLTOP_CODE_CACHE: 'off' });
    const out = {
      pooltop: [],
      hello: [],
      node: [],
      cold: { pooltop: [], hello: [] },
      rss: { pooltop: [], hello: [] },
      cpu: { pooltop: [], hello: [] },
    };
    const rssInto = (list) => (pid) => {
      const rss = rssBytes(pid);
      if (rss !== undefined) list.push(rss);
      // CPU time to the first frame: less moved by other work on the machine than wall time.
      const cpu = cpuMs(pid);
      if (cpu !== undefined) out.cpu[list === out.rss.pooltop ? 'pooltop' : 'hello'].push(cpu);
    };
    const opts = { cols, rows, timeoutMs };
    const helloRun = (env, extra = {}) =>
      timeToText([helloFile], (s) => s.includes(HELLO), { ...opts, env, ...extra });
    const pooltopRun = (env, extra = {}) =>
      timeToText([cliFile, '--demo'], showsPoolData, { ...opts, env, ...extra });
    const kinds = {
      node: () =>
        timeToText(['-e', `console.log(${JSON.stringify(NODE_READY)})`], (s) => s.includes(NODE_READY), opts),
      hello: () => helloRun(warm, { onFrame: rssInto(out.rss.hello) }),
      pooltop: () => pooltopRun(warm, { onFrame: rssInto(out.rss.pooltop) }),
      coldHello: () => helloRun(cold),
      coldPooltop: () => pooltopRun(cold),
    };
    // Warm-up, untimed: page cache, node-pty's helper, and the compile caches (kept open until written).
    await kinds.node();
    await helloRun(warm, { holdMs: CACHE_SAVED_AFTER_MS });
    await pooltopRun(warm, { holdMs: CACHE_SAVED_AFTER_MS });
    // One file per program bundle (the executable itself is compiled before the cache is on).
    out.cacheFiles = readdirSync(cacheDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    for (let i = 0; i < runs; i++) {
      const order =
        i % 2
          ? ['pooltop', 'hello', 'node', 'coldPooltop', 'coldHello']
          : ['coldHello', 'coldPooltop', 'node', 'hello', 'pooltop'];
      for (const kind of order) {
        const ms = await kinds[kind]();
        if (kind === 'coldHello') out.cold.hello.push(ms);
        else if (kind === 'coldPooltop') out.cold.pooltop.push(ms);
        else out[kind].push(ms);
        await sleep(150);
      }
      log?.(
        `start-up ${i + 1}/${runs}: pooltop ${out.pooltop.at(-1).toFixed(0)} ms, hello ${out.hello.at(-1).toFixed(0)} ms; ` +
          `cold ${out.cold.pooltop.at(-1).toFixed(0)} / ${out.cold.hello.at(-1).toFixed(0)} ms`,
      );
    }
    out.ratio = median(out.pooltop) / median(out.hello);
    out.coldRatio = median(out.cold.pooltop) / median(out.cold.hello);
    return out;
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
