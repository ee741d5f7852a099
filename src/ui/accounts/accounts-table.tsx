import { memo } from 'react';
import type { SubAccount } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { TableFrame, uniqueKeys } from '../browser/table-frame.js';
import type { TableMouse } from '../browser/table-mouse.js';
import type { Cell } from './account-cells.js';
import { AccountHeader, AccountRow, type AccountRowProps } from './account-row.js';
import { keysCell } from './key-marks.js';
import { type OversightReadOptions, useAccountKeys } from './use-account-keys.js';
import type { TableLayout } from './columns.js';
import { visibleRange } from '../shared/footer-text.js';

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
  /** The balance column's cell of an account (the loaded list's `B`). */
  balanceOf?: (account: SubAccount) => Cell;
  /** Clicks (`onRow` gets a page index) and the wheel. */
  mouse?: TableMouse;
  /** How the Keys column (when the layout has it) reads each drawn row's keys. */
  keyReads?: OversightReadOptions;
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
  balanceOf,
  mouse,
  keyReads,
}: AccountsTableProps) {
  const Row = keyReads && layout.columns.some((c) => c.id === 'keys') ? KeyedAccountRow : AccountRow;
  const selected = Math.min(cursor, accounts.length - 1);
  const { first: start, end } = visibleRange(top, rows, accounts.length);
  const visible = accounts.slice(start, end);
  const keys = uniqueKeys(visible.map((a) => a.id ?? ''));
  return (
    <TableFrame
      header={<AccountHeader layout={layout} />}
      rows={rows}
      none={accounts.length === 0}
      loading={loading}
      what="sub-accounts"
      empty={empty}
      mouse={mouse && { ...mouse, onRow: (i) => start + i < end && mouse.onRow(start + i) }}
    >
      {visible.map((account, i) => (
        <Row
          key={keys[i]}
          account={account}
          layout={layout}
          selected={start + i === selected}
          swatch={swatchOf(account)}
          balance={balanceOf?.(account)}
          hidden={keyReads?.hidden ?? true}
          paused={keyReads?.paused ?? false}
        />
      ))}
    </TableFrame>
  );
}

/**
 * A row whose Keys cell is read for it: only rows drawn ask, each account's listing kept and asked
 * again at most every 10 minutes, at low priority (use-account-keys.ts).
 */
const KeyedAccountRow = memo(function KeyedAccountRow({
  hidden,
  paused,
  ...row
}: AccountRowProps & OversightReadOptions) {
  const { now } = useDashboard();
  const keys = useAccountKeys(row.account.id, { hidden, paused });
  const cell = keysCell(keys.value, keys.error !== undefined, Math.floor(now() / 1000));
  return <AccountRow {...row} keys={cell} />;
});
