/**
 * The statement's HTML in a real browser (Debian's chromium; .ci/run installs it): printed to
 * PDF (A4, one page per account for a small statement, each page starting with its account),
 * photographed at desktop and phone width (the charts drawn: the bars' and the hash-rate line's
 * colours present), with every request sent to a proxy that counts connections (none may come)
 * and host names resolving nowhere. The HTML is scanned for anything that could load. Three
 * chromium runs in all. Skipped, saying why, where chromium or pdfinfo is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHistory, demoTerms } from '../../src/report/demo-input.js';
import { buildStatement } from '../../src/report/statement.js';
import { termsFor } from '../../src/report/terms.js';
import { statementHtml } from '../../src/report/write-html.js';
import { createMiningModel } from '../../src/service/mining-model.js';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const ready = has('chromium') && has('pdfinfo') && has('pdftotext');
if (!ready)
  console.warn(
    'test/report/html-chromium.test.ts skipped: chromium or poppler-utils (pdfinfo) is not installed',
  );

const NOW_MS = Date.UTC(2025, 6, 9, 12);
const WINDOW = {
  from: Date.UTC(2025, 5, 1) / 1000,
  to: Date.UTC(2025, 6, 1) / 1000,
  label: '2025-06',
  calendarMonth: true,
};

function html(workers: number): { text: string; accounts: string[] } {
  const model = createMiningModel({ seed: 1, accounts: 3, workers, startMs: NOW_MS });
  const table = demoTerms(model);
  const s = buildStatement(
    { accounts: demoHistory(model, [], WINDOW, NOW_MS / 1000) },
    (a) => termsFor(table, {}, a),
    WINDOW,
    { source: 'demo service', generatedAt: NOW_MS / 1000 },
  );
  return { text: statementHtml(s), accounts: s.accounts.map((a) => a.account) };
}

/** RGB pixels of a PNG (8-bit RGB or RGBA, not interlaced), as chromium writes them. */
function pixels(png: Buffer): {
  width: number;
  height: number;
  rgb: (x: number, y: number) => [number, number, number];
} {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? out[y * stride + x - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const pred =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
                  ? a
                  : Math.abs(p - b) <= Math.abs(p - c)
                    ? b
                    : c
                : 0;
      out[y * stride + x] = (v + pred) & 0xff;
    }
  }
  return {
    width,
    height,
    rgb: (x, y) => [
      out[y * stride + x * channels]!,
      out[y * stride + x * channels + 1]!,
      out[y * stride + x * channels + 2]!,
    ],
  };
}

/** Pixels near a colour of the stylesheet. */
function count(png: Buffer, [r, g, b]: [number, number, number]): number {
  const img = pixels(png);
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const [R, G, B] = img.rgb(x, y);
      if (Math.abs(R - r) + Math.abs(G - g) + Math.abs(B - b) < 40) n++;
    }
  }
  return n;
}

describe.skipIf(!ready)('the statement in chromium', () => {
  let dir = '';
  let proxy: Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pooltop-report-'));
    proxy = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    port = (proxy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const chromium = (...args: string[]) =>
    execFileSync(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--hide-scrollbars',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--proxy-server=http://127.0.0.1:${port}`,
        '--proxy-bypass-list=<-loopback>',
        '--host-resolver-rules=MAP * ~NOTFOUND',
        '--disable-background-networking',
        '--disable-component-update',
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 },
    );

  it('holds nothing that could load and has its charts', () => {
    const { text } = html(40);
    expect(text).not.toMatch(
      /<script|<link|<img|<iframe|<object|<embed|url\(|@import|\bsrc=|\bhref=|srcset/i,
    );
    // The only http in the file is in the watcher links' text.
    const http = [...text.matchAll(/https?:/g)].length;
    const links = [...text.matchAll(/<code class="link">https:/g)].length;
    expect(http).toBe(links);
    expect([...text.matchAll(/<svg class="chart"/g)].length).toBe(6);
    expect([...text.matchAll(/<rect class="bar/g)].length).toBe(90);
    expect(text).toMatch(/@page \{ size: A4/);
    expect(text).toMatch(/break-before: page/);
    expect(text).toMatch(/figure \{[^}]*break-inside: avoid/);
  });

  it('prints one A4 page per account, each starting with its account', () => {
    const { text, accounts } = html(6);
    const file = join(dir, 'small.html');
    writeFileSync(file, text);
    const pdf = join(dir, 'small.pdf');
    chromium('--no-pdf-header-footer', `--print-to-pdf=${pdf}`, `file://${file}`);
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+594\.96 x 841\.92 pts \(A4\)/);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(accounts.length);
    accounts.forEach((account, i) => {
      const page = execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), pdf, '-'], {
        encoding: 'utf8',
      });
      const first = page
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('Mining statement') && !l.startsWith('Made '))[0];
      expect(first).toContain(account);
      expect(page).toContain('Credit owed');
    });
    expect(connections).toBe(0);
  });

  it('draws its charts at desktop and phone width and asks the network for nothing', () => {
    const { text } = html(40);
    const file = join(dir, 'full.html');
    writeFileSync(file, text);
    for (const [name, size] of [
      ['desk', '1100,1400'],
      ['phone', '390,1700'],
    ] as const) {
      const png = join(dir, `${name}.png`);
      chromium(`--window-size=${size}`, `--screenshot=${png}`, `file://${file}`);
      const image = readFileSync(png);
      expect(count(image, [0xc6, 0x28, 0x28]), `${name}: bars under the SLA`).toBeGreaterThan(500);
      expect(count(image, [0x15, 0x65, 0xc0]), `${name}: the hash-rate line`).toBeGreaterThan(200);
    }
    expect(connections).toBe(0);
  });
});
