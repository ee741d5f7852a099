import { visibleRange } from '../accounts/footer-text.js';
import { TableFrame, uniqueKeys } from '../browser/table-frame.js';
import type { Poll } from './mining-data.js';
import type { WorkerLayout } from './worker-columns.js';
import { WorkerHeader, WorkerRow } from './worker-row.js';

export interface WorkersTableProps {
  account: string;
  /** The page of names (or of search results). */
  names: readonly string[];
  layout: WorkerLayout;
  cursor: number;
  top: number;
  /** Table rows that fit. */
  rows: number;
  loading: boolean;
  /** Said when there are no rows and nothing loads. */
  empty: string;
  poll: Poll;
  ascii: boolean;
}

/** Headings and the rows on screen; only these mount a WorkerRow, so only these ask for a series. */
export function WorkersTable({
  account,
  names,
  layout,
  cursor,
  top,
  rows,
  loading,
  empty,
  poll,
  ascii,
}: WorkersTableProps) {
  const { first: start, end } = visibleRange(top, rows, names.length);
  const visible = names.slice(start, end);
  const keys = uniqueKeys(visible);
  return (
    <TableFrame
      header={<WorkerHeader layout={layout} />}
      rows={rows}
      none={names.length === 0}
      loading={loading}
      what="workers"
      empty={empty}
    >
      {visible.map((name, i) => (
        <WorkerRow
          key={keys[i]}
          account={account}
          name={name}
          selected={start + i === cursor}
          layout={layout}
          poll={poll}
          ascii={ascii}
        />
      ))}
    </TableFrame>
  );
}
