#!/usr/bin/env node
// Summarises a V8 .cpuprofile: top functions by self time, and by package/file (self time).
//   node bench/cpuprofile-top.mjs FILE.cpuprofile [--top 25] [--since MS] [--until MS]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/cpuprofile-top.mjs FILE.cpuprofile [--top N] [--since MS] [--until MS]');
  process.exit(2);
}
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const top = arg('top', 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const since = arg('since', 0) * 1000;
const until = arg('until', Number.POSITIVE_INFINITY) * 1000;

// Self time per node from samples and time deltas (microseconds).
const self = new Map();
let t = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  const rel = t - profile.startTime;
  if (rel < since || rel > until) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  total += dt;
}

// An unminified esbuild bundle marks where each module starts with a `// path` comment line;
// map a bundle line back to its module (node_modules/<pkg>/… or src/…).
const bundles = new Map();
function moduleMap(path) {
  if (!bundles.has(path)) {
    const starts = [];
    try {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = /^\/\/ ((?:node_modules|src|bench)\/\S+)$/.exec(line);
          if (m) starts.push([i, m[1]]);
        });
    } catch {
      // not a readable file (node:internal…)
    }
    bundles.set(path, starts);
  }
  return bundles.get(path);
}

/** The source module of a call frame: `src/ui/shell.tsx`, `node_modules/ink/build/output.js`, `node:internal/…`. */
function where(cf) {
  const url = cf.url || '(native)';
  if (!url.startsWith('file://')) return url;
  const path = url.slice('file://'.length);
  const starts = moduleMap(path);
  let lo = 0;
  let hi = starts.length - 1;
  let found;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid][0] <= cf.lineNumber) {
      found = starts[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found ?? path.split('/').slice(-2).join('/');
}

function pkg(module) {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (m) return m[1];
  if (module.startsWith('src/')) return module.split('/').slice(0, 3).join('/');
  return module;
}

const byFn = new Map();
const byPkg = new Map();
for (const [id, us] of self) {
  const cf = nodes.get(id).callFrame;
  const module = where(cf);
  const key = `${cf.functionName || '(anonymous)'}  ${module}:${cf.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
  const p = cf.functionName === '(garbage collector)' || cf.functionName === '(program)' || cf.functionName === '(idle)' ? cf.functionName : pkg(module);
  byPkg.set(p, (byPkg.get(p) ?? 0) + us);
}
const ms = (us) => (us / 1000).toFixed(1).padStart(8);
console.log(`total sampled ${ms(total)} ms  (${file})`);
console.log('\nself time by function:');
for (const [key, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(us)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
console.log('\nself time by package / source folder:');
for (const [key, us] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(us)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}

// Inclusive time of the functions named with --inclusive a,b,c (recursion counted once), and
// who calls the top self-time functions (--callers N).
const wanted = (() => {
  const i = process.argv.indexOf('--inclusive');
  return i > 0 ? process.argv[i + 1].split(',') : [];
})();
if (wanted.length) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map(wanted.map((w) => [w, 0]));
  for (const [id, us] of self) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const name = nodes.get(cur).callFrame.functionName;
      if (incl.has(name) && !seen.has(name)) {
        seen.add(name);
        incl.set(name, incl.get(name) + us);
      }
    }
  }
  console.log('\ninclusive time:');
  for (const [name, us] of incl) console.log(`${ms(us)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
}
const callersOf = arg('callers', 0);
if (callersOf) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const topFns = [...byFn].sort((a, b) => b[1] - a[1]).filter(([k]) => !k.startsWith('(')).slice(0, callersOf);
  console.log('\ncallers (3 frames up) of the top functions:');
  for (const [key] of topFns) {
    const chains = new Map();
    for (const [id, us] of self) {
      const cf = nodes.get(id).callFrame;
      if (`${cf.functionName || '(anonymous)'}  ${where(cf)}:${cf.lineNumber + 1}` !== key) continue;
      const chain = [];
      for (let cur = parent.get(id); cur !== undefined && chain.length < 3; cur = parent.get(cur)) {
        chain.push(nodes.get(cur).callFrame.functionName || '(anon)');
      }
      const c = chain.join(' < ');
      chains.set(c, (chains.get(c) ?? 0) + us);
    }
    console.log(`  ${key}`);
    for (const [c, us] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`    ${ms(us)} ms  < ${c}`);
  }
}

// --timeline MS: what ran in each MS-long slice of the profile (top 3 packages by self time).
const slice = arg('timeline', 0);
if (slice) {
  const buckets = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const b = Math.floor((at - profile.startTime) / 1000 / slice);
    const cf = nodes.get(profile.samples[i]).callFrame;
    const p = cf.url ? pkg(where(cf)) : cf.functionName || '(native)';
    if (!buckets.has(b)) buckets.set(b, new Map());
    const m = buckets.get(b);
    m.set(p, (m.get(p) ?? 0) + dt);
  }
  console.log(`\ntimeline (${slice} ms slices, top packages by self time):`);
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
    if (b * slice * 1000 > until) break;
    const parts = [...m].sort((x, y) => y[1] - x[1]).slice(0, 4).map(([p, us]) => `${p} ${(us / 1000).toFixed(0)}`);
    console.log(`${String(b * slice).padStart(6)} ms  ${parts.join(' · ')}`);
  }
}
