/** The `!` alert history on its own: newest first, scrolled with the keymap's keys. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertChange } from '../../src/ui/alerts/alert-state.js';
import { AlertOverlay } from '../../src/ui/chrome/alert-overlay.js';
import { configFixture, NOW, StubClient } from './helpers/fixtures.js';
import { mountView } from './helpers/harness.js';
import { keyOf } from './helpers/keys.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});
const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const v of views.splice(0)) v.unmount();
});

/** 40 changes of `workers`, one a minute, alternating OK → WARNING and back. */
const HISTORY: AlertChange[] = Array.from({ length: 40 }, (_, i) => ({
  seq: i + 1,
  atMs: NOW + i * 60_000,
  id: 'pool:workers',
  label: 'workers',
  from: i % 2 === 0 ? 'ok' : 'warning',
  to: i % 2 === 0 ? 'warning' : 'ok',
  value: String(1000 - i),
}));

function show(height: number) {
  const view = mountView(
    () => <AlertOverlay history={HISTORY} sinceMs={NOW} width={90} height={height} active />,
    { client: new StubClient(), config: configFixture, now: () => NOW + 40 * 60_000 },
  );
  views.push(view);
  const rows = () => (view.lastFrame() ?? '').split('\n').filter((l) => /\d\d:\d\d:\d\d {2}workers/.test(l));
  const press = async (key: string, first: string) => {
    view.stdin.write(key);
    await vi.waitFor(() => expect(rows()[0]).toContain(first), { timeout: 2000, interval: 10 });
  };
  /**
   * A key that must not move the list. Rendering the same tree again is a barrier: React first
   * runs whatever the key set off (effects, their state updates), so the frame after it is final.
   */
  const stays = (key: string, first: string) => {
    view.stdin.write(key);
    view.settle();
    expect(rows()[0]).toContain(first);
  };
  return { view, rows, press, stays };
}

describe('the alert history overlay', () => {
  it('shows the newest changes first, as many as fit, and where it is in the list', () => {
    const { view, rows } = show(16);
    expect(rows()).toHaveLength(10);
    expect(rows()[0]).toMatch(/^│ 12:39:00 {2}workers {2}WARNING → OK +961/);
    expect(rows()[1]).toMatch(/12:38:00 {2}workers {2}OK → WARNING +962/);
    expect(view.lastFrame()).toContain('Alert history since 12:00:00, newest first · 1–10 of 40');
    expect(view.lastFrame()).toContain('↓ ↑ PgDn PgUp Home End scroll · ! or Esc closes');
  });

  it('scrolls by line, by page and to either end, and stops there', async () => {
    const { view, rows, press, stays } = show(16);
    await press(keyOf('alerts', 'down', 1), '12:38:00');
    await press(keyOf('alerts', 'down'), '12:37:00'); // the down arrow
    await press(keyOf('alerts', 'up', 1), '12:38:00');
    await press(keyOf('alerts', 'page-down', 1), '12:28:00');
    await press(keyOf('alerts', 'page-up', 1), '12:38:00');
    await press(keyOf('alerts', 'oldest', 1), '12:09:00');
    expect(rows().at(-1)).toMatch(/12:00:00 {2}workers {2}OK → WARNING +1000/);
    expect(view.lastFrame()).toContain('31–40 of 40');
    stays(keyOf('alerts', 'down', 1), '12:09:00'); // the end: no further
    await press(keyOf('alerts', 'newest', 1), '12:39:00');
    stays(keyOf('alerts', 'up', 1), '12:39:00'); // the top: no further
  });
});
