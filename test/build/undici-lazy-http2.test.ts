/**
 * undici's HTTP/2 connector (and with it node:http2 and node:tls) loads on first use, not with
 * the client (scripts/undici-lazy-http2.mjs). A CommonJS bundle of the Pool pooltop uses makes a
 * real request on loopback with and without the patch: both work, and only the unpatched one
 * loads node:http2.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { lazyHttp2, undiciLazyHttp2 } from '../../scripts/undici-lazy-http2.mjs';
import { bundleForTest } from '../support/esbuild-bundle.js';

const require = createRequire(join(process.cwd(), 'package.json'));
const clientPath = join(process.cwd(), 'node_modules', 'undici', 'lib', 'dispatcher', 'client.js');
const out = mkdtempSync(join(tmpdir(), 'pooltop-undici-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function requestWith(plugins: Plugin[], name: string) {
  const entry = join(out, `${name}.mjs`);
  writeFileSync(
    entry,
    [
      "import { createServer } from 'node:http';",
      "import { Pool } from 'undici';",
      "const server = createServer((req, res) => res.end('pong')).listen(0, '127.0.0.1', async () => {",
      "  const pool = new Pool('http://127.0.0.1:' + server.address().port, {});",
      "  const res = await pool.request({ path: '/', method: 'GET' });",
      '  const body = await res.body.text();',
      "  const http2 = process.moduleLoadList.includes('NativeModule http2');",
      '  console.log(JSON.stringify({ body, http2 }));',
      '  await pool.destroy();',
      '  server.close();',
      '});',
    ].join('\n'),
  );
  const bundle = join(out, `${name}.cjs`);
  await bundleForTest(entry, bundle, {
    plugins,
    format: 'cjs',
    nodePaths: [join(process.cwd(), 'node_modules')],
  });
  return JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
}

describe('undici-lazy-http2 build plugin', () => {
  it('patches the installed undici, and refuses another shape', () => {
    expect(require.resolve('undici/lib/dispatcher/client.js')).toBe(clientPath);
    const patched = lazyHttp2(readFileSync(clientPath, 'utf8'), clientPath) as string;
    expect(patched).not.toContain("const connectH2 = require('./client-h2.js')");
    expect(() => lazyHttp2('module.exports = 1', clientPath)).toThrow(/changed shape/);
  });

  it('requests over HTTP/1.1 without loading node:http2 (and loads it without the patch)', async () => {
    expect(await requestWith([undiciLazyHttp2()], 'lazy')).toEqual({ body: 'pong', http2: false });
    expect(await requestWith([], 'eager')).toEqual({ body: 'pong', http2: true });
  });
});
