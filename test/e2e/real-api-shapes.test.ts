/**
 * The built CLI against the shapes and the looseness the real API is known to send, served by
 * `pooltop serve --pool-shape … [--sparse]` (each its own process): `pool --json` prints the
 * same bytes whatever the shape, and `pool`/`accounts` cope with a sparse service, their
 * degradations visible with DEBUG=pooltop. `POOLTOP_SERVE_NOW_MS` (a hidden test hook of
 * `serve`) stops the services' clocks so separate services answer with the same pool data.
 * (The signed list needs a running clock, since the client's nonces use the ±5 s window.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { json, startFakeServer } from '../api/fake-server.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';

const FROZEN = { POOLTOP_SERVE_NOW_MS: String(Date.UTC(2026, 10, 23, 12, 0, 0)) };
const running: ServedCli[] = [];
afterAll(async () => {
  const codes = await Promise.all(running.map((s) => s.stop()));
  expect(codes.every((c) => c === 0)).toBe(true);
});

/** `frozen`: the pool data stands still (signed requests then fail the nonce window: pool only). */
async function serve(args: string[], frozen = false): Promise<ServedCli> {
  const served = await startServeCli(args, cleanEnv(frozen ? FROZEN : {}));
  running.push(served);
  return served;
}

const SHAPES = ['snake', 'camel', 'camel-array'] as const;

describe('pooltop pool --json across the three shapes', () => {
  it('prints the same bytes for each shape, sparse or not', async () => {
    // Six services and six commands side by side: each is a process start.
    const variants = [[], ['--sparse']].flatMap((sparse) =>
      SHAPES.map((shape) => ['--pool-shape', shape, ...sparse]),
    );
    const services = await Promise.all(variants.map((args) => serve(args, true)));
    const outputs = await Promise.all(
      services.map((s) => runCli(['pool', '--json', '--base-url', s.facts.base_url], cleanEnv(), 80_000)),
    );
    for (const r of outputs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const [snake, camel, array, sparseSnake, sparseCamel, sparseArray] = outputs.map((r) => r.stdout);
    expect(camel).toBe(snake);
    expect(array).toBe(snake);
    expect(sparseCamel).toBe(sparseSnake);
    expect(sparseArray).toBe(sparseSnake);
    const data = JSON.parse(snake ?? '') as Record<string, unknown>;
    expect(Object.keys(data).every((k) => k === k.toLowerCase())).toBe(true);
    expect((data.last7days_hash_rate as unknown[]).length).toBe(169);
  }, 180_000);
});

describe('one-shot commands against serve --sparse', () => {
  it('pool: exit 0, — where a value is missing, one DEBUG line per degradation', async () => {
    const s = await serve(['--sparse', '--pool-shape', 'camel']);
    const r = await runCli(['pool', '--base-url', s.facts.base_url], cleanEnv({ DEBUG: 'pooltop' }));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Hash rate {3}/);
    const debug = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('pooltop: debug: GET /api/v4/public/mining-pool: '));
    expect(debug.length).toBeGreaterThan(0);
    for (const line of debug) expect(line).toMatch(/: data\.\S+ (is missing|is null|must be .+; left out)$/);
  });

  it('accounts: every row of the page, placeholders in the table, null kept in --json', async () => {
    const s = await serve(['--sparse', '--accounts', '200']);
    const table = await runCli(['accounts', '--limit', '100'], s.env({ DEBUG: 'pooltop' }));
    expect(table.code).toBe(0);
    const rows = table.stdout.split('\n').slice(2, -3);
    expect(rows).toHaveLength(100);
    expect(rows.some((row) => row.includes('—'))).toBe(true);
    expect(table.stdout).toMatch(/\nrows 1–100\n$/);
    const debug = table.stderr
      .split('\n')
      .filter((l) => l.startsWith('pooltop: debug: POST /api/v4/sub-account/list: '));
    expect(debug.length).toBeGreaterThan(10);
    expect(debug.some((l) => /data\[\d+\]\.email is (missing|null)$/.test(l))).toBe(true);
    expect(table.stderr).not.toContain(s.facts.api_secret);

    const out = await runCli(['accounts', '--limit', '100', '--json'], s.env());
    expect(out.code).toBe(0);
    const page = JSON.parse(out.stdout) as { data: Record<string, unknown>[] };
    expect(page.data).toHaveLength(100);
    expect(page.data.some((a) => a.email === null)).toBe(true);
    expect(page.data.some((a) => !('alias' in a))).toBe(true);
    expect(page.data.every((a) => typeof a.id === 'string')).toBe(true);
  });

  it('accounts: a shared-KYC account shows no email and its KYC as shared', async () => {
    const s = await serve(['--accounts', '60']);
    const out = await runCli(['accounts', '--limit', '60', '--json'], s.env());
    const page = JSON.parse(out.stdout) as { data: { email?: string; kyc: { kycStatus: string } }[] };
    const shared = page.data.filter((a) => a.kyc.kycStatus === 'shared');
    expect(shared.length).toBeGreaterThan(0);
    for (const a of shared) expect(a).not.toHaveProperty('email');
  });
});

describe('validation errors without code or message', () => {
  it('shows the field messages of {"errors":{…},"notification":null}', async () => {
    const server = await startFakeServer();
    try {
      server.on(
        'POST /api/v4/sub-account/list',
        json(422, { errors: { limit: ['The limit may not be greater than 100.'] }, notification: null }),
      );
      const env = cleanEnv({ WHITEBIT_API_KEY: 'key', WHITEBIT_API_SECRET: 'secret-value' });
      const r = await runCli(['accounts', '--base-url', server.url], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('pooltop: validation failed: limit: The limit may not be greater than 100.\n');
    } finally {
      await server.close();
    }
  });
});

describe('serve flags', () => {
  it('--help shows --pool-shape and --sparse; an unknown shape is a usage error', async () => {
    const help = await runCli(['serve', '--help']);
    expect(help.stdout).toMatch(/--pool-shape SHAPE +the pool overview as snake \(default\), camel/);
    expect(help.stdout).toMatch(/--sparse +drop or null optional fields/);
    const bad = await runCli(['serve', '--pool-shape', 'kebab']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("pooltop: --pool-shape must be one of snake, camel, camel-array, got 'kebab'\n");
  });
});
