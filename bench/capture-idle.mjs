#!/usr/bin/env node
// What an idle dashboard writes: runs `pooltop --interval 1` (dist/pooltop.cjs) in a 120×40 pty
// against the embedded service, records the output for a few seconds on the Pool tab (or the
// tab given), and shows per frame: when, how many bytes, and which screen rows actually changed,
// plus what redrawing only the changed rows would have cost.
//   node bench/capture-idle.mjs [--seconds 10] [--tab 1] [--interval 1] [--dump FILE]
// Needs a built dist/pooltop.cjs (npm run build) and the bundled service (built here).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { bundleEntries, makeWorkDir, root } from './bundle.mjs';
import { showsPoolData } from './markers.mjs';
import { killAllPtys, startPty } from './pty.mjs';
import { closeAllServices, hostService } from './service-host.mjs';
import { sleep } from './stats.mjs';

const require = createRequire(import.meta.url);
const { Terminal } = require('@xterm/headless');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg('seconds', 10));
const tab = arg('tab', '1');
const interval = arg('interval', '1');
const dump = arg('dump', undefined);
const COLS = 120;
const ROWS = 40;

const work = makeWorkDir();
process.on('exit', () => {
  killAllPtys();
  work.cleanup();
});
const built = await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' });
const host = await hostService(built.service.file);
const session = startPty(process.execPath, [join(root, 'dist', 'pooltop.cjs'), '--interval', interval], {
  cols: COLS,
  rows: ROWS,
  env: host.env(),
  record: true,
});
await session.waitFor(showsPoolData, 20_000, 'pool data');
if (tab !== '1') session.write(tab);
await sleep(3000);
const from = session.chunks.length;
const t0 = performance.now();
await sleep(seconds * 1000);
const chunks = session.chunks.slice(from);
session.write('q');
await Promise.race([session.exited, sleep(2000)]);
await session.kill();
await closeAllServices();

// Replay: the screen before the window is unknown to a fresh terminal, so replay everything
// recorded and start comparing at the window.
const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 0 });
const write = (data) => new Promise((resolve) => term.write(data, resolve));
const screen = () => {
  const b = term.buffer.active;
  return Array.from({ length: ROWS }, (_, i) => b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
};
for (const c of session.chunks.slice(0, from)) await write(c.data);

// Frames: Ink brackets each in synchronized-update marks (ESC[?2026h … ESC[?2026l); else chunks
// closer than 5 ms together.
const frames = [];
let current;
for (const c of chunks) {
  if (!current || c.data.includes('\x1b[?2026h') || c.at - current.last > 5) {
    current = { at: c.at, last: c.at, data: '' };
    frames.push(current);
  }
  current.data += c.data;
  current.last = c.at;
}
let prev = screen();
const rowChanges = new Map();
let changedBytes = 0;
let totalBytes = 0;
console.log(`${frames.length} frames in ${seconds} s on tab ${tab} (--interval ${interval}, ${COLS}×${ROWS}):`);
console.log('  at ms   bytes  rows changed');
for (const f of frames) {
  await write(f.data);
  const now = screen();
  const changed = [];
  for (let i = 0; i < ROWS; i++) {
    if (now[i] === prev[i]) continue;
    changed.push(i);
    rowChanges.set(i, { n: (rowChanges.get(i)?.n ?? 0) + 1, text: now[i] });
  }
  // What redrawing only these rows would cost: cursor move + the row's bytes in this frame (≈
  // its share of the frame by text length, colour codes included).
  const lines = f.data.split(/\r?\n/);
  const share = changed.reduce((s, i) => s + Buffer.byteLength(lines[i] ?? now[i], 'utf8') + 8, 0);
  const bytes = Buffer.byteLength(f.data, 'utf8');
  totalBytes += bytes;
  changedBytes += share;
  console.log(`${(f.at - t0).toFixed(0).padStart(7)} ${String(bytes).padStart(7)}  ${changed.length ? changed.join(',') : '(none: identical redraw)'}`);
  prev = now;
}
console.log(`\nbytes: ${(totalBytes / seconds).toFixed(0)} B/s written; redrawing only the changed rows ≈ ${(changedBytes / seconds).toFixed(0)} B/s`);
console.log('\nrows that changed (times in the window) and their last text:');
for (const [row, { n, text }] of [...rowChanges].sort((a, b) => a[0] - b[0])) {
  console.log(`  row ${String(row).padStart(2)} ×${String(n).padStart(3)}  ${text.trimEnd().slice(0, 100)}`);
}
if (dump) {
  writeFileSync(dump, chunks.map((c) => c.data).join(''));
  console.log(`raw bytes of the window: ${dump}`);
}
process.exit(0);
