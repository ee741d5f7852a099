// The rewards-for-the-books row: `pooltop mining rewards --all-accounts --from 365d --to 1d --csv`
// (a year of daily rewards of 5 mining accounts, every page read through the request queue)
// against `pooltop serve --mining-accounts 5` already running in another process; wall time
// spawn → exit, target under 10 s. One untimed run first writes the code cache and counts the
// rows (the pages follow: 100 a page, the last one short).
//
//   node bench/rewards.mjs [--runs N] [--cli FILE]   alone
//   node bench/run.mjs --only rewards                from bench/run.mjs
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchHome, run, serve } from './one-shot.mjs';
import { median } from './stats.mjs';

export const REWARDS_ACCOUNTS = 5;
export const REWARDS_TARGET_MS = 10_000;
const ARGS = ['mining', 'rewards', '--all-accounts', '--from', '365d', '--to', '1d', '--csv'];

export async function measureRewards({ cliFile, runs, log = () => {} }) {
  const { home, base } = benchHome('rewards');
  let service;
  try {
    service = await serve(cliFile, base, ['--mining-accounts', String(REWARDS_ACCOUNTS)]);
    const { served } = service;
    const env = { ...base, WHITEBIT_API_KEY: served.api_key, WHITEBIT_API_SECRET: served.api_secret };
    const args = [cliFile, ...ARGS, '--base-url', served.base_url];
    const csv = execFileSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const rows = csv.split('\r\n').length - 2;
    const pages = Math.floor(rows / 100) + 1;
    const out = { rows, pages, accounts: REWARDS_ACCOUNTS, ms: [], cpu: [] };
    for (let i = 0; i < runs; i++) {
      const { ms, cpu, code } = await run(args, env);
      if (code !== 0) throw new Error(`mining rewards: exit ${code}`);
      out.ms.push(ms);
      out.cpu.push(cpu);
      log(`rewards ${i + 1}/${runs}: ${ms.toFixed(0)} ms`);
    }
    return out;
  } finally {
    service?.child.kill('SIGKILL');
    rmSync(home, { recursive: true, force: true });
  }
}

export function rewardsLines(r) {
  if (r.error) return [`rewards for the books: failed: ${r.error}`];
  const ms = median(r.ms);
  return [
    `a year of ${r.accounts} accounts --csv (${r.rows} rows, ${r.pages} pages) ${ms.toFixed(0)} ms (< ${REWARDS_TARGET_MS / 1000} s) ${ms < REWARDS_TARGET_MS ? '✓' : '✗'}  CPU ${median(r.cpu).toFixed(0)} ms  n=${r.ms.length}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const cliFile = resolve(
    opt('--cli', join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'pooltop.cjs')),
  );
  const result = await measureRewards({
    cliFile,
    runs: Number(opt('--runs', '9')),
    log: (l) => process.stderr.write(`bench: ${l}\n`),
  });
  console.log(`node ${process.version}, ${cliFile}`);
  console.log(rewardsLines(result).join('\n'));
  process.exit(0);
}
