// The one-shot rows: wall time, spawn to exit, of `pool --json`, `accounts --json`, `check pool`
// and `mining info --json` against a `pooltop serve` already running in another process, against
// bare `node -e 0` measured interleaved in the same run (target: each ≤ 3×). Each command runs
// once untimed first, so its compile and code caches (a cache directory of this run's own) are
// in place, as on every start but a new version's first.
//
//   node bench/one-shot.mjs [--runs N] [--cli FILE] [--vs NAME=FILE ...] [--json FILE]   alone;
//                   --vs times other builds in the same rounds; --json also writes every sample
//   node bench/run.mjs --only oneshot                            from bench/run.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './pty.mjs';
import { variants } from './startup.mjs';
import { median } from './stats.mjs';
import { servedLine } from './served-line.mjs';

export const ONE_SHOTS = {
  'pool --json': ['pool', '--json'],
  'accounts --json': ['accounts', '--json'],
  'check pool': ['check', 'pool'],
  'mining info --json': ['mining', 'info', '--json', '--account', 'main_farm'],
};
const live = new Set();
const CPU_AT_EXIT = fileURLToPath(new URL('fixtures/cpu-at-exit.cjs', import.meta.url));

/** Runs `node args`: wall ms spawn → exit, CPU ms and peak RSS in MB (preloaded fixtures/cpu-at-exit.cjs). */
export function run(args, env, { stdout = 'ignore' } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-r', CPU_AT_EXIT, ...args], {
      env,
      stdio: ['ignore', stdout, 'pipe'],
    });
    live.add(child);
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      err = (err + d).slice(-200);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      live.delete(child);
      const cpu = Number(/cpu-us (\d+)\s*$/.exec(err)?.[1]) / 1000;
      const rss = Number(/maxrss-kb (\d+)/.exec(err)?.[1]) / 1024;
      resolvePromise({ ms: performance.now() - started, cpu, rss, code, child });
    });
    if (stdout === 'pipe') resolvePromise({ child });
  });
}

/** `pooltop serve --json --port 0 [args]` in a child; resolves with its first JSON line. */
export async function serve(cliFile, env, args = []) {
  const { child } = await run([cliFile, 'serve', '--json', '--port', '0', ...args], env, { stdout: 'pipe' });
  return servedLine(child);
}

/** A fresh HOME (config, state and cache directories in it) and a child environment pointing there. */
export function benchHome(name) {
  const home = mkdtempSync(join(tmpdir(), `pooltop-bench-${name}-`));
  const base = childEnv({
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    POOLTOP_CACHE_DIR: join(home, 'cache'),
  });
  return { home, base };
}

/**
 * { node: ms[], commands: { name: ms[] }, ratios: { name: ratio of medians }, others }: `others`
 * ({ build: FILE }) are other builds timed in the same rounds, each with a cache of its own.
 */
export async function measureOneShots({ cliFile, runs, log = () => {}, others = {} }) {
  const { home, base } = benchHome('oneshot');
  let service;
  try {
    service = await serve(cliFile, base);
    const { served } = service;
    // The key through the environment, as a cron job or a monitoring agent would have it.
    const env = { ...base, WHITEBIT_API_KEY: served.api_key, WHITEBIT_API_SECRET: served.api_secret };
    const builds = { pooltop: cliFile, ...others };
    const envOf = Object.fromEntries(
      Object.keys(builds).map((b, i) => [b, { ...env, POOLTOP_CACHE_DIR: join(home, `cache-${i}`) }]),
    );
    const argsOf = (build, name) => [builds[build], ...ONE_SHOTS[name], '--base-url', served.base_url];
    const empty = () => Object.fromEntries(Object.keys(ONE_SHOTS).map((n) => [n, []]));
    const out = { node: [], nodeCpu: [], commands: empty(), cpu: empty(), rss: empty(), others: {} };
    for (const b of Object.keys(others)) out.others[b] = { commands: empty(), cpu: empty(), rss: empty() };
    const kinds = [
      ['node'],
      ...Object.keys(builds).flatMap((b) => Object.keys(ONE_SHOTS).map((n) => [b, n])),
    ];
    for (const [build, name] of kinds.slice(1)) {
      const { code } = await run(argsOf(build, name), envOf[build]);
      if (code !== 0) throw new Error(`${build} ${name}: exit ${code}`);
    }
    await run(['-e', '0'], env);
    for (let i = 0; i < runs; i++) {
      for (const [build, name] of i % 2 ? [...kinds].reverse() : kinds) {
        const { ms, cpu, rss, code } = await run(
          build === 'node' ? ['-e', '0'] : argsOf(build, name),
          envOf[build] ?? env,
        );
        if (code !== 0) throw new Error(`${build} ${name}: exit ${code}`);
        if (build === 'node') {
          out.node.push(ms);
          out.nodeCpu.push(cpu);
        } else {
          const into = build === 'pooltop' ? out : out.others[build];
          into.commands[name].push(ms);
          into.cpu[name].push(cpu);
          into.rss[name].push(rss);
        }
      }
      log(
        `one-shot ${i + 1}/${runs}: node -e 0 ${out.node.at(-1).toFixed(0)} ms, pool --json ${out.commands['pool --json'].at(-1).toFixed(0)} ms`,
      );
    }
    const ratios = (commands) =>
      Object.fromEntries(Object.entries(commands).map(([name, ms]) => [name, median(ms) / median(out.node)]));
    out.ratios = ratios(out.commands);
    for (const other of Object.values(out.others)) other.ratios = ratios(other.commands);
    return out;
  } finally {
    service?.child.kill('SIGKILL');
    for (const child of live) child.kill('SIGKILL');
    rmSync(home, { recursive: true, force: true });
  }
}

/** One line per command: median wall ms, ratio to `node -e 0` (target ≤ 3×), the same in CPU time, peak RSS. */
export function oneShotLines(r) {
  if (r.error) return [`one-shot commands: failed: ${r.error}`];
  const node = median(r.node);
  const nodeCpu = median(r.nodeCpu);
  return Object.entries(r.commands).map(([name, ms]) => {
    const ratio = r.ratios[name];
    const cpu = median(r.cpu[name]);
    const rss = r.rss?.[name]?.length ? `  RSS ${median(r.rss[name]).toFixed(1)} MB` : '';
    return (
      `${name.padEnd(20)} ${median(ms).toFixed(0).padStart(4)} ms vs node -e 0 ${node.toFixed(0)} ms = ${ratio.toFixed(2)}×  (≤ 3×) ${ratio <= 3 ? '✓' : '✗'}` +
      `  CPU ${cpu.toFixed(0)} vs ${nodeCpu.toFixed(0)} ms = ${(cpu / nodeCpu).toFixed(2)}×${rss}  n=${ms.length}`
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const cliFile = resolve(
    opt('--cli', join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'pooltop.cjs')),
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of live) child.kill('SIGKILL');
      process.exit(130);
    });
  }
  const result = await measureOneShots({
    cliFile,
    runs: Number(opt('--runs', '15')),
    log: (l) => process.stderr.write(`bench: ${l}\n`),
    others: variants(argv),
  });
  if (argv.includes('--json')) writeFileSync(opt('--json'), `${JSON.stringify(result)}\n`);
  console.log(`node ${process.version}, ${cliFile}`);
  console.log(oneShotLines(result).join('\n'));
  for (const [name, other] of Object.entries(result.others)) {
    console.log(
      `${name}:\n${oneShotLines({ ...other, node: result.node, nodeCpu: result.nodeCpu }).join('\n')}`,
    );
  }
  process.exit(0);
}
