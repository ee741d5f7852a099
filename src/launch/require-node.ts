/**
 * The executable's first statement: on a Node.js older than package.json's `engines.node`, one
 * line and exit code 2 instead of a syntax error or a missing built-in further in. Written to
 * run on old releases (no newer syntax, no imports), and imported before anything else.
 */
declare const __POOLTOP_MIN_NODE__: string;

/** Whether version `have` ("22.19.0") is at least `need` ("22.19" or "22.19.0"). */
function atLeast(have: string, need: string): boolean {
  const a = have.split('.').map(Number);
  const b = need.split('.').map(Number);
  for (let i = 0; i < b.length; i++) {
    const x = a[i] || 0;
    const y = b[i] || 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** "22.19.0" → "22.19" (a patch level of 0 says nothing). */
function shortVersion(version: string): string {
  return version.replace(/\.0$/, '');
}

if (!atLeast(process.versions.node, __POOLTOP_MIN_NODE__)) {
  process.stderr.write(
    `pooltop: needs Node.js ${shortVersion(__POOLTOP_MIN_NODE__)} or newer (this is ${process.version})\n`,
  );
  process.exit(2);
}
