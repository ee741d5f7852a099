#!/usr/bin/env node
// Classifies one /proc/<pid>/smaps dump into what the resident memory is (KiB of Rss):
//   node-text / node-rodata / node-data   the node binary (file-backed; ICU data is in rodata)
//   libs                                  other shared objects
//   brk-heap                              [heap]: the main thread's malloc arena
//   malloc-arenas                         64 MiB-aligned anon reservations (other threads' arenas)
//   v8-pages                              anon mappings, 256 KiB aligned, multiples of 256 KiB
//   big-reservation                       anon runs of ≥ 1 GiB (wasm memory, V8 code range)
//   stacks                                [stack] and 8 MiB thread stacks
//   other-anon
// Usage: node smaps-classify.mjs FILE [FILE2]   (with two files: the difference per class, and per mapping)
import { readFileSync } from 'node:fs';

export function parse(text) {
  const maps = [];
  let cur;
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      cur = { start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[2]}`), perms: m[3], path: m[4].trim(), kb: {} };
      cur.size = Number(cur.end - cur.start);
      maps.push(cur);
      continue;
    }
    const k = /^(\w+):\s+(\d+) kB/.exec(line);
    if (k && cur) cur.kb[k[1]] = Number(k[2]);
  }
  return maps;
}

const MiB = 1 << 20;
export function classify(maps) {
  // Runs of adjacent anonymous mappings (a reservation split by permissions).
  const runs = [];
  for (const m of maps) {
    const anon = m.path === '' ;
    const prev = runs.at(-1);
    if (anon && prev && prev.anon && prev.end === m.start) {
      prev.maps.push(m);
      prev.end = m.end;
    } else runs.push({ anon, start: m.start, end: m.end, maps: [m] });
  }
  const by = {};
  const add = (k, m) => {
    by[k] ??= { rss: 0, anon: 0, size: 0, n: 0 };
    by[k].rss += m.kb.Rss ?? 0;
    by[k].anon += m.kb.Anonymous ?? 0;
    by[k].size += m.size / 1024;
    by[k].n++;
    m.cls = k;
  };
  const A64 = BigInt(64 * MiB);
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i];
    const next = maps[i + 1];
    const prev = maps[i - 1];
    let k;
    if (m.path !== '') {
      if (m.path.endsWith('/node')) k = m.perms.includes('x') ? 'node-text' : m.perms.startsWith('r--') ? 'node-rodata' : 'node-data';
      else if (m.path === '[heap]') k = 'brk-heap';
      else if (m.path === '[stack]') k = 'stacks';
      else if (m.path.startsWith('[')) k = `special ${m.path}`;
      else if (m.path.includes('.so')) k = 'libs';
      else k = `file ${m.path}`;
    } else if (m.perms === 'rw-p' && m.start % A64 === 0n && m.start > 0x700000000000n && (m.size === 64 * MiB || (next && next.start === m.end && next.perms === '---p' && m.size + next.size === 64 * MiB))) k = 'malloc-arenas';
    else if (m.perms === 'rwxp') k = m.start > 0x700000000000n ? 'v8-code-pages' : 'wasm-code';
    else if (m.perms === 'rw-p' && m.size === 8192 && next?.perms === '---p' && maps[i + 2]?.perms === 'rwxp') k = 'v8-code-pages';
    else if (m.perms === 'rw-p' && (m.size === 8 * MiB) && prev?.perms === '---p' && prev.size === 4096) k = 'stacks';
    else if (m.size >= 1024 * MiB || (prev?.size >= 1024 * MiB && prev.end === m.start) || (next?.size >= 1024 * MiB && next.start === m.end)) k = 'wasm-memory';
    else if (m.start % 262144n === 0n && m.size % 262144 === 0) k = 'v8-pages';
    else k = 'other-anon';
    add(k, m);
  }
  return by;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [a, b] = process.argv.slice(2).map((f) => parse(readFileSync(f, 'utf8')));
  const ca = classify(a);
  if (!b) {
    for (const [k, v] of Object.entries(ca).sort((x, y) => y[1].rss - x[1].rss)) console.log(`${k.padEnd(18)} ${String(v.rss).padStart(7)} KiB rss  (${v.n} maps)`);
  } else {
    const cb = classify(b);
    for (const k of new Set([...Object.keys(ca), ...Object.keys(cb)])) {
      const x = ca[k]?.rss ?? 0, y = cb[k]?.rss ?? 0;
      console.log(`${k.padEnd(18)} ${String(x).padStart(7)} → ${String(y).padStart(7)} KiB  Δ ${String(y - x).padStart(6)}`);
    }
  }
}
