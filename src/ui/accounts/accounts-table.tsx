import { Box, Text } from 'ink';
import type { SubAccount } from '../../api/types.js';
import { Spinner } from '../chrome/spinner.js';
import { useTheme } from '../theme-context.js';
import { AccountHeader, AccountRow } from './account-row.js';
import type { TableLayout } from './columns.js';

export interface AccountsTableProps {
  accounts: readonly SubAccount[];
  layout: TableLayout;
  /** Selected row (page index), and the first page row drawn. */
  cursor: number;
  top: number;
  /** Table rows that fit. */
  rows: number;
  /** Shown when there are no accounts: a loading line while `loading`, else `empty`. */
  loading: boolean;
  empty: string;
  swatchOf: (account: SubAccount) => string | undefined;
}

/** Headings and the visible slice of the page; the rest of the page scrolls into view with the cursor. */
export function AccountsTable({
  accounts,
  layout,
  cursor,
  top,
  rows,
  loading,
  empty,
  swatchOf,
}: AccountsTableProps) {
  const theme = useTheme();
  const selected = Math.min(cursor, accounts.length - 1);
  const start = Math.max(0, Math.min(top, accounts.length - rows));
  const visible = accounts.slice(start, start + rows);
  const keys = uniqueKeys(visible.map((a) => a.id ?? ''));
  return (
    <Box flexDirection="column" height={rows + 1} overflow="hidden">
      <AccountHeader layout={layout} />
      {accounts.length === 0 ? (
        loading ? (
          <Text>
            <Spinner /> Loading sub-accounts…
          </Text>
        ) : (
          <Text color={theme.muted} wrap="truncate">
            {'  '}
            {empty}
          </Text>
        )
      ) : (
        visible.map((account, i) => (
          <AccountRow
            key={keys[i]}
            account={account}
            layout={layout}
            selected={start + i === selected}
            swatch={swatchOf(account)}
          />
        ))
      )}
    </Box>
  );
}

/** React keys from ids, made unique even if the server repeats an id. */
function uniqueKeys(ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}#${n}`;
  });
}
