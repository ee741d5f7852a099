/**
 * A tab is a row of the tab table (tabs.ts) and a view (tab-views.ts): the keys that select tabs,
 * the status bar's hint and the help are read from the table, so a new row needs nothing else.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { helpLayout } from '../../src/ui/chrome/help-lines.js';
import { StatusBar } from '../../src/ui/chrome/status-bar.js';
import { bindingsFor, findBinding, keysLabel } from '../../src/ui/keymap.js';
import { TAB_VIEWS } from '../../src/ui/tab-views.js';
import { TAB_KEYS, TABS } from '../../src/ui/tabs.js';
import { NOW } from './helpers/fixtures.js';

describe('the tab table', () => {
  it('gives each tab a key, in order, and a view', () => {
    expect(TAB_KEYS).toEqual(TABS.map((_, i) => String(i + 1)));
    for (const key of TAB_KEYS) expect(findBinding('global', key)?.action).toBe('tab');
    expect(findBinding('global', String(TABS.length + 1))).toBeUndefined();
    expect(Object.keys(TAB_VIEWS).sort()).toEqual(TABS.map((t) => t.id).sort());
    // Each tab's keys live under its own scope.
    for (const tab of TABS) expect(bindingsFor(tab.scope).length).toBeGreaterThan(0);
  });

  it('is what the help and the status bar name', () => {
    const range = `${TAB_KEYS[0]}–${TAB_KEYS.at(-1)}`;
    const tabKeys = bindingsFor('global').find((b) => b.action === 'tab');
    expect(tabKeys && keysLabel(tabKeys)).toBe(range);
    expect(tabKeys?.description).toBe(`Go to tab ${TAB_KEYS.slice(0, -1).join(', ')} or ${TAB_KEYS.at(-1)}`);
    const help = helpLayout([{ title: 'Everywhere', entries: bindingsFor('global') }], 100);
    expect(help.lines.some((l) => l.keys === range)).toBe(true);
    const view = render(
      <StatusBar
        width={100}
        nowMs={NOW}
        host="h"
        demo={false}
        profile="p"
        intervalMs={10_000}
        paused={false}
        report={undefined}
        notice={undefined}
      />,
    );
    expect(view.lastFrame()).toContain(`${TAB_KEYS[0]}-${TAB_KEYS.at(-1)}/Tab tabs`);
    view.unmount();
  });
});
