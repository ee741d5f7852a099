// Quit time: `pooltop --demo` in a 120×40 pty, on the Mining tab once its accounts show, `q`, ms
// until the process has exited (the dashboard ends by itself; anything left holding Node shows as
// up to the one-second fallback of src/main.ts). Other builds are timed in the same rounds.
//
//   node bench/quit.mjs [--runs N] [--cli FILE] [--vs NAME=FILE ...]
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './bundle.mjs';
import { showsPoolData } from './markers.mjs';
import { childEnv, killAllPtys, startPty } from './pty.mjs';
import { variants } from './startup.mjs';
import { median, sleep } from './stats.mjs';

/** ms from `q` to exit, for one run of `cliFile`. */
async function quitMs(cliFile) {
  const session = startPty(process.execPath, [cliFile, '--demo'], { env: childEnv() });
  try {
    await session.waitFor(showsPoolData, 20_000, 'the Pool tab');
    session.write('2');
    // The demo's three accounts: the fleet table, each row with its hash rate.
    const fleet = (s) =>
      /Mining fleet/.test(s) && /^rows 1–\d+ of \d+/m.test(s) && /\d [kMGTPE]?H\/s/.test(s);
    await session.waitFor(fleet, 20_000, 'the Mining tab');
    const at = session.write('q');
    await session.exited;
    return performance.now() - at;
  } finally {
    await session.kill();
  }
}

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const builds = { pooltop: resolve(opt('--cli', join(root, 'dist', 'pooltop.cjs'))), ...variants(argv) };
const runs = Number(opt('--runs', '5'));
const ms = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
try {
  for (let i = 0; i < runs; i++) {
    const order = Object.keys(builds);
    for (const name of i % 2 ? order.reverse() : order) {
      ms[name].push(await quitMs(builds[name]));
      await sleep(150);
    }
    process.stderr.write(`bench: quit ${i + 1}/${runs}\n`);
  }
} finally {
  killAllPtys();
}
console.log(`node ${process.version}, quit from the Mining tab → exit, n=${runs}`);
for (const [name, list] of Object.entries(ms)) {
  console.log(
    `  ${name}: median ${median(list).toFixed(0)} ms (${list.map((x) => x.toFixed(0)).join(', ')})`,
  );
}
process.exit(0);
