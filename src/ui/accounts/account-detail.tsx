import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { CurrencyBalance } from '../../api/balance-types.js';
import { BALANCE_HEADER, balanceCells, isZeroBalance } from '../../accounts/balance-cells.js';
import type { SubAccount } from '../../api/types.js';
import { formatCount } from '../../format/number.js';
import { textOr, yesNo } from '../../format/placeholder.js';
import { displayWidth, padEnd, padStart, truncate } from '../../format/width.js';
import { uniqueKeys } from '../browser/table-frame.js';
import { useDashboard } from '../dashboard-context.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { KeysSection } from './keys-section.js';
import { usePaneRows } from './pane-rows.js';
import { SectionStatus } from './section-status.js';
import { TransfersSection } from './transfers-section.js';
import { kycRole, type Role, roleColor, statusRole } from './account-cells.js';
import { useBalances } from './use-balances.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import type { TextTarget } from '../../format/sanitize.js';

/** Border, title, the id line, five lines of fields in two columns, balances' status and heading. */
const FIXED_LINES = 11;
/** Balance rows the pane grows to, and the table rows it always leaves above it. */
const BALANCE_ROWS_MAX = 8;
const TABLE_ROWS_MIN = 2;
/** A ticker is cut to this many columns in the pane (the model already bounds it). */
const TICKER_WIDTH = 12;

/** What the pane shows under the fields; `v` moves to the next (keys and transfers need the oversight reads). */
export type PaneSection = 'balances' | 'keys' | 'transfers';
export const PANE_SECTIONS: readonly PaneSection[] = ['balances', 'keys', 'transfers'];

/** Rows the pane takes, given the rows the table and the pane share. */
export function detailHeight(shared: number): number {
  return Math.max(FIXED_LINES + 1, Math.min(FIXED_LINES + BALANCE_ROWS_MAX, shared - TABLE_ROWS_MIN));
}

interface Field {
  label: string;
  value: string;
  role?: Role;
  swatch?: boolean;
}

function fields(a: SubAccount, term: TextTarget): { left: Field[]; right: Field[] } {
  return {
    left: [
      { label: 'Alias', value: textOr(a.alias, term) },
      { label: 'User ID', value: textOr(a.userId, term) },
      { label: 'Email (masked)', value: textOr(a.email, term) },
      { label: 'Status', value: textOr(a.status, term), role: statusRole(a.status) },
      { label: 'KYC status', value: textOr(a.kyc?.kycStatus, term), role: kycRole(a.kyc?.kycStatus) },
    ],
    right: [
      { label: 'KYC shared', value: yesNo(a.kyc?.shareKyc) },
      { label: 'Spot trading', value: yesNo(a.permissions?.spotEnabled) },
      { label: 'Collateral', value: yesNo(a.permissions?.collateralEnabled) },
      { label: 'Colour', value: textOr(a.color, term), swatch: true },
    ],
  };
}

export interface AccountDetailProps {
  account: SubAccount;
  /** Row number in the whole list (1-based). */
  row: number;
  width: number;
  /** Rows of the pane (detailHeight). */
  height: number;
  swatch: string | undefined;
  /** Balance rows that are all zero are shown (`z`). */
  showZeros: boolean;
  /** The tab is hidden: its balances are not polled. */
  hidden: boolean;
  /** `[` and `]` scroll the section shown (the tab is active and no text box has the keys). */
  keysActive: boolean;
  /** What is shown under the fields (default the balances). */
  section?: PaneSection;
  /** Sections `v` moves through (none: `v` is not offered). */
  sections?: readonly PaneSection[];
}

/** Every field of one sub-account and what it holds, in a bordered pane under the table. */
export function AccountDetail({
  account,
  row,
  width,
  height,
  swatch,
  showZeros,
  hidden,
  keysActive,
  section = 'balances',
  sections = [],
}: AccountDetailProps) {
  const term = useTerminal();
  const glyphs = useGlyphs();
  const { ellipsis } = glyphs;
  const theme = useTheme();
  const ui = useUiState();
  const inner = Math.max(10, width - 4);
  const half = Math.floor((inner - 2) / 2);
  const { left, right } = fields(account, term);
  const balances = useBalances(section === 'balances' ? account.id : null, { hidden, paused: ui.paused });
  const reads = { hidden, paused: ui.paused };
  const sectionKey = `${row}:${account.id ?? ''}`;
  const lines = Math.max(1, height - FIXED_LINES);
  const next =
    sections.length > 1 ? ` · v ${sections[(sections.indexOf(section) + 1) % sections.length]}` : '';
  const keysHint = ` · Esc closes · y copies the id${section === 'balances' ? ' · z zero balances' : ''}${next}`;
  /** A label and its value in `room` columns (a colour's swatch right after its value). */
  const line = (f: Field | undefined, labelWidth: number, room: number) => {
    if (!f) return null;
    const valueWidth = Math.max(1, room - labelWidth - 1);
    const value = truncate(f.value, f.swatch && swatch ? Math.max(1, valueWidth - 3) : valueWidth, ellipsis);
    return (
      <>
        <Text color={theme.muted}>{padEnd(f.label, labelWidth, ellipsis)}</Text>{' '}
        <Text color={roleColor(theme, f.role)}>{f.swatch ? value : padEnd(value, valueWidth, ellipsis)}</Text>
        {f.swatch && swatch ? <Text color={swatch}> ██</Text> : null}
      </>
    );
  };
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle={glyphs.border}
      borderColor={theme.muted}
      paddingX={1}
    >
      <Text bold wrap="truncate">
        {truncate(`Sub-account, row ${row}`, Math.max(1, width - 4 - keysHint.length), ellipsis)}
        <Text color={theme.muted}>{keysHint}</Text>
      </Text>
      <Text wrap="truncate">
        <Text color={theme.muted}>{padEnd('ID', 14, ellipsis)}</Text>{' '}
        <Text>{truncate(textOr(account.id, term), inner - 15, ellipsis)}</Text>
      </Text>
      {left.map((f, i) => (
        <Text key={f.label} wrap="truncate">
          {line(f, 14, half)}
          {'  '}
          {line(right[i], 12, inner - half - 2)}
        </Text>
      ))}
      {/* Keyed by account: another row's pane starts at its first row. */}
      {section === 'keys' ? (
        <KeysSection
          key={sectionKey}
          accountId={account.id}
          width={inner}
          lines={lines + 1}
          keysActive={keysActive}
          {...reads}
        />
      ) : section === 'transfers' ? (
        <TransfersSection
          key={sectionKey}
          accountId={account.id}
          width={inner}
          lines={lines}
          keysActive={keysActive}
          {...reads}
        />
      ) : (
        <BalancesTable
          key={sectionKey}
          rows={balances.value}
          error={balances.error}
          fetchedAt={balances.fetchedAt}
          loading={balances.loading}
          width={inner}
          lines={lines}
          showZeros={showZeros}
          keysActive={keysActive}
        />
      )}
    </Box>
  );
}

interface BalancesTableProps {
  rows: readonly CurrencyBalance[] | undefined;
  error: Error | undefined;
  fetchedAt: number | undefined;
  loading: boolean;
  width: number;
  /** Rows for balances under the heading. */
  lines: number;
  showZeros: boolean;
  keysActive: boolean;
}

/** The status line, the heading and the balances: points aligned, zero rows left out unless asked. */
function BalancesTable({
  rows,
  error,
  fetchedAt,
  loading,
  width,
  lines,
  showZeros,
  keysActive,
}: BalancesTableProps) {
  const theme = useTheme();
  const ui = useUiState();
  const { intervalMs } = useDashboard();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const all = rows ?? [];
  const shown = useMemo(() => (showZeros ? all : all.filter((r) => !isZeroBalance(r))), [all, showZeros]);
  const zeros = all.length - all.filter((r) => !isZeroBalance(r)).length;
  const cells = useMemo(
    () =>
      balanceCells(
        shown.map((r) => ({ ...r, ticker: truncate(r.ticker, TICKER_WIDTH, ellipsis) })),
        term,
      ),
    [shown, ellipsis, term],
  );
  const tickerWidth = Math.max(
    displayWidth(BALANCE_HEADER[0]),
    ...cells.map((c) => displayWidth(c[0] ?? '')),
  );
  const widths = BALANCE_HEADER.map((h, col) =>
    col === 0 ? tickerWidth : Math.max(displayWidth(h), ...cells.map((c) => displayWidth(c[col] ?? ''))),
  );
  const lineOf = (c: readonly string[]) =>
    c
      .map((cell, col) =>
        col === 0 ? padEnd(cell, widths[0] ?? 0, ellipsis) : padStart(cell, widths[col] ?? 0, ellipsis),
      )
      .join('  ');
  const zeroNote =
    zeros === 0
      ? ''
      : showZeros
        ? ` · z hides ${formatCount(zeros)} zero`
        : ` · ${formatCount(zeros)} zero hidden (z shows)`;
  const empty =
    rows === undefined
      ? undefined
      : all.length === 0
        ? 'This sub-account holds nothing.'
        : shown.length === 0
          ? 'Every balance is zero (z shows them).'
          : undefined;
  // `z` hides some rows, a taller terminal fits more: the rows shown follow (pane-rows.ts).
  const { top, end, overflow } = usePaneRows(shown.length, lines, 1, keysActive && rows !== undefined);
  const visible = cells.slice(top, end);
  // Tickers are unique in the model, but two may read alike once cut to the column.
  const keys = uniqueKeys(visible.map((c) => c[0] ?? ''));
  return (
    <>
      <SectionStatus
        title="Balances"
        what="balances"
        hasData={rows !== undefined}
        fetchedAt={fetchedAt}
        error={error}
        loading={loading}
        paused={ui.paused}
        intervalMs={intervalMs}
        width={width}
        note={zeroNote}
      />
      {rows === undefined ? (
        <Text color={theme.muted}> </Text>
      ) : empty ? (
        <Text color={theme.muted} wrap="truncate">
          {truncate(empty, width, ellipsis)}
        </Text>
      ) : (
        <>
          <Text color={theme.accent} bold wrap="truncate">
            {truncate(lineOf(BALANCE_HEADER), width, ellipsis)}
          </Text>
          {visible.map((c, i) => (
            <Text key={keys[i]} wrap="truncate">
              {truncate(lineOf(c), width, ellipsis)}
            </Text>
          ))}
          {overflow ? (
            <Text color={theme.muted} wrap="truncate">
              {truncate(overflow, width, ellipsis)}
            </Text>
          ) : null}
        </>
      )}
    </>
  );
}
