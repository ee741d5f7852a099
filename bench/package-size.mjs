// Figure 7: what `npm pack` would publish (packed and unpacked size, files) and the runtime
// dependencies: `dependencies` in package.json, and any non-builtin module the executable or the program imports.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function measurePackage(root) {
  // --ignore-scripts: the bench has just built dist; prepack would build it again.
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const bundle = ['pooltop.cjs', 'pooltop-commands.cjs']
    .map((f) => readFileSync(join(root, 'dist', f), 'utf8'))
    .join('\n');
  const imported = new Set();
  for (const m of bundle.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g,
  ))
    imported.add(m[1]);
  const moduleName = /^(?:node:)?(?:@[a-z0-9._-]+\/)?[a-z0-9._-]+(?:\/[\w./-]+)?$/;
  // `node:` names are Node's own even where this Node lacks them (a probe inside a try): the
  // scheme cannot name an npm package.
  const external = [...imported].filter(
    (name) => moduleName.test(name) && !name.startsWith('node:') && !isBuiltin(name),
  );
  return {
    packed: info.size,
    unpacked: info.unpackedSize,
    files: info.files.map((f) => `${f.path} (${f.size} B)`),
    dependencies: Object.keys(pkg.dependencies ?? {}),
    optionalDependencies: Object.keys(pkg.optionalDependencies ?? {}),
    peerDependencies: Object.keys(pkg.peerDependencies ?? {}),
    bundleExternalImports: external,
  };
}
