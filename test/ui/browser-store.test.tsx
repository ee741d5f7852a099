/**
 * The browser's store as the screen shows it: a move moves the cursor row; the detail opens on
 * the cursor's row and follows it. (That a move re-renders only what reads the cursor is the
 * bench's: the frame ↓/↑ figures of docs/performance.md.)
 */
import { Text } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import {
  type BrowserStore,
  useBrowserCursor,
  useBrowserStore,
  useOpenCursor,
} from '../../src/ui/browser/use-browser.js';
import { configFixture, StubClient } from './helpers/fixtures.js';
import { mountView } from './helpers/harness.js';

let store: BrowserStore | undefined;
const PAGE = { rows: 50 };

function Pane() {
  store = useBrowserStore({ limit: 50 });
  return (
    <>
      <Table browser={store} />
      <Chart browser={store} />
      <Text>{store.state.detailOpen ? 'open' : 'closed'}</Text>
    </>
  );
}

function Table({ browser }: { browser: BrowserStore }) {
  const { cursor } = useBrowserCursor(browser);
  return <Text>row {cursor}</Text>;
}

function Chart({ browser }: { browser: BrowserStore }) {
  const row = useOpenCursor(browser);
  return <Text>chart {row}</Text>;
}

describe('the browser store', () => {
  it('moves the cursor row, and opens the detail on it, which follows moves', async () => {
    const view = mountView(() => <Pane />, { client: new StubClient(), config: configFixture });
    const s = store;
    if (!s) throw new Error('not mounted');
    s.dispatch({ type: 'page-loaded', page: PAGE });
    view.settle();
    // Waits for what the dispatches scheduled (settle would render the whole tree again).
    const shows = (text: string) =>
      vi.waitFor(() => expect(view.lastFrame()).toContain(text), { timeout: 2000, interval: 5 });
    for (let i = 0; i < 3; i++) s.dispatch({ type: 'move', delta: 1, page: PAGE });
    await shows('row 3');
    expect(view.lastFrame()).toContain('closed');
    // Opening the detail shows the cursor's row, and what follows the open row moves with it.
    s.dispatch({ type: 'detail-open', page: PAGE });
    await shows('chart 3');
    expect(view.lastFrame()).toContain('open');
    s.dispatch({ type: 'move', delta: -1, page: PAGE });
    await shows('chart 2');
    expect(s.current().cursor).toBe(2);
    view.unmount();
  });
});
