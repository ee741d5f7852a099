#!/usr/bin/env node
// What re-executing the dashboard's process with memory settings would cost at start-up (the
// lever docs/performance.md weighs and leaves out): exec → first frame with pool data
// (`pooltop --demo`, pty 120×40, compile cache warm) and the CPU time to it, interleaved, for
//   direct  — `node dist/pooltop.cjs --demo`, as users start it;
//   flags   — `node --max-semi-space-size=N dist/pooltop.cjs --demo` with MALLOC_ARENA_MAX=2: the
//             settings alone, no second start;
//   reexec  — a small launcher that replaces itself (process.execve, Node ≥ 22.15) with the
//             `flags` start: what a re-exec inside pooltop would do.
//   node bench/reexec-cost.mjs [--runs N] [--semi-space MB] [--cli FILE]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { showsPoolData } from './markers.mjs';
import { cpuMs } from './proc.mjs';
import { childEnv } from './pty.mjs';
import { fmt, median } from './stats.mjs';
import { timeToText } from './startup.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '12' },
    'semi-space': { type: 'string', default: '1' },
    cli: { type: 'string' },
  },
});
const cliFile = values.cli ?? join(fileURLToPath(import.meta.url), '..', '..', 'dist', 'pooltop.cjs');
const flag = `--max-semi-space-size=${Number(values['semi-space'])}`;
const dir = mkdtempSync(join(tmpdir(), 'pooltop-bench-reexec-'));
const launcher = join(dir, 'reexec.cjs');
writeFileSync(
  launcher,
  `process.execve(process.execPath, [process.execPath, ${JSON.stringify(flag)}, ${JSON.stringify(cliFile)}, ...process.argv.slice(2)], { ...process.env, MALLOC_ARENA_MAX: '2' });\n`,
);
const env = childEnv({ POOLTOP_CACHE_DIR: join(dir, 'cache') });
const kinds = {
  direct: { args: [cliFile, '--demo'], env },
  flags: { args: [flag, cliFile, '--demo'], env: { ...env, MALLOC_ARENA_MAX: '2' } },
  reexec: { args: [launcher, '--demo'], env },
};
const out = Object.fromEntries(Object.keys(kinds).map((k) => [k, { ms: [], cpu: [] }]));
try {
  await timeToText([cliFile, '--demo'], showsPoolData, { env, holdMs: 4000 });
  for (let i = 0; i < Number(values.runs); i++) {
    for (const [kind, { args, env: kindEnv }] of Object.entries(kinds)) {
      let cpu;
      const ms = await timeToText(args, showsPoolData, {
        env: kindEnv,
        onFrame: (pid) => {
          cpu = cpuMs(pid);
        },
      });
      out[kind].ms.push(ms);
      out[kind].cpu.push(cpu);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const m = (k, what) => median(out[k][what]);
console.log(
  `node ${process.version}, ${flag}, n=${values.runs} each, medians (exec → first frame; CPU to it)`,
);
for (const k of Object.keys(kinds))
  console.log(`${k.padEnd(6)} ${fmt(m(k, 'ms'), 0)} ms, CPU ${fmt(m(k, 'cpu'), 0)} ms`);
console.log(
  `re-exec over direct: +${fmt(m('reexec', 'ms') - m('direct', 'ms'), 0)} ms wall, +${fmt(m('reexec', 'cpu') - m('direct', 'cpu'), 0)} ms CPU ` +
    `(of which the settings alone: +${fmt(m('flags', 'ms') - m('direct', 'ms'), 0)} ms, +${fmt(m('flags', 'cpu') - m('direct', 'cpu'), 0)} ms CPU)`,
);
process.exit(0);
