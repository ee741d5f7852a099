/** The browser's store: a move re-renders what reads the cursor, not the pane that owns the store. */
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

const counts = { pane: 0, table: 0, chart: 0 };
let store: BrowserStore | undefined;
const PAGE = { rows: 50 };

function Pane() {
  store = useBrowserStore({ limit: 50 });
  counts.pane++;
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
  counts.table++;
  return <Text>row {cursor}</Text>;
}

function Chart({ browser }: { browser: BrowserStore }) {
  const row = useOpenCursor(browser);
  counts.chart++;
  return <Text>chart {row}</Text>;
}

describe('the browser store', () => {
  it('re-renders the table on a move and the pane only when its own fields change', async () => {
    const view = mountView(() => <Pane />, { client: new StubClient(), config: configFixture });
    const s = store;
    if (!s) throw new Error('not mounted');
    s.dispatch({ type: 'page-loaded', page: PAGE });
    view.settle();
    // Waits for what the dispatches scheduled (settle would render the whole tree again).
    const shows = (text: string) =>
      vi.waitFor(() => expect(view.lastFrame()).toContain(text), { timeout: 2000, interval: 5 });
    const before = { ...counts };
    for (let i = 0; i < 3; i++) s.dispatch({ type: 'move', delta: 1, page: PAGE });
    await shows('row 3');
    expect(counts.pane).toBe(before.pane);
    expect(counts.chart).toBe(before.chart);
    expect(counts.table).toBeGreaterThan(before.table);
    // Opening the detail is the pane's: it re-renders, and what follows the open row moves with it.
    s.dispatch({ type: 'detail-open', page: PAGE });
    await shows('chart 3');
    expect(view.lastFrame()).toContain('open');
    expect(counts.pane).toBeGreaterThan(before.pane);
    s.dispatch({ type: 'move', delta: -1, page: PAGE });
    await shows('chart 2');
    expect(s.current().cursor).toBe(2);
    view.unmount();
  });
});
