// Figure 1: ms from exec to the first frame showing pool data (`pooltop --demo` in a 120×40
// pty), against a minimal Ink hello-world bundled by the bench as a plain minified ESM bundle
// (bench/bundle.mjs: a fixed baseline, none of pooltop's start-up measures apply to it) and
// plain `node -e`, measured interleaved so the machine's noise hits all of them alike.
//
// pooltop starts with its caches in place, as it does every time but the first: a warm-up run
// (kept open until they are written) fills a cache directory of this run's own. The first start
// of a new version has none: that "cold" start is measured too (POOLTOP_CODE_CACHE=off) and
// reported beside the ratio.
//
//   node bench/startup.mjs [--runs N] [--cli FILE] [--vs NAME=FILE ...] [--json FILE]
//     alone (bundles the hello-world itself); --vs times other builds in the same rounds;
//     --json also writes every sample to FILE
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../scripts/program-build.mjs';
import { makeWorkDir, root } from './bundle.mjs';
import { showsPoolData } from './markers.mjs';
import { cpuMs, rssBytes } from './proc.mjs';
import { childEnv, startPty } from './pty.mjs';
import { median, sleep } from './stats.mjs';

const NODE_READY = 'node ready';
const HELLO = 'Hello from Ink';
/** pooltop has its caches written within 3 s of its first frame (src/main.ts). */
const CACHE_SAVED_AFTER_MS = 4_000;

/** ms from exec to the output after which `predicate(screen)` holds; `onFrame(pid)` runs right then. */
export async function timeToText(
  args,
  predicate,
  { cols = 120, rows = 40, timeoutMs = 20_000, env, onFrame, stayMs = 0 } = {},
) {
  const session = startPty(process.execPath, args, { cols, rows, ...(env ? { env } : {}) });
  try {
    const at = await session.waitFor(predicate, timeoutMs, 'the first frame');
    onFrame?.(session.pid);
    if (stayMs) await sleep(stayMs);
    return at - session.t0;
  } finally {
    await session.kill();
  }
}

/**
 * { pooltop: ms[], hello: ms[], node: ms[], cold: { pooltop: ms[] }, ratio, coldRatio,
 * cacheFiles } (ratios of the medians, both against the hello-world), and the resident memory
 * of each at its first frame (rss: { pooltop: bytes[], hello: bytes[] }).
 */
export async function measureStartup({
  cliFile,
  helloFile,
  runs,
  cols = 120,
  rows = 40,
  timeoutMs = 20_000,
  log,
  others = {},
}) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'pooltop-bench-code-cache-'));
  const otherDirs = Object.keys(others).map(() => mkdtempSync(join(tmpdir(), 'pooltop-bench-code-cache-')));
  try {
    const warm = childEnv({ POOLTOP_CACHE_DIR: cacheDir });
    const cold = childEnv({ POOLTOP_CODE_CACHE: 'off' });
    const out = {
      pooltop: [],
      hello: [],
      node: [],
      cold: { pooltop: [] },
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
    const helloRun = (extra = {}) => timeToText([helloFile], (s) => s.includes(HELLO), { ...opts, ...extra });
    const pooltopRun = (env, extra = {}) =>
      timeToText([cliFile, '--demo'], showsPoolData, { ...opts, env, ...extra });
    const kinds = {
      node: () =>
        timeToText(['-e', `console.log(${JSON.stringify(NODE_READY)})`], (s) => s.includes(NODE_READY), opts),
      hello: () => helloRun({ onFrame: rssInto(out.rss.hello) }),
      pooltop: () => pooltopRun(warm, { onFrame: rssInto(out.rss.pooltop) }),
      coldPooltop: () => pooltopRun(cold),
    };
    // Other builds, each with a cache directory of its own, timed in the same rounds.
    out.others = {};
    Object.entries(others).forEach(([name, file], i) => {
      const env = childEnv({ POOLTOP_CACHE_DIR: otherDirs[i] });
      const run = (extra = {}) => timeToText([file, '--demo'], showsPoolData, { ...opts, env, ...extra });
      const other = { ms: [], cpu: [], rss: [], run };
      out.others[name] = other;
      kinds[`other:${name}`] = () =>
        run({
          onFrame: (pid) => {
            const cpu = cpuMs(pid);
            if (cpu !== undefined) other.cpu.push(cpu);
            const rss = rssBytes(pid);
            if (rss !== undefined) other.rss.push(rss);
          },
        });
    });
    // Warm-up, untimed: page cache, node-pty's helper, and pooltop's caches (kept open until written).
    await kinds.node();
    await helloRun();
    await pooltopRun(warm, { stayMs: CACHE_SAVED_AFTER_MS });
    for (const other of Object.values(out.others)) await other.run({ stayMs: CACHE_SAVED_AFTER_MS });
    out.cacheFiles = readdirSync(cacheDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    for (let i = 0; i < runs; i++) {
      const forward = [
        'coldPooltop',
        'node',
        'hello',
        'pooltop',
        ...Object.keys(others).map((n) => `other:${n}`),
      ];
      for (const kind of i % 2 ? forward.reverse() : forward) {
        const ms = await kinds[kind]();
        if (kind === 'coldPooltop') out.cold.pooltop.push(ms);
        else if (kind.startsWith('other:')) out.others[kind.slice(6)].ms.push(ms);
        else out[kind].push(ms);
        await sleep(150);
      }
      log?.(
        `start-up ${i + 1}/${runs}: pooltop ${out.pooltop.at(-1).toFixed(0)} ms, hello ${out.hello.at(-1).toFixed(0)} ms; ` +
          `pooltop without its caches ${out.cold.pooltop.at(-1).toFixed(0)} ms`,
      );
    }
    out.ratio = median(out.pooltop) / median(out.hello);
    out.coldRatio = median(out.cold.pooltop) / median(out.hello);
    for (const other of Object.values(out.others)) {
      other.ratio = median(other.ms) / median(out.hello);
      delete other.run;
    }
    return out;
  } finally {
    for (const dir of [cacheDir, ...otherDirs]) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The hello-world baseline: bench/fixtures/hello-ink.mjs as a plain minified ESM bundle in `dir`,
 * production React, none of pooltop's esbuild plugins: a fixed yardstick.
 */
export async function bundleHello(dir) {
  const outfile = join(dir, 'hello.mjs');
  const empty = join(dir, 'empty-module.js');
  writeFileSync(empty, 'export default undefined;\n');
  await build({
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
    nodePaths: [join(root, 'node_modules')],
    entryPoints: [join(root, 'bench', 'fixtures', 'hello-ink.mjs')],
    outfile,
    define: { 'process.env.NODE_ENV': '"production"' },
    // Ink loads react-devtools-core only in dev mode; it is not installed.
    alias: { 'react-devtools-core': empty },
    banner: { js: ESM_REQUIRE_BANNER },
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const cliFile = resolve(opt('--cli', join(root, 'dist', 'pooltop.cjs')));
  const work = makeWorkDir();
  try {
    const out = await measureStartup({
      cliFile,
      helloFile: await bundleHello(work.dir),
      runs: Number(opt('--runs', '15')),
      log: (l) => process.stderr.write(`bench: ${l}\n`),
      others: variants(argv),
    });
    console.log(`node ${process.version}, ${cliFile}`);
    console.log(
      `pooltop --demo ${median(out.pooltop).toFixed(0)} ms, hello-world ${median(out.hello).toFixed(0)} ms, node -e ${median(out.node).toFixed(0)} ms → ratio ${out.ratio.toFixed(2)} (≤ 1.3); ` +
        `pooltop without its caches ${median(out.cold.pooltop).toFixed(0)} ms → ${out.coldRatio.toFixed(2)}; n=${out.pooltop.length}; cache files ${out.cacheFiles.join(', ')}`,
    );
    const helloCpu = median(out.cpu.hello);
    const mb = (bytes) => `${(median(bytes) / 2 ** 20).toFixed(1)} MB`;
    console.log(
      `  CPU to the first frame: pooltop ${median(out.cpu.pooltop).toFixed(0)} ms, hello-world ${helloCpu.toFixed(0)} ms → ${(median(out.cpu.pooltop) / helloCpu).toFixed(2)}; RSS at it ${mb(out.rss.pooltop)}`,
    );
    if (argv.includes('--json')) writeFileSync(opt('--json'), `${JSON.stringify(out)}\n`);
    for (const [name, other] of Object.entries(out.others)) {
      console.log(
        `  ${name}: ${median(other.ms).toFixed(0)} ms → ratio ${other.ratio.toFixed(2)}; CPU ${median(other.cpu).toFixed(0)} ms → ${(median(other.cpu) / helloCpu).toFixed(2)}; RSS ${mb(other.rss)}`,
      );
    }
  } finally {
    work.cleanup();
  }
  process.exit(0);
}

/** `--vs NAME=FILE` arguments: other builds to time in the same rounds. */
export function variants(argv) {
  const out = {};
  argv.forEach((arg, i) => {
    if (arg !== '--vs') return;
    const [name, file] = argv[i + 1].split('=');
    out[name] = resolve(file);
  });
  return out;
}
