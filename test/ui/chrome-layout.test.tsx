/** Help overlay and status bar on narrow and wide terminals: nothing cut through, fields dropped whole. */
// Not through the harness: the status bar and freshness line are drawn from props and the two
// contexts set here, to pin each layout case; the App's status bar is in shell.test.tsx.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { fitFields } from '../../src/ui/chrome/fit-fields.js';
import { helpLayout } from '../../src/ui/chrome/help-lines.js';
import type { Alert } from '../../src/ui/alerts/alert-state.js';
import { StatusBar } from '../../src/ui/chrome/status-bar.js';
import { DataStatus } from '../../src/ui/chrome/data-status.js';
import { ClockContext, stoppedClock } from '../../src/ui/clock.js';
import { ShownAtContext } from '../../src/ui/status-report.js';
import { bindingsFor } from '../../src/ui/keymap.js';
import { NOW } from './helpers/fixtures.js';

const sections = [
  { title: 'Everywhere', entries: bindingsFor('global') },
  { title: 'Sub-accounts tab', entries: bindingsFor('accounts') },
];

describe('help layout', () => {
  it.each([80, 100, 120])(
    'at %i columns wraps every description whole, never wider than the terminal',
    (width) => {
      const layout = helpLayout(sections, width);
      expect(layout.width).toBeLessThanOrEqual(width);
      const text = layout.lines
        .filter((l) => l.kind === 'entry')
        .map((l) => (l.keys ? `\n${l.text}` : ` ${l.text}`))
        .join('')
        .trim();
      const descriptions = sections.flatMap((s) => s.entries.map((b) => b.description));
      expect(text.split('\n')).toEqual(descriptions);
      for (const line of layout.lines) {
        expect(2 + layout.keyWidth + 1 + displayWidth(line.text) + 4).toBeLessThanOrEqual(layout.width);
      }
    },
  );

  it('takes only the width it needs on a wide terminal', () => {
    const wide = helpLayout(sections, 250);
    expect(wide.width).toBeLessThan(100);
    expect(wide.lines.filter((l) => l.kind === 'entry')).toHaveLength(
      sections.reduce((n, s) => n + s.entries.length, 0),
    );
  });
});

describe('status bar', () => {
  it('drops the least telling fields whole, never cutting one', () => {
    const fields = [
      { text: 'api.whitebit.example.com', priority: 3 },
      { text: 'profile production-eu', priority: 1 },
      { text: 'every 10s', priority: 2 },
      { text: 'updated 12m ago', priority: 4 },
    ];
    expect(fitFields(fields, 200, '…')).toBe(
      'api.whitebit.example.com · profile production-eu · every 10s · updated 12m ago',
    );
    expect(fitFields(fields, 60, '…')).toBe('api.whitebit.example.com · every 10s · updated 12m ago');
    expect(fitFields(fields, 42, '…')).toBe('api.whitebit.example.com · updated 12m ago');
    expect(fitFields(fields, 20, '…')).toBe('updated 12m ago');
    expect(fitFields(fields, 8, '…')).toBe('updated…');
  });

  it('keeps the age whole at 80 columns, STALE and all', () => {
    const view = render(
      <StatusBar
        width={80}
        nowMs={NOW}
        host="api.whitebit.example.com:8443"
        demo={false}
        profile="production-eu"
        intervalMs={10_000}
        paused={false}
        report={{
          what: 'pool',
          hasData: true,
          fetchedAt: NOW - 125_000,
          error: undefined,
          retryAt: undefined,
        }}
        notice={undefined}
      />,
    );
    const first = (view.lastFrame() ?? '').split('\n')[0] ?? '';
    view.unmount();
    expect(first).toContain('updated 2m ago · STALE');
    expect(first).not.toContain('…');
    expect(displayWidth(first)).toBeLessThanOrEqual(80);
  });

  it.each([80, 120, 200])('at %i columns keeps the next retry beside active alerts and an error', (width) => {
    const alert = (label: string, value: number): Alert => ({
      id: `pool:${label}`,
      scope: 'pool',
      key: label,
      label,
      unit: 'count',
      value,
      status: 'critical',
    });
    const view = render(
      <StatusBar
        width={width}
        nowMs={NOW}
        host="127.0.0.1:9"
        demo={false}
        profile="default"
        intervalMs={10_000}
        paused={false}
        report={{
          what: 'pool',
          hasData: true,
          fetchedAt: NOW - 60_000,
          error: new Error('connection to 127.0.0.1:9 refused (is the service running, is the URL right?)'),
          retryAt: NOW + 30_000,
        }}
        notice={undefined}
        alerts={['workers', 'workers_offline', 'blocks_24h', 'last_block_age', 'history_age'].map((l, i) =>
          alert(l, 1000 + i),
        )}
      />,
    );
    const second = (view.lastFrame() ?? '').split('\n')[1] ?? '';
    view.unmount();
    expect(second).toMatch(/^CRIT workers 1,000/);
    expect(second).toMatch(/ · error: connection.* · next retry \d\d:\d\d:\d\d \(in \d+s\)$/);
    expect(displayWidth(second)).toBeLessThanOrEqual(width);
  });

  it("a tab's own freshness line judges data kept while hidden from when the tab was shown", () => {
    const line = (shownAt?: number) => {
      const status = (
        <ClockContext.Provider value={stoppedClock(NOW)}>
          <DataStatus
            what="mining account"
            hasData
            fetchedAt={NOW - 9000}
            error={undefined}
            loading
            paused={false}
            intervalMs={2000}
            width={80}
          />
        </ClockContext.Provider>
      );
      const view = render(
        shownAt === undefined ? (
          status
        ) : (
          <ShownAtContext.Provider value={shownAt}>{status}</ShownAtContext.Provider>
        ),
      );
      const text = view.lastFrame() ?? '';
      view.unmount();
      return text;
    };
    expect(line()).toContain('STALE · updated 9s ago');
    expect(line(NOW - 1000)).not.toContain('STALE');
    expect(line(NOW - 1000)).toContain('updated 9s ago');
    expect(line(NOW - 7000)).toContain('STALE · updated 9s ago');
  });
});
