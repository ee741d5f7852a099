#!/usr/bin/env node
// Run first by `npm start`, `npm test` and `npm run bench`: on a Node.js older than package.json's
// engines.node, one line naming both versions and exit 2, before a build or a test run that
// would fail minutes later. The executable makes the same check with the same words
// (src/launch/require-node.ts; test/launch/require-node.test.ts holds both to it). Written for
// old releases: no newer syntax, nothing but node: built-ins.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const need = pkg.engines.node.replace(/^>=/, '');

/** Whether version `have` ("22.19.0") is at least `need` ("22.19.0"). */
function atLeast(have, want) {
  const a = have.split('.').map(Number);
  const b = want.split('.').map(Number);
  for (let i = 0; i < b.length; i++) {
    const x = a[i] || 0;
    const y = b[i] || 0;
    if (x !== y) return x > y;
  }
  return true;
}

if (!atLeast(process.versions.node, need)) {
  const event = process.env.npm_lifecycle_event;
  const what =
    event === 'test' || event === 'start' ? `npm ${event}` : event ? `npm run ${event}` : 'pooltop';
  process.stderr.write(
    `pooltop: ${what} needs Node.js ${need.replace(/\.0$/, '')} or newer (this is ${process.version})\n`,
  );
  process.exit(2);
}
