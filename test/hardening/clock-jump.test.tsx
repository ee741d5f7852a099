/**
 * Sleep/wake and clock steps, with the dashboard's injected wall clock: after a jump forward
 * (the laptop slept an hour: Date.now leaps, timers fire late) the data reads as an hour old
 * and STALE until the next poll, which comes by itself; after a jump back nothing reads as
 * negative or "in 1h", and polling carries on. Timers are real (SWR runs on them); only the
 * wall clock jumps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { formatClock } from '../../src/format/time.js';
import { NOW, overviewFixture } from '../ui/helpers/fixtures.js';
import { startApp, unmountApps, waitForFrame } from '../ui/helpers/harness.js';
import { keyOf } from '../ui/helpers/keys.js';

const HOUR = 3_600_000;
afterEach(unmountApps);

function clock(start = NOW) {
  const c = { t: start, now: () => c.t };
  return c;
}

const statusLine = (f: string): string => f.split('\n').find((l) => l.includes('profile default')) ?? '';

describe('clock jumps', () => {
  it('a jump forward (sleep/wake): an hour old and STALE until the next poll, then fresh', async () => {
    const c = clock();
    const { client, app } = startApp({ now: c.now, intervalSec: 0.5 });
    await waitForFrame(app.frame, (f) => statusLine(f).includes('updated just now'));
    app.press(keyOf('global', 'pause')); // hold polling so the jump is seen before the next poll
    await waitForFrame(app.frame, (f) => f.includes('PAUSED'));
    c.t += HOUR;
    const asleep = await waitForFrame(app.frame, (f) => statusLine(f).includes('updated 1h 00m ago'));
    expect(statusLine(asleep)).toContain('STALE');
    const calls = client.calls;
    app.press(keyOf('global', 'pause'));
    const awake = await waitForFrame(
      app.frame,
      (f) => statusLine(f).includes('updated just now') && !f.includes('PAUSED'),
    );
    expect(statusLine(awake)).not.toContain('STALE');
    // Polling goes on by itself after the jump.
    await waitForFrame(app.frame, () => client.calls >= calls + 2);
  });

  it('a jump back: nothing negative or in the future, and polling carries on', async () => {
    const c = clock();
    const { client, app } = startApp({ now: c.now, intervalSec: 0.5 });
    await waitForFrame(app.frame, (f) => statusLine(f).includes('updated just now'));
    const seen = app.frames.length;
    c.t -= HOUR;
    const calls = client.calls;
    await waitForFrame(app.frame, () => client.calls >= calls + 2);
    // Within a tick of the footer clock (1 s) the new time is everywhere and the data fresh.
    const f = await waitForFrame(
      app.frame,
      (x) => statusLine(x).includes('updated just now') && statusLine(x).includes(formatClock(NOW - HOUR)),
    );
    expect(f).not.toContain('STALE');
    for (const frame of app.frames.slice(seen)) expect(frame).not.toMatch(/-\d+[smhd]|in \d+h|NaN/);
  });

  it('a retry countdown stays within one interval when the clock steps back while failing', async () => {
    const c = clock();
    const { client, app } = startApp({ now: c.now, intervalSec: 5 }, (stub) => {
      stub.next = async () => {
        if (stub.calls === 1) return overviewFixture();
        throw new PooltopError('http', 'service under maintenance (HTTP 503)', { status: 503 });
      };
    });
    await waitForFrame(app.frame, (f) => f.includes('Workers'));
    app.press(keyOf('global', 'refresh'));
    const failing = await waitForFrame(app.frame, (f) => /next retry .* \(in \ds\)/.test(f));
    expect(client.calls).toBe(2);
    expect(failing).toContain('error: service under maintenance');
    c.t -= HOUR;
    const stepped = await waitForFrame(
      app.frame,
      (f) => /next retry|retrying/.test(f) && statusLine(f) !== statusLine(failing),
    );
    const wait = /\(in (\d+)s\)/.exec(stepped)?.[1];
    if (wait !== undefined) expect(Number(wait)).toBeLessThanOrEqual(5);
    expect(stepped).not.toMatch(/in \d+m|in \d+h/);
    // The retry itself runs on the monotonic clock: it still happens.
    await waitForFrame(app.frame, () => client.calls >= 3, 8000);
  });
});
