/**
 * Every network fault against the running dashboard (the whole App on the Pool tab, and the
 * Sub-accounts view), through the real client over loopback HTTP to a server whose mode is
 * switched at run time, polling every 300 ms. For each fault the dashboard stays up, says what
 * is wrong on exactly one line, keeps the last good data on screen marked STALE, retries on
 * its own no more often than it polls, and is back to fresh data on the first request after
 * the fault clears (retry waits are bounded by the interval: test/hardening/retry-policy).
 * Assertions are about frames and request counts; waits are bounded, nothing is timed: the pace
 * of the retries is counted against a fake clock, on the errors these faults become.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { keyedConfig, mountAccounts, waitForFrame as waitForAccounts } from '../ui/helpers/accounts-fakes.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { elapse, fakeClock, overviewFixture } from '../ui/helpers/fixtures.js';
import { loaded, renderApp, startApp, unmountApps, waitForFrame } from '../ui/helpers/harness.js';
import {
  DEGRADED_MODES,
  FAULT_MODES,
  type FaultServer,
  type Mode,
  startFaultServer,
} from './fault-server.js';
import { ONE_LINE } from './fault-messages.js';

const INTERVAL_MS = 300;
/** The body gap timeout is longer than the drip's gap, so only the whole-request deadline ends a drip. */
const TIMEOUTS = { connectMs: 400, headersMs: 400, bodyMs: 1000, totalMs: 1500 };
const open: Array<() => Promise<void> | void> = [];
// Last in, first out: each view unmounts before its client and server close.
afterAll(async () => {
  for (const fn of open.splice(0).reverse()) await fn();
});

async function setup(): Promise<{ server: FaultServer; client: ApiClient }> {
  const server = await startFaultServer('ok', { dripMs: 250 });
  const client = createClient({
    baseUrl: server.url,
    apiKey: 'k',
    apiSecret: 's',
    retries: 0,
    timeouts: TIMEOUTS,
  });
  open.push(
    () => client.close(),
    () => server.close(),
  );
  return { server, client };
}

const workersOf = (frame: string): string | undefined => /Workers ([\d,]+)/.exec(frame)?.[1];
const errorLines = (frame: string): string[] => frame.split('\n').filter((l) => l.includes('error:'));

/** One fault, from fresh data to the fault and back, on the Pool tab of a running App. */
async function poolCycle(server: FaultServer, frame: () => string, mode: Mode): Promise<void> {
  const healthy = await waitForFrame(frame, (f) => workersOf(f) !== undefined && errorLines(f).length === 0);
  const before = workersOf(healthy);
  const expected = ONE_LINE[mode];
  await server.setMode(mode);
  if (expected === 'ok') {
    // Valid data in another shape, or degraded: new numbers (or a placeholder) and no error.
    const f = await waitForFrame(frame, (x) => workersOf(x) !== before && errorLines(x).length === 0);
    expect(f).not.toContain('STALE');
    await server.setMode('ok');
    return;
  }
  // A request in flight when the server goes away fails as "closed unexpectedly"; the retry
  // after it finds the port closed, which is the fault this mode is about.
  const failing = await waitForFrame(
    frame,
    (f) => errorLines(f).length > 0 && (mode !== 'refused' || errorLines(f).some((l) => expected.test(l))),
    8000,
  );
  const lines = errorLines(failing);
  expect(lines, mode).toHaveLength(1);
  expect(lines[0], mode).toMatch(expected);
  // The last good data stays on screen: what the healthy frame showed, or a poll that was
  // already answered when the fault began.
  expect(
    Number(workersOf(failing)?.replace(/,/g, '')),
    `${mode}: last good data kept`,
  ).toBeGreaterThanOrEqual(Number(before?.replace(/,/g, '')));
  expect(failing, mode).toContain('STALE');
  // It retries by itself (a second request in this mode); how often is counted on a fake clock
  // below, where the machine's load cannot stretch or squeeze the time between requests.
  if (mode !== 'refused') {
    await waitForFrame(
      () => String(server.requests[mode] ?? 0),
      (n) => Number(n) >= 2,
      8000,
    );
  }
  const sentBefore = server.requests.ok ?? 0;
  await server.setMode('ok');
  const back = await waitForFrame(frame, (f) => errorLines(f).length === 0 && workersOf(f) !== before, 8000);
  expect(back, mode).not.toContain('STALE');
  // Back on the first request after the fault cleared (one more may have been in flight).
  expect((server.requests.ok ?? 0) - sentBefore, `${mode}: requests to recover`).toBeLessThanOrEqual(2);
}

/** The Sub-accounts view through a few faults: stale rows and one status line, then fresh rows. */
async function accountsCycles(): Promise<void> {
  const { server, client } = await setup();
  const view = mountAccounts({
    client,
    config: { ...keyedConfig, baseUrl: server.url },
    width: 160,
    height: 20,
    intervalSec: INTERVAL_MS / 1000,
  });
  open.push(() => view.unmount());
  for (const mode of ['503-html', 'reset', 'stall'] as const) {
    const healthy = await waitForAccounts(view.frame, (f) => /id-\d+/.test(f) && !f.includes('error:'), 8000);
    const id = /id-\d+/.exec(healthy)?.[0] ?? '';
    await server.setMode(mode);
    const failing = await waitForAccounts(view.frame, (f) => f.includes('error:'), 8000);
    expect(errorLines(failing), mode).toHaveLength(1);
    expect(errorLines(failing)[0], mode).toMatch(ONE_LINE[mode] as RegExp);
    expect(failing, mode).toContain('STALE');
    expect(failing, `${mode}: last rows kept`).toContain(id);
    await server.setMode('ok');
    await waitForAccounts(
      view.frame,
      (f) => !f.includes('error:') && !f.includes('STALE') && !f.includes(id),
      8000,
    );
  }
}

describe('the dashboard under network faults', () => {
  it('every fault on the Pool tab (the whole App) and some on the Sub-accounts view, then recovery', async () => {
    const modes: Mode[] = ['legacy', 'camel', 'extra-fields', ...DEGRADED_MODES, ...FAULT_MODES];
    const groups = [0, 1, 2, 3, 4].map((g) => modes.filter((_, i) => i % 5 === g));
    const pool = groups.map(async (group) => {
      const { server, client } = await setup();
      const app = renderApp({ client, columns: 160, rows: 30, intervalSec: INTERVAL_MS / 1000 });
      open.push(() => app.unmount());
      for (const mode of group) await poolCycle(server, app.frame, mode);
      expect(app.onQuit).not.toHaveBeenCalled();
    });
    await Promise.all([...pool, accountsCycles()]);
  }, 90_000);
});

/** What the fault modes above become once the client has classified them. */
const FAILURES: Array<[string, Error]> = [
  ['refused', new PooltopError('network', 'connection refused', { reason: 'connect' })],
  ['reset', new PooltopError('network', 'closed unexpectedly')],
  ['stall', new PooltopError('timeout', 'did not answer in time')],
  ['429', new PooltopError('http', 'rate limited', { status: 429, reason: 'rate-limit' })],
  [
    '429-retry-after',
    new PooltopError('http', 'rate limited', { status: 429, reason: 'rate-limit', retryAfterMs: 1000 }),
  ],
  ['503-html', new PooltopError('http', 'maintenance', { status: 503, reason: 'maintenance' })],
  ['503 with Retry-After', new PooltopError('http', 'maintenance', { status: 503, retryAfterMs: 2000 })],
  ['500-json', new PooltopError('http', 'server error', { status: 500 })],
  ['404-empty', new PooltopError('http', 'not found', { status: 404 })],
  ['malformed-json', new PooltopError('schema', 'body is not JSON')],
  ['too-large', new PooltopError('http', 'too large', { status: 200, reason: 'too-large' })],
  ['plain', new Error('something else')],
];

describe('the dashboard retrying a failing API, on a fake clock', () => {
  it('asks again by itself and never more often than it polls, whatever the failure', async () => {
    fakeClock();
    try {
      for (const [name, error] of FAILURES) {
        const { client, app } = startApp({ intervalSec: INTERVAL_MS / 1000, now: Date.now }, (c) => {
          c.next = async () => {
            if (c.calls === 1) return overviewFixture();
            throw error;
          };
        });
        await waitForFrame(app.frame, loaded);
        await waitForFrame(app.frame, (f) => errorLines(f).length === 1);
        const before = client.calls;
        const polls = 20;
        await elapse(polls * INTERVAL_MS);
        const asked = client.calls - before;
        expect(asked, `${name}: retried by itself`).toBeGreaterThanOrEqual(2);
        expect(asked, `${name}: requests in ${polls} intervals`).toBeLessThanOrEqual(polls + 1);
        unmountApps();
      }
    } finally {
      unmountApps();
      vi.useRealTimers();
    }
  });
});
