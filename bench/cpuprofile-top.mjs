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

/** Which package (or file) a node's code belongs to, from the source path and esbuild's comments are gone: use the URL. */
function where(cf) {
  const url = cf.url || '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

const byFn = new Map();
for (const [id, us] of self) {
  const cf = nodes.get(id).callFrame;
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf)}:${cf.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
}
const ms = (us) => (us / 1000).toFixed(1).padStart(8);
console.log(`total sampled ${ms(total)} ms  (${file})`);
console.log('\nself time by function:');
for (const [key, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(us)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
