/**
 * A poll's answer is one React render: the Pool tab's new data, the shell's new second, the status
 * bar's "updated …" and the header's word, together — not the data first and the status bar a
 * render later (each render is a layout and its share of an output pass, once a second).
 */
import { describe, expect, it, vi } from 'vitest';
import type { PoolOverview } from '../../src/api/types.js';
import { NOW, overviewFixture, StubClient } from './helpers/fixtures.js';
import { renderApp, waitForFrame } from './helpers/harness.js';
import { keyOf } from './helpers/keys.js';

describe('a poll', () => {
  it('lands in one render with the new second and the status bar that speaks of it', async () => {
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
    // What the request's start draws (its spinner) is drawn before the answer comes.
    for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    t += 1_000;
    answer(overviewFixture({ workers: 2000 }));
    await waitForFrame(frame, (f) => f.includes('Workers 2,000'));
    // The first frame with the answer already has all of it: React renders and Ink draws each
    // commit, so an answer drawn before its status bar would be a frame of its own here.
    const first = view.frames.find((f) => f.includes('Workers 2,000')) ?? '';
    expect(first).toContain('updated just now');
    expect(first).toContain('LIVE');
    expect(first).toContain(new Date(t).toLocaleTimeString('en-GB', { hour12: false }).slice(0, 8));
    // And nothing follows it: no report sent after the frame, no tick left to draw the second.
    // (Rendering the same element again runs whatever effects are still pending.)
    const drawn = view.frames.length;
    view.settle();
    expect(view.frames.slice(drawn).filter((f) => f !== view.frames[drawn - 1])).toEqual([]);
    view.unmount();
  });
});
