/**
 * What a poll's answer shows: the Pool tab's new data, the status bar's "updated just now", the
 * header's word and the clock's second, all in the first frame that has the data — never the data
 * beside a status bar that still speaks of the answer before. (That it costs one render is the
 * bench's figure: docs/performance.md, "Ink renders … clock tick / `r` to its answer".)
 */
import { describe, expect, it, vi } from 'vitest';
import type { PoolOverview } from '../../src/api/types.js';
import { NOW, overviewFixture, StubClient } from './helpers/fixtures.js';
import { renderApp, waitForFrame } from './helpers/harness.js';
import { keyOf } from './helpers/keys.js';

describe('a poll', () => {
  it('shows its data with its age and its second in the same frame', async () => {
    let t = NOW + 400;
    const client = new StubClient();
    let answer: (o: PoolOverview) => void = () => {};
    client.next = () => new Promise((resolve) => (answer = resolve));
    const view = renderApp({ client, intervalSec: 5, now: () => t, random: () => 1 });
    const frame = () => view.lastFrame() ?? '';
    answer(overviewFixture({ workers: 1000 }));
    await waitForFrame(frame, (f) => f.includes('Workers 1,000') && f.includes('LIVE'));
    await waitForFrame(frame, (f) => f.includes('updated just now'));

    // `r` asks again, four seconds later; the answer comes in the next second.
    t += 4_000;
    view.stdin.write(keyOf('global', 'refresh'));
    await vi.waitFor(() => expect(client.calls).toBe(2));
    t += 1_000;
    answer(overviewFixture({ workers: 2000 }));
    await waitForFrame(frame, (f) => f.includes('Workers 2,000'));
    // Every frame Ink drew is kept: the first with the new data already has the rest of it.
    const first = view.frames.find((f) => f.includes('Workers 2,000')) ?? '';
    expect(first).toContain('updated just now');
    expect(first).toContain('LIVE');
    expect(first).toContain(new Date(t).toLocaleTimeString('en-GB', { hour12: false }).slice(0, 8));
    view.unmount();
  });
});
