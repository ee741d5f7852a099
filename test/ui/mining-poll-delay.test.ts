/** When a Mining resource is asked for next (data/poll-delay.ts). */
import { describe, expect, it } from 'vitest';
import { pollDelay, SLOW_POLL_MS } from '../../src/ui/data/poll-delay.js';

const FIVE_MIN = 300_000;
const boundary = 1_764_000_000_000; // a multiple of 5 minutes

describe('pollDelay', () => {
  it('polls every interval, aimed just after a whole second', () => {
    expect(boundary % FIVE_MIN).toBe(0);
    expect(pollDelay(1_000, boundary + 250, false)).toBe(750);
    expect(pollDelay(10_000, boundary + 250, false)).toBe(9_750);
  });

  it('polls slow resources once a minute, never sooner than the interval', () => {
    expect(pollDelay(1_000, boundary + 250, true)).toBe(SLOW_POLL_MS);
    expect(pollDelay(300_000, boundary + 250, true)).toBe(299_750);
  });

  it('polls a slow series just after its bucket closes, else once a minute', () => {
    // 30 s before a 5-minute bucket closes: 3 s after it.
    expect(pollDelay(1_000, boundary + FIVE_MIN - 30_000, true, FIVE_MIN)).toBe(33_000);
    // Just after one closed: a minute, not the next bucket's end.
    expect(pollDelay(1_000, boundary + 3_000, true, FIVE_MIN)).toBe(SLOW_POLL_MS);
    // An interval longer than the wait wins.
    expect(pollDelay(60_000, boundary + FIVE_MIN - 30_000, true, FIVE_MIN)).toBe(60_000);
  });
});
