#!/usr/bin/env node
// `npm run release`: pooltop for a machine without Node.js, into release/ (docs/dev/release.md):
//   pooltop-<version>-linux-{x64,arm64}.tar.xz   bin/pooltop (sh launcher), lib/node (the official
//                                                binary, pinned in scripts/release/node-binary.mjs),
//                                                dist/ (the bundles and their V8 code caches),
//                                                man/pooltop.1, docs, LICENSE and LICENSE.node
//   pooltop_<version>-1_{amd64,arm64}.deb        the same tree in /usr/lib/pooltop, with units
//   SHA256SUMS
// From a clean checkout, with no network but the npm registry. Two builds of one commit give the
// same bytes but for the code caches (V8's are not deterministic): SOURCE_DATE_EPOCH (the last
// commit's time unless set), sorted entries, owner root, fixed modes, xz and gzip without names
// or times. `--no-code-cache` leaves the caches out, and then every byte is the same.
//
//   node scripts/release.mjs [--arch x64,arm64] [--no-code-cache] [--code-cache-arch x64,arm64]
//                            [--xz PRESET] [--out DIR]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildProgram, root } from './program-build.mjs';
import { armRunner, makeCodeCache } from './release/code-cache.mjs';
import {
  changelog,
  control,
  copyright,
  credentialsTemplate,
  DEB_ARCH,
  LINTIAN_OVERRIDES,
  POSTINST,
  POSTRM,
  PRERM,
  UNITS,
} from './release/debian.mjs';
import { manPage } from './release/man-page.mjs';
import { fetchNode, NODE } from './release/node-binary.mjs';
import { loadTable, valueFlags } from './release/table.mjs';
import { wrapperScript } from './release/wrapper.mjs';

const { values: opts } = parseArgs({
  options: {
    arch: { type: 'string', default: 'x64,arm64' },
    'no-code-cache': { type: 'boolean', default: false },
    // The architectures whose caches are made (arm64's runs under qemu-user: minutes).
    'code-cache-arch': { type: 'string', default: 'x64,arm64' },
    xz: { type: 'string', default: '6' },
    out: { type: 'string', default: join(root, 'release') },
  },
});
const arches = opts.arch.split(',').filter(Boolean);
for (const arch of arches) if (!(arch in DEB_ARCH)) throw new Error(`--arch: ${arch} is not x64 or arm64`);
if (!/^[0-9]e?$/.test(opts.xz)) throw new Error('--xz: a preset 0-9, e.g. 6 or 9e');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const epoch =
  process.env.SOURCE_DATE_EPOCH ?? execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).trim();
const when = new Date(Number(epoch) * 1000);
const out = opts.out;
const work = join(out, '.work');
const log = (line) => process.stderr.write(`release: ${line}\n`);
// Times, owners and order are fixed where files are packed; modes here.
const env = { ...process.env, SOURCE_DATE_EPOCH: epoch, TZ: 'UTC', LC_ALL: 'C' };

rmSync(out, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

log(`pooltop ${pkg.version}, Node.js ${NODE.version}, SOURCE_DATE_EPOCH=${epoch}`);
const dist = join(work, 'dist');
await buildProgram({ entry: 'src/main.ts', outDir: dist, name: 'pooltop' });
const table = await loadTable();
const man = manPage(table, { version: pkg.version, description: pkg.description, date: when.toISOString().slice(0, 10) });
const USER_DOCS = ['usage.md', 'monitoring.md', 'demo-service.md', 'faults.md'];

/** A file with its mode: 0755 for programs, 0644 for the rest (whatever the checkout's umask). */
function put(to, from, mode = 0o644) {
  mkdirSync(join(to, '..'), { recursive: true });
  if (typeof from === 'string') copyFileSync(from, to);
  else writeFileSync(to, from.text);
  chmodSync(to, mode);
}

/** Every directory 0755. */
function fixDirModes(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory() && entry.name !== 'DEBIAN') fixDirModes(join(dir, entry.name));
}

function gzipTo(to, text) {
  mkdirSync(join(to, '..'), { recursive: true });
  writeFileSync(to, execFileSync('gzip', ['-9n'], { input: text }));
  chmodSync(to, 0o644);
}

/** The archive's tree for `arch` in `dir`. */
async function stageArchive(arch, dir) {
  const fetched = fetchNode(arch, join(work, 'npm'), join(work, `node-${arch}`));
  put(join(dir, 'lib', 'node'), fetched.node, 0o755);
  put(join(dir, 'LICENSE.node'), fetched.license);
  put(join(dir, 'LICENSE'), join(root, 'LICENSE'));
  put(join(dir, 'README.md'), join(root, 'README.md'));
  for (const doc of USER_DOCS) put(join(dir, 'docs', doc), join(root, 'docs', doc));
  for (const file of readdirSync(join(root, 'contrib'))) put(join(dir, 'contrib', file), join(root, 'contrib', file));
  for (const bundle of ['pooltop.cjs', 'pooltop-commands.cjs', 'pooltop-dashboard.cjs'])
    // Not executable: bin/pooltop runs it with lib/node (its `#!/usr/bin/env node` would not).
    put(join(dir, 'dist', bundle), join(dist, bundle));
  put(join(dir, 'man', 'pooltop.1'), { text: man });
  put(join(dir, 'bin', 'pooltop'), { text: wrapperScript(table, valueFlags(table)) }, 0o755);
  if (opts['no-code-cache'] || !opts['code-cache-arch'].split(',').includes(arch))
    log(`${arch}: no code cache (--no-code-cache, --code-cache-arch)`);
  else {
    const { runner, why } =
      arch === process.arch ? { runner: '' } : arch === 'arm64' ? armRunner(join(dir, 'lib', 'node')) : { why: 'not this machine' };
    if (runner === undefined) log(`${arch}: no code cache: ${why}; its first start writes the user's own`);
    else {
      let launcher = join(dir, 'bin', 'pooltop');
      if (runner) {
        launcher = join(dir, 'bin', 'pooltop-under-qemu');
        put(launcher, { text: wrapperScript(table, valueFlags(table), `${runner} "$root/lib/node"`) }, 0o755);
      }
      const files = await makeCodeCache(launcher, join(dir, 'dist', 'code-cache'), {
        timeoutMs: runner ? 300_000 : 60_000,
      });
      if (runner) rmSync(launcher);
      log(`${arch}: code cache ${files.join(', ')}${runner ? ` (made under ${runner})` : ''}`);
    }
  }
  fixDirModes(dir);
}

/** tar.xz of `dir` under its own name, the same bytes for the same files. */
function tarXz(parent, name, file) {
  const tar = execFileSync(
    'tar',
    ['--sort=name', '--format=gnu', `--mtime=@${epoch}`, '--owner=0', '--group=0', '--numeric-owner', '-cf', '-', name],
    { cwd: parent, env, maxBuffer: 1024 * 1024 * 1024 },
  );
  writeFileSync(file, execFileSync('xz', [`-${opts.xz}`, '-T1', '-c'], { input: tar, maxBuffer: 1024 * 1024 * 1024 }));
}

/** Size in KiB as dpkg counts it: each file rounded up, one per directory or link. */
function installedSize(dir) {
  let kib = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === 'DEBIAN' && dir.endsWith('root')) continue;
    if (entry.isDirectory()) kib += 1 + installedSize(path);
    else if (entry.isSymbolicLink()) kib += 1;
    else kib += Math.ceil(statSync(path).size / 1024);
  }
  return kib;
}

function buildDeb(arch, tree, file) {
  const deb = join(work, `deb-${arch}`, 'root');
  rmSync(join(deb, '..'), { recursive: true, force: true });
  const lib = join(deb, 'usr', 'lib', 'pooltop');
  for (const [from, mode] of [
    ['bin/pooltop', 0o755],
    ['lib/node', 0o755],
    ['dist/pooltop.cjs', 0o644],
    ['dist/pooltop-commands.cjs', 0o644],
    ['dist/pooltop-dashboard.cjs', 0o644],
  ])
    put(join(lib, from), join(tree, from), mode);
  const cacheDir = join(tree, 'dist', 'code-cache');
  let caches = [];
  try {
    caches = readdirSync(cacheDir);
  } catch {}
  for (const f of caches) put(join(lib, 'dist', 'code-cache', f), join(cacheDir, f));
  mkdirSync(join(deb, 'usr', 'bin'), { recursive: true });
  symlinkSync('../lib/pooltop/bin/pooltop', join(deb, 'usr', 'bin', 'pooltop'));
  gzipTo(join(deb, 'usr', 'share', 'man', 'man1', 'pooltop.1.gz'), man);
  const doc = join(deb, 'usr', 'share', 'doc', 'pooltop');
  const version = `${pkg.version}-1`;
  put(
    join(doc, 'copyright'),
    {
      text: copyright({
        year: when.getUTCFullYear(),
        license: readFileSync(join(root, 'LICENSE'), 'utf8'),
        nodeVersion: NODE.version,
        nodeLicense: readFileSync(join(tree, 'LICENSE.node'), 'utf8'),
      }),
    },
  );
  gzipTo(join(doc, 'changelog.Debian.gz'), changelog({ version, date: when.toUTCString().replace('GMT', '+0000') }));
  gzipTo(join(doc, 'README.md.gz'), readFileSync(join(root, 'README.md')));
  gzipTo(join(doc, 'LICENSE.node.gz'), readFileSync(join(tree, 'LICENSE.node')));
  put(join(deb, 'usr', 'share', 'lintian', 'overrides', 'pooltop'), { text: LINTIAN_OVERRIDES });
  for (const d of USER_DOCS) gzipTo(join(doc, `${d}.gz`), readFileSync(join(root, 'docs', d)));
  for (const f of readdirSync(join(root, 'contrib'))) put(join(doc, 'contrib', f), join(root, 'contrib', f));
  for (const [name, text] of Object.entries(UNITS)) put(join(deb, 'usr', 'lib', 'systemd', 'system', name), { text });
  put(join(deb, 'etc', 'pooltop', 'credentials'), { text: credentialsTemplate(table.SETTINGS) }, 0o640);
  fixDirModes(deb);
  const control_ = join(deb, 'DEBIAN');
  put(join(control_, 'postinst'), { text: POSTINST }, 0o755);
  put(join(control_, 'prerm'), { text: PRERM }, 0o755);
  put(join(control_, 'postrm'), { text: POSTRM }, 0o755);
  put(join(control_, 'conffiles'), { text: '/etc/pooltop/credentials\n' });
  put(
    join(control_, 'control'),
    { text: control({ version, arch: DEB_ARCH[arch], installedSize: installedSize(deb), description: pkg.description }) },
  );
  chmodSync(control_, 0o755);
  execFileSync('dpkg-deb', ['--root-owner-group', `-Zxz`, `-z${opts.xz.replace('e', '')}`, '--build', deb, file], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const made = [];
for (const arch of arches) {
  const name = `pooltop-${pkg.version}-linux-${arch}`;
  const stage = join(work, `archive-${arch}`);
  rmSync(stage, { recursive: true, force: true });
  const tree = join(stage, name);
  await stageArchive(arch, tree);
  const archive = `${name}.tar.xz`;
  tarXz(stage, name, join(out, archive));
  made.push(archive);
  const deb = `pooltop_${pkg.version}-1_${DEB_ARCH[arch]}.deb`;
  buildDeb(arch, tree, join(out, deb));
  made.push(deb);
}
made.sort();
const sums = made.map((f) => `${createHash('sha256').update(readFileSync(join(out, f))).digest('hex')}  ${f}`);
writeFileSync(join(out, 'SHA256SUMS'), `${sums.join('\n')}\n`);
for (const f of made) log(`${relative(root, join(out, f))}  ${(statSync(join(out, f)).size / 1e6).toFixed(1)} MB`);
log(`${relative(root, join(out, 'SHA256SUMS'))}`);
// The staged trees and Node's tarballs (npm's cache keeps those): ~1 GB.
rmSync(work, { recursive: true, force: true });
