/**
 * The release (scripts/release.mjs), as a user gets it: the x64 archive run with the machine's
 * old Node first on PATH and with no node on PATH at all, its shipped code cache, the launcher's
 * V8 settings, the .deb's paths, modes, conffiles and units (unpacked with dpkg-deb -x, never
 * installed), lintian, the arm64 files, SHA256SUMS and two builds' bytes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invocationOf } from '../../src/commands/support/mode.js';
import {
  AFTER_START_UP_V8_FLAGS,
  AT_START_V8_FLAGS,
  COMMAND_LINE_V8_FLAGS,
  SERVICE_V8_FLAGS,
} from '../../src/launch/dashboard-heap.js';
import { has, releaseBuild, version } from './build.js';

const NAME = `pooltop-${version}-linux-x64`;
const DEB = `pooltop_${version}-1_amd64.deb`;
const ARM_DEB = `pooltop_${version}-1_arm64.deb`;
let out: string;
let work: string;
let tree: string;
let debRoot: string;

function run(file: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(file, args, { env, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  out = releaseBuild('main');
  work = mkdtempSync(join(tmpdir(), 'pooltop-release-test-'));
  execFileSync('tar', ['-xJf', join(out, `${NAME}.tar.xz`), '-C', work]);
  tree = join(work, NAME);
  debRoot = join(work, 'deb');
  execFileSync('dpkg-deb', ['-x', join(out, DEB), debRoot]);
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the x64 archive', () => {
  const home = () => join(work, 'home');
  const plainEnv = (path: string) => ({ PATH: path, HOME: home(), LANG: 'C.UTF-8' });

  it('runs its own Node with the machine’s old Node first on PATH, and with no node on PATH', () => {
    const old = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
    if (old.status === 0) expect(old.stdout).not.toMatch(/^v24\./);
    for (const path of ['/usr/bin:/bin', join(work, 'no-such-dir')]) {
      const v = run(join(tree, 'bin', 'pooltop'), ['--version'], plainEnv(path));
      expect(v).toMatchObject({ code: 0, stderr: '' });
      expect(v.stdout.trim()).toBe(version);
      const pool = run(join(tree, 'bin', 'pooltop'), ['--demo', 'pool', '--json'], plainEnv(path));
      expect(pool.code).toBe(0);
      expect(JSON.parse(pool.stdout)).toHaveProperty('current_hash_rate');
    }
  });

  it('follows a symbolic link to itself (/usr/bin/pooltop → /usr/lib/pooltop/bin/pooltop)', () => {
    const link = join(work, 'pooltop-link');
    symlinkSync(join(tree, 'bin', 'pooltop'), link);
    expect(run(link, ['--version'], plainEnv('/usr/bin:/bin')).stdout.trim()).toBe(version);
  });

  it('starts from its shipped code cache, read-only, and says nothing about it', () => {
    const dir = join(tree, 'dist', 'code-cache');
    expect(readdirSync(dir).sort()).toEqual(
      ['commands', 'dashboard', 'exporter', 'watch'].map((b) => `${b}-${version}-node24.21.0-x64.v8`).sort(),
    );
    const ro = join(work, 'ro-home');
    execFileSync('mkdir', ['-p', ro]);
    chmodSync(tree, 0o555);
    chmodSync(ro, 0o555);
    try {
      const env = { PATH: '/usr/bin:/bin', HOME: ro, LANG: 'C.UTF-8' };
      const quiet = run(join(tree, 'bin', 'pooltop'), ['--demo', 'pool', '--json'], env);
      expect(quiet).toMatchObject({ code: 0, stderr: '' });
      const told = run(join(tree, 'bin', 'pooltop'), ['--demo', 'exporter', '--once'], { ...env, DEBUG: 'pooltop' });
      expect(told.code).toBe(0);
      // The rest of the service's settings, set by pooltop itself (src/launch/dashboard-heap.ts).
      const rest = SERVICE_V8_FLAGS.filter((flag) => !COMMAND_LINE_V8_FLAGS.includes(flag));
      expect(told.stderr).toContain(`pooltop: v8: ${rest.join(' ')}\n`);
      expect(told.stderr).toContain(`code cache: accepted (${join(dir, `exporter-${version}-node24.21.0-x64.v8`)})`);
    } finally {
      chmodSync(tree, 0o755);
    }
  });

  it('gives node the V8 settings of the process pooltop starts, as pooltop tells them apart', () => {
    // A twin tree whose lib/node prints what it was given.
    const twin = join(work, 'twin');
    execFileSync('mkdir', ['-p', join(twin, 'bin'), join(twin, 'lib')]);
    execFileSync('cp', [join(tree, 'bin', 'pooltop'), join(twin, 'bin', 'pooltop')]);
    writeFileSync(join(twin, 'lib', 'node'), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n');
    chmodSync(join(twin, 'lib', 'node'), 0o755);
    const cases = [
      [],
      ['--demo'],
      ['--interval', '5', '--theme', 'light'],
      ['--account', 'main', '--demo'],
      ['--version'],
      ['--demo', 'pool', '--json'],
      ['--profile', 'work', 'accounts', '--all'],
      ['watch', '--demo'],
      ['--demo', 'exporter', '--once'],
      ['mining', 'workers'],
      ['nonsense'],
      ['--help'],
      ['--', 'pool'],
    ];
    const onCommandLine = (flags: readonly string[]) => flags.filter((flag) => COMMAND_LINE_V8_FLAGS.includes(flag));
    const expected = {
      dashboard: onCommandLine([...AT_START_V8_FLAGS, ...AFTER_START_UP_V8_FLAGS]),
      service: onCommandLine(SERVICE_V8_FLAGS),
      other: [],
    };
    expect(expected.dashboard).toEqual(['--semi-space-growth-factor=1']);
    for (const argv of cases) {
      const inv = invocationOf(argv);
      const kind = inv === 'dashboard' ? 'dashboard' : inv === 'watch' || inv === 'exporter' ? 'service' : 'other';
      const given = run(join(twin, 'bin', 'pooltop'), argv, { PATH: '/usr/bin:/bin' }).stdout.split('\n').slice(0, -1);
      const at = given.indexOf(join(twin, 'dist', 'pooltop.cjs'));
      expect({ argv, flags: given.slice(0, at) }).toEqual({ argv, flags: ['--disable-sigusr1', ...expected[kind]] });
      expect(given.slice(at + 1)).toEqual(argv);
    }
  });

  // Why only those (src/launch/dashboard-heap.ts): every code cache, Node's own for its modules
  // among them, is checked against a hash of V8's settings. Asked of the Node the archive ships.
  it('puts on node’s command line only settings that leave its code caches usable', () => {
    const node = join(tree, 'lib', 'node');
    const probe = (flags: readonly string[]) =>
      spawnSync(node, [...flags, '-e', 'require("node:http")'], {
        env: { PATH: '/usr/bin:/bin', NODE_DEBUG_NATIVE: 'CODE_CACHE' },
        encoding: 'utf8',
      }).stderr;
    expect(probe([])).toMatch(/Code cache of [\w/]+ .* is accepted/);
    expect(probe([])).not.toContain('is rejected');
    const onCommandLine = ['--disable-sigusr1', ...COMMAND_LINE_V8_FLAGS];
    expect(probe(onCommandLine)).not.toContain('is rejected');
    // Each of the others would cost every module's cache, bootstrap's included: set at run time instead.
    for (const flag of SERVICE_V8_FLAGS.filter((f) => !COMMAND_LINE_V8_FLAGS.includes(f))) {
      const told = probe([flag]);
      expect({ flag, accepted: told.includes('is accepted') }).toEqual({ flag, accepted: false });
      expect(told).toContain('is rejected');
    }
    // Through the launcher, the dashboard's and a service's processes keep Node's bootstrap caches.
    const env = { ...plainEnv('/usr/bin:/bin'), NODE_DEBUG_NATIVE: 'CODE_CACHE' };
    for (const args of [['--demo', 'exporter', '--once'], ['--demo', 'watch', '--once']]) {
      const told = run(join(tree, 'bin', 'pooltop'), args, env);
      expect(told.code).toBe(0);
      expect(told.stderr).toMatch(/Code cache of internal\/main\/run_main_module .* is accepted/);
    }
  });
});

describe('the .deb', () => {
  const deb = () => join(out, DEB);
  let listing: string | undefined;
  const contents = () => {
    listing ??= execFileSync('dpkg-deb', ['--contents', deb()], { encoding: 'utf8' });
    return listing;
  };
  const entry = (path: string) => contents().split('\n').find((line) => line.split(/\s+/)[5] === `.${path}`);

  it('says what it is and keeps the credentials as a conffile', () => {
    const info = execFileSync('dpkg-deb', ['--info', deb()], { encoding: 'utf8' });
    expect(info).toMatch(/^ Package: pooltop$/m);
    expect(info).toContain(` Version: ${version}-1`);
    expect(info).toMatch(/^ Architecture: amd64$/m);
    expect(execFileSync('dpkg-deb', ['--ctrl-tarfile', deb()]).length).toBeGreaterThan(0);
    const conffiles = execFileSync('dpkg-deb', ['-I', deb(), 'conffiles'], { encoding: 'utf8' });
    expect(conffiles.trim()).toBe('/etc/pooltop/credentials');
  });

  it('holds its files with the right modes, root-owned', () => {
    expect(entry('/usr/lib/pooltop/bin/pooltop')).toMatch(/^-rwxr-xr-x root\/root /);
    expect(entry('/usr/lib/pooltop/lib/node')).toMatch(/^-rwxr-xr-x root\/root /);
    expect(entry('/usr/bin/pooltop')).toMatch(/^lrwxrwxrwx root\/root .* -> \.\.\/lib\/pooltop\/bin\/pooltop$/);
    expect(entry('/etc/pooltop/credentials')).toMatch(/^-rw-r----- root\/root /);
    for (const path of [
      '/usr/lib/pooltop/dist/pooltop.cjs',
      '/usr/lib/pooltop/dist/pooltop-commands.cjs',
      '/usr/lib/pooltop/dist/pooltop-dashboard.cjs',
      `/usr/lib/pooltop/dist/code-cache/commands-${version}-node24.21.0-x64.v8`,
      '/usr/share/man/man1/pooltop.1.gz',
      '/usr/share/doc/pooltop/copyright',
      '/usr/share/doc/pooltop/changelog.Debian.gz',
      '/usr/lib/systemd/system/pooltop-watch.service',
      '/usr/lib/systemd/system/pooltop-exporter.service',
    ])
      expect(entry(path), path).toMatch(/^-rw-r--r-- root\/root /);
    expect(contents()).not.toMatch(/ \.\/etc\/systemd\//);
  });

  it('installs the services disabled, makes a system user and removes it on purge', () => {
    const script = (name: string) => execFileSync('dpkg-deb', ['-I', deb(), name], { encoding: 'utf8' });
    const postinst = script('postinst');
    expect(postinst).toContain('adduser --system');
    expect(postinst).toContain('chgrp pooltop /etc/pooltop/credentials');
    expect(postinst).not.toMatch(/systemctl\s+(enable|start)|deb-systemd-invoke/);
    const postrm = script('postrm');
    expect(postrm).toContain('rm -rf /var/lib/pooltop');
    expect(postrm).toMatch(/deluser --system .*pooltop/);
    for (const name of ['pooltop-watch', 'pooltop-exporter']) {
      const unit = readFileSync(join(debRoot, 'usr/lib/systemd/system', `${name}.service`), 'utf8');
      for (const line of [
        'User=pooltop',
        'EnvironmentFile=/etc/pooltop/credentials',
        'StateDirectory=pooltop',
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'WantedBy=multi-user.target',
      ])
        expect(unit, `${name}: ${line}`).toContain(line);
      expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/pooltop ${name.replace('pooltop-', '')}\\b`, 'm'));
    }
    const credentials = readFileSync(join(debRoot, 'etc/pooltop/credentials'), 'utf8');
    for (const name of ['WHITEBIT_API_KEY', 'WHITEBIT_API_SECRET']) expect(credentials).toContain(`#${name}=`);
  });

  it.skipIf(!has('systemd-analyze'))('has units systemd-analyze verify accepts', () => {
    // The unit as installed, but with ExecStart on the unpacked tree (/usr/bin/pooltop is not installed here).
    const dir = join(work, 'units');
    execFileSync('mkdir', ['-p', dir]);
    for (const name of ['pooltop-watch.service', 'pooltop-exporter.service']) {
      const unit = readFileSync(join(debRoot, 'usr/lib/systemd/system', name), 'utf8');
      writeFileSync(join(dir, name), unit.replace('/usr/bin/pooltop', join(debRoot, 'usr/lib/pooltop/bin/pooltop')));
    }
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', join(dir, 'pooltop-watch.service'), join(dir, 'pooltop-exporter.service')], {
      encoding: 'utf8',
    });
    // Only the unit files' own lines: a container's systemd complains of its own missing units.
    const about = r.stderr.split('\n').filter((l) => l.includes('pooltop-'));
    expect(about.filter((l) => !/credentials|User=|Failed to (create|prepare|load)|not running/i.test(l))).toEqual([]);
  });

  it('runs from the unpacked tree through /usr/bin/pooltop with no node on PATH', () => {
    const r = run(join(debRoot, 'usr', 'bin', 'pooltop'), ['--demo', 'pool', '--json'], {
      PATH: join(work, 'no-such-dir'),
      HOME: join(work, 'home'),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('current_hash_rate');
  });

  it.skipIf(!has('lintian'))('passes lintian with no errors', () => {
    const r = spawnSync('lintian', ['--no-tag-display-limit', deb()], { encoding: 'utf8', timeout: 300_000 });
    const errors = `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.startsWith('E:'));
    expect(errors).toEqual([]);
  }, 300_000);
});

describe('the arm64 files', () => {
  it('hold an aarch64 Node', () => {
    const dir = join(work, 'arm');
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('tar', ['-xJf', join(out, `pooltop-${version}-linux-arm64.tar.xz`), '-C', dir]);
    const node = join(dir, `pooltop-${version}-linux-arm64`, 'lib', 'node');
    const header = readFileSync(node).subarray(0, 20);
    // ELF, 64-bit, little-endian, e_machine 183 (EM_AARCH64).
    expect([...header.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
    expect(header[4]).toBe(2);
    expect(header.readUInt16LE(18)).toBe(183);
    const debDir = join(work, 'arm-deb');
    execFileSync('dpkg-deb', ['-x', join(out, ARM_DEB), debDir]);
    expect(readFileSync(join(debDir, 'usr/lib/pooltop/lib/node')).readUInt16LE(18)).toBe(183);
    expect(execFileSync('dpkg-deb', ['-f', join(out, ARM_DEB), 'Architecture'], { encoding: 'utf8' }).trim()).toBe('arm64');
  });

  it.skipIf(!has('qemu-aarch64-static'))('run pooltop --version under qemu-user-static', (ctx) => {
    const tree = join(work, 'arm', `pooltop-${version}-linux-arm64`);
    // Node is linked dynamically: qemu needs aarch64's libraries (Debian's libc6-arm64-cross, libstdc++6-arm64-cross).
    const env = { PATH: '/usr/bin:/bin', HOME: join(work, 'home'), QEMU_LD_PREFIX: '/usr/aarch64-linux-gnu' };
    const node = run('qemu-aarch64-static', [join(tree, 'lib', 'node'), '--version'], env);
    if (node.code !== 0) {
      ctx.skip(`qemu-aarch64-static cannot run node here (${node.stderr.trim()}): install libc6-arm64-cross and libstdc++6-arm64-cross`);
      return;
    }
    expect(node.stdout.trim()).toBe('v24.21.0');
    const r = run('qemu-aarch64-static', [join(tree, 'lib', 'node'), join(tree, 'dist', 'pooltop.cjs'), '--version'], env);
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout.trim()).toBe(version);
  });
});

describe('the release', () => {
  it('has SHA256SUMS for every file', () => {
    const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8');
    const files = readdirSync(out).filter((f) => f !== 'SHA256SUMS').sort();
    expect(sums.trim().split('\n').map((l) => l.split('  ')[1])).toEqual(files);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' })).not.toMatch(/FAILED/);
  });

  it('is the same bytes twice (without the code caches, which V8 does not make twice alike)', () => {
    const a = releaseBuild('plain-1');
    const b = releaseBuild('plain-2');
    expect(readFileSync(join(a, 'SHA256SUMS'), 'utf8')).toBe(readFileSync(join(b, 'SHA256SUMS'), 'utf8'));
  }, 900_000);
});
