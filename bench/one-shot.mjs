// The one-shot rows: wall time, spawn to exit, of `pool --json`, `accounts --json`, `check pool`
// and `mining info --json` against a `pooltop serve` already running in another process, against
// bare `node -e 0` measured interleaved in the same run (target: each ≤ 3×). Each command runs
// once untimed first, so its compile and code caches (a cache directory of this run's own) are
// in place, as on every start but a new version's first.
//
//   node bench/one-shot.mjs [--runs N] [--cli dist/pooltop.cjs]   alone
//   node bench/run.mjs --only oneshot                            from bench/run.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './pty.mjs';
import { median } from './stats.mjs';

export const ONE_SHOTS = {
  'pool --json': ['pool', '--json'],
  'accounts --json': ['accounts', '--json'],
  'check pool': ['check', 'pool'],
  'mining info --json': ['mining', 'info', '--json', '--account', 'main_farm'],
};
const live = new Set();

function run(args, env, { stdout = 'ignore' } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', stdout, 'ignore'] });
    live.add(child);
    child.on('error', reject);
    child.on('exit', (code) => {
      live.delete(child);
      resolvePromise({ ms: performance.now() - started, code, child });
    });
    if (stdout === 'pipe') resolvePromise({ child });
  });
}

/** `pooltop serve --json --port 0` in a child; resolves with its first JSON line. */
async function serve(cliFile, env) {
  const { child } = await run([cliFile, 'serve', '--json', '--port', '0'], env, { stdout: 'pipe' });
  let out = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('pooltop serve: no start line in 20 s')), 20_000);
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /^(\{.*\})\n/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ child, served: JSON.parse(m[1]) });
      }
    });
    child.on('exit', (code) => reject(new Error(`pooltop serve exited ${code}`)));
  });
}

/** { node: ms[], commands: { name: ms[] }, ratios: { name: ratio of medians } } */
export async function measureOneShots({ cliFile, runs, log = () => {} }) {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-bench-oneshot-'));
  const base = childEnv({
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    POOLTOP_CACHE_DIR: join(home, 'cache'),
  });
  let service;
  try {
    service = await serve(cliFile, base);
    const { served } = service;
    // The key through the environment, as a cron job or a monitoring agent would have it.
    const env = { ...base, WHITEBIT_API_KEY: served.api_key, WHITEBIT_API_SECRET: served.api_secret };
    const argsOf = (name) => [cliFile, ...ONE_SHOTS[name], '--base-url', served.base_url];
    for (const name of Object.keys(ONE_SHOTS)) {
      const { code } = await run(argsOf(name), env);
      if (code !== 0) throw new Error(`${name}: exit ${code}`);
    }
    await run(['-e', '0'], env);
    const out = { node: [], commands: Object.fromEntries(Object.keys(ONE_SHOTS).map((n) => [n, []])) };
    const kinds = ['node', ...Object.keys(ONE_SHOTS)];
    for (let i = 0; i < runs; i++) {
      for (const kind of i % 2 ? [...kinds].reverse() : kinds) {
        const { ms, code } = await run(kind === 'node' ? ['-e', '0'] : argsOf(kind), env);
        if (code !== 0) throw new Error(`${kind}: exit ${code}`);
        (kind === 'node' ? out.node : out.commands[kind]).push(ms);
      }
      log(`one-shot ${i + 1}/${runs}: node -e 0 ${out.node.at(-1).toFixed(0)} ms, pool --json ${out.commands['pool --json'].at(-1).toFixed(0)} ms`);
    }
    out.ratios = Object.fromEntries(
      Object.entries(out.commands).map(([name, ms]) => [name, median(ms) / median(out.node)]),
    );
    return out;
  } finally {
    service?.child.kill('SIGKILL');
    for (const child of live) child.kill('SIGKILL');
    rmSync(home, { recursive: true, force: true });
  }
}

/** One line per command: median ms, ratio to `node -e 0`, target ≤ 3×. */
export function oneShotLines(r) {
  if (r.error) return [`one-shot commands: failed: ${r.error}`];
  const node = median(r.node);
  return Object.entries(r.commands).map(([name, ms]) => {
    const ratio = r.ratios[name];
    return `${name.padEnd(20)} ${median(ms).toFixed(0).padStart(4)} ms vs node -e 0 ${node.toFixed(0)} ms = ${ratio.toFixed(2)}×  (≤ 3×) ${ratio <= 3 ? '✓' : '✗'}  n=${ms.length}`;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const cliFile = resolve(opt('--cli', join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'pooltop.cjs')));
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
  });
  console.log(`node ${process.version}, ${cliFile}`);
  console.log(oneShotLines(result).join('\n'));
  process.exit(0);
}
