import { visibleRange } from '../shared/footer-text.js';
import { PageFooter, type PageFooterProps } from '../shared/page-footer.js';
import { type BrowserStore, useBrowserTop } from '../browser/use-browser.js';
import { TableFrame, uniqueKeys } from '../browser/table-frame.js';
import type { TableMouse } from '../browser/table-mouse.js';
import type { Poll } from './mining-data.js';
import type { WorkerLayout } from './worker-columns.js';
import type { GoneWorker } from '../../config/seen-workers.js';
import { GoneRow, WorkerHeader, WorkerRow } from './worker-row.js';
import type { WorkerUptime } from './account-uptimes.js';
import type { WorkerOrder } from './worker-sort.js';

export interface WorkersTableProps {
  account: string;
  /** The page of names (or of search results). */
  names: readonly string[];
  /** Workers gone, listed after `names`. */
  gone: readonly GoneWorker[];
  layout: WorkerLayout;
  /** Where the cursor is: the table reads its top row, each row whether it is selected (not the pane). */
  browser: Pick<BrowserStore, 'subscribe' | 'current'>;
  /** Table rows that fit. */
  rows: number;
  loading: boolean;
  /** Said when there are no rows and nothing loads. */
  empty: string;
  poll: Poll;
  ascii: boolean;
  /** Clicks (`onRow` gets a page index) and the wheel. */
  mouse?: TableMouse;
  /** Each worker's uptime from the history file (undefined without one). */
  uptimes?: ReadonlyMap<string, WorkerUptime>;
  /** The rows' order: its column's heading is marked. */
  order?: WorkerOrder;
}

/** Headings and the rows on screen; only these mount a WorkerRow, so only these ask for a series. */
export function WorkersTable({
  account,
  names,
  gone,
  layout,
  browser,
  rows,
  loading,
  empty,
  poll,
  ascii,
  mouse,
  uptimes,
  order,
}: WorkersTableProps) {
  const top = useBrowserTop(browser);
  const total = names.length + gone.length;
  const { first: start, end } = visibleRange(top, rows, total);
  const visible = names.slice(start, Math.min(end, names.length));
  const keys = uniqueKeys(visible);
  const goneFrom = Math.max(0, start - names.length);
  const goneVisible = gone.slice(goneFrom, Math.max(goneFrom, end - names.length));
  return (
    <TableFrame
      header={<WorkerHeader layout={layout} order={order} ascii={ascii} />}
      rows={rows}
      none={total === 0}
      loading={loading}
      what="workers"
      empty={empty}
      mouse={mouse && { ...mouse, onRow: (i) => start + i < end && mouse.onRow(start + i) }}
    >
      {visible.map((name, i) => (
        <WorkerRow
          key={keys[i]}
          account={account}
          name={name}
          row={start + i}
          browser={browser}
          layout={layout}
          poll={poll}
          ascii={ascii}
          uptime={uptimes?.get(name)}
        />
      ))}
      {goneVisible.map((g, i) => (
        <GoneRow
          key={`gone:${g.name}`}
          worker={g}
          row={names.length + goneFrom + i}
          browser={browser}
          layout={layout}
        />
      ))}
    </TableFrame>
  );
}

export interface WorkersFooterProps extends Omit<PageFooterProps, 'visible'> {
  browser: Pick<BrowserStore, 'subscribe' | 'current'>;
  /** Table rows that fit. */
  viewRows: number;
}

/** The footer under the table: its rows on screen move with the table's top row. */
export function WorkersFooter({ browser, viewRows, ...footer }: WorkersFooterProps) {
  const top = useBrowserTop(browser);
  return <PageFooter {...footer} visible={visibleRange(top, viewRows, footer.rows ?? 0)} />;
}
