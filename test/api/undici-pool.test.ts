/**
 * The transport loads undici's Pool without the package index (src/api/undici-pool.ts). This
 * checks, in a bundled child process as shipped, that a request still works and that neither
 * the transport nor its first request loads Node's built-in undici (the index's cookie module
 * used to, by reading globalThis.Headers).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForTest } from '../support/esbuild-bundle.js';
import { afterAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'pooltop-undici-pool-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const src = (file: string) => JSON.stringify(join(import.meta.dirname, '..', '..', 'src', 'api', file));

describe('undici Pool without the package index', () => {
  it('requests over keep-alive without loading Node’s built-in undici', async () => {
    const entry = join(out, 'entry.ts');
    writeFileSync(
      entry,
      [
        "import { createServer } from 'node:http';",
        `import { parseBaseUrl } from ${src('base-url.ts')};`,
        `import { createTransport } from ${src('transport.ts')};`,
        "const server = createServer((req, res) => res.end(req.method + ' ' + req.url));",
        "await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));",
        'const { port } = server.address() as { port: number };',
        "const transport = createTransport({ baseUrl: parseBaseUrl('http://127.0.0.1:' + port) });",
        'const bodies: string[] = [];',
        "for (const path of ['/a', '/b']) bodies.push((await transport.request({ method: 'GET', path })).body);",
        'await transport.close();',
        'server.close();',
        "const undici = process.moduleLoadList.some((m) => m.includes('internal/deps/undici'));",
        'console.log(JSON.stringify({ bodies, undici }));',
      ].join('\n'),
    );
    const bundle = join(out, 'transport.mjs');
    await bundleForTest(entry, bundle, {
      // undici is CommonJS and requires Node's modules: give the ESM bundle a require(), as the build does.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    });
    const result = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
    expect(result).toEqual({ bodies: ['GET /a', 'GET /b'], undici: false });
  });
});
