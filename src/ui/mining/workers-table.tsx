import { Box, Text } from 'ink';
import { Spinner } from '../chrome/spinner.js';
import { uniqueKeys } from '../accounts/accounts-table.js';
import { useTheme } from '../theme-context.js';
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
  const theme = useTheme();
  const start = Math.max(0, Math.min(top, names.length - rows));
  const visible = names.slice(start, start + rows);
  const keys = uniqueKeys(visible);
  return (
    <Box flexDirection="column" height={rows + 1} overflow="hidden">
      <WorkerHeader layout={layout} />
      {names.length === 0 ? (
        loading ? (
          <Text>
            <Spinner /> Loading workers…
          </Text>
        ) : (
          <Text color={theme.muted} wrap="truncate">
            {'  '}
            {empty}
          </Text>
        )
      ) : (
        visible.map((name, i) => (
          <WorkerRow
            key={keys[i]}
            account={account}
            name={name}
            selected={start + i === cursor}
            layout={layout}
            poll={poll}
            ascii={ascii}
          />
        ))
      )}
    </Box>
  );
}
