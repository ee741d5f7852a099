/**
 * Every network fault, against the built CLI (`dist/pooltop.cjs`): the one-shot commands exit 1
 * with exactly one `pooltop:` line on stderr and nothing on stdout; valid data in the camelCase
 * shapes, with extra fields or with degraded fields is accepted. `POOLTOP_TIMEOUT_MS` (a hidden test hook,
 * src/commands/support/context.ts) shortens every client timeout so the stalls end in seconds.
 * Each case has its own server, so the cases run side by side, a few at a time.
 *
 * Client-level details (timeouts, body cap, classification, retries) are covered in test/api;
 * this is the end-to-end view of the same faults.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { type FaultServer, type Mode, startFaultServer } from './fault-server.js';
import { ONE_LINE } from './fault-messages.js';
import { inBatches } from '../support/in-batches.js';

/** Every mode but plain `ok` (the other shapes, extra and degraded fields prove valid data passes). */
const POOL_MODES = (Object.keys(ONE_LINE) as Mode[]).filter((m) => m !== 'ok');
/** The signed endpoint shares the transport; a representative set is enough there. */
const ACCOUNT_MODES: Mode[] = ['extra-fields', 'drip', 'wrong-types', 'no-data'];

const servers: FaultServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function runCase(command: 'pool' | 'accounts', mode: Mode) {
  const server = await startFaultServer('ok', { dripMs: 150 });
  servers.push(server);
  await server.setMode(mode);
  const env = cleanEnv({
    WHITEBIT_API_URL: server.url,
    WHITEBIT_API_KEY: 'fault-key',
    WHITEBIT_API_SECRET: 'fault-secret',
    POOLTOP_TIMEOUT_MS: '400',
  });
  return { mode, command, result: await runCli([command], env, 25_000) };
}

describe('one-shot commands under network faults', () => {
  it('exit 1 with exactly one pooltop: line for every fault, 0 for valid data', async () => {
    const jobs = [
      ...POOL_MODES.map((m) => () => runCase('pool', m)),
      ...ACCOUNT_MODES.map((m) => () => runCase('accounts', m)),
    ];
    // A few at a time: each is a Node process loading the whole bundle, on a 2-core CI machine.
    const results = await inBatches(jobs, 4);
    for (const { mode, command, result } of results) {
      const what = `${command} / ${mode}: ${JSON.stringify(result.stderr)}`;
      const expected = ONE_LINE[mode];
      if (expected === 'ok') {
        expect(result.code, what).toBe(0);
        expect(result.stderr, what).toBe('');
        expect(result.stdout.length, what).toBeGreaterThan(0);
        continue;
      }
      expect(result.code, what).toBe(1);
      expect(result.stdout, what).toBe('');
      const lines = result.stderr.split('\n').filter(Boolean);
      expect(lines, what).toHaveLength(1);
      expect(lines[0], what).toMatch(/^pooltop: /);
      expect(lines[0], what).toMatch(expected);
      expect(lines[0], what).not.toMatch(/[\u0000-\u001f\u007f-\u009f<>]/);
    }
  }, 60_000);
});
