#!/usr/bin/env node
// Builds pooltop for shipping: dist/pooltop.cjs (the executable), dist/pooltop-commands.cjs and
// dist/pooltop-dashboard.cjs (the program), see scripts/program-build.mjs. `--if-stale` skips the
// build when dist is newer than every source file.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildProgram, root } from './program-build.mjs';

const dist = join(root, 'dist');
const outputs = [
  join(dist, 'pooltop.cjs'),
  join(dist, 'pooltop-commands.cjs'),
  join(dist, 'pooltop-dashboard.cjs'),
];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale() {
  try {
    const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
    const inputs = [
      newestMtime(join(root, 'src')),
      newestMtime(join(root, 'scripts')),
      newestMtime(join(root, 'patches')),
      statSync(join(root, 'package-lock.json')).mtimeMs,
    ];
    return inputs.some((t) => t > built);
  } catch {
    return true;
  }
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
// Files of earlier builds, if a checkout still has them.
for (const old of ['pooltop.js', 'pooltop-app.cjs']) rmSync(join(dist, old), { force: true });
await buildProgram({ entry: 'src/main.ts', outDir: dist, name: 'pooltop' });
