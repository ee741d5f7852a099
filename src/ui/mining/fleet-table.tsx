import { Box, type DOMElement, Text } from 'ink';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { WHEEL_ROWS } from '../browser/table-mouse.js';
import { useMouseArea } from '../hooks/use-mouse-area.js';
import type { ThresholdSet } from '../../alerts/thresholds.js';
import type { MiningAccount } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { displayWidth, padEnd, padStart, truncate } from '../../format/width.js';
import { useAlertSettings } from '../alerts/alerts-context.js';
import { DataStatus } from '../chrome/data-status.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { useReportStatus } from '../status-report.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { type FleetColumn, FLEET_GAP, fleetCell, layoutFleet } from './fleet-columns.js';
import { styled } from '../table/styled-text.js';
import { createFleetCursor, type FleetCursor } from './fleet-cursor.js';
import { type FleetAccount, useFleetAccount } from './fleet-data.js';
import {
  FLEET_SORT_LABEL,
  type FleetEntry,
  type FleetOrder,
  nextFleetOrder,
  sortFleet,
} from './fleet-sort.js';
import type { Poll } from './mining-data.js';
import { useFleetUptimes } from './use-history.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';

export interface FleetTableProps {
  accounts: readonly MiningAccount[];
  width: number;
  height: number;
  active: boolean;
  poll: Poll;
  /** Enter: the account's own view. */
  onOpen: (account: string) => void;
  /** Where the cursor starts: the account last opened (Esc comes back to it). */
  initialAccount: string | undefined;
}

/** Lines besides the rows: freshness, title, headings, footer. */
const CHROME_LINES = 4;

/** One account's reads, drawn by the table: it renders nothing itself. */
function FleetSourceView({
  account,
  poll,
  thresholds,
  onAccount,
}: {
  account: string;
  poll: Poll;
  thresholds: ThresholdSet;
  onAccount: (name: string, got: FleetAccount) => void;
}) {
  const got = useFleetAccount(account, poll, thresholds);
  const { entry, loaded, error, fetchedAt } = got;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when what is drawn changes
  useEffect(() => onAccount(account, got), [account, entry, loaded, error, fetchedAt, onAccount]);
  return null;
}
const FleetSource = memo(FleetSourceView);

/** Every account's reads, apart from the table: its sort or scroll does not visit them. */
const FleetSources = memo(function FleetSources({
  accounts,
  ...rest
}: { accounts: readonly MiningAccount[] } & Omit<Parameters<typeof FleetSourceView>[0], 'account'>) {
  return accounts.map((a) => <FleetSource key={a.name} account={a.name} {...rest} />);
});

/** Every mining account at a glance, one row each; sortable; Enter opens one. */
export function FleetTable(props: FleetTableProps) {
  const { accounts, width, height, active, poll } = props;
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const ui = useUiState();
  const { intervalMs, history } = useDashboard();
  const { thresholds } = useAlertSettings();
  const alerts = Object.keys(thresholds.mining).length > 0;
  const [got, setGot] = useState<ReadonlyMap<string, FleetAccount>>(() => new Map());
  const onAccount = useCallback(
    (name: string, one: FleetAccount) => setGot((prev) => new Map(prev).set(name, one)),
    [],
  );
  const [order, setOrder] = useState<FleetOrder>({ key: undefined, desc: false });
  // The cursor is the table's own, in a store: a move redraws two rows, not the table.
  const [cursor] = useState(() => createFleetCursor(props.initialAccount));

  const accountNames = useMemo(() => accounts.map((a) => a.name), [accounts]);
  const uptimes = useFleetUptimes(accountNames, poll).value;
  // A row keeps its entry while its figures and uptime stay: a memoised line is not drawn again.
  const merged = useRef(new WeakMap<FleetEntry, FleetEntry>());
  const entries = useMemo(
    () =>
      accounts.map((a): FleetEntry => {
        const entry = got.get(a.name)?.entry ?? {
          row: {
            name: a.name,
            hashRate: null,
            hashRate24h: null,
            rejectRate: null,
            workers: { online: null, low: null, offline: null },
            workersGone: 0,
            reward: null,
          },
          alert: undefined,
        };
        if (!uptimes) return entry;
        const uptime = uptimes.get(a.name)?.uptime ?? null;
        const kept = merged.current.get(entry);
        if (kept?.uptime === uptime) return kept;
        const next = { ...entry, uptime };
        merged.current.set(entry, next);
        return next;
      }),
    [accounts, got, uptimes],
  );
  const sorted = useMemo(() => sortFleet(entries, order), [entries, order]);
  const names = useMemo(() => sorted.map((e) => e.row.name), [sorted]);
  cursor.setRows(names);
  // After each draw of the table: rows that kept their props learn where the cursor is now.
  useLayoutEffect(() => cursor.settle());
  const rows = Math.max(1, height - CHROME_LINES);
  const top = useSyncExternalStore(cursor.subscribe, () =>
    Math.min(Math.max(0, cursor.at() - rows + 1), Math.max(0, names.length - rows)),
  );
  // Moves start from the cursor as it is now, not as last drawn: two keys in one read both count.
  const move = cursor.move;
  useKeymap(
    'mining',
    {
      up: () => move((at) => at - 1),
      down: () => move((at) => at + 1),
      'page-up': () => move((at) => at - rows),
      'page-down': () => move((at) => at + rows),
      'first-row': () => move(() => 0),
      'last-row': () => move(() => sorted.length - 1),
      details: () => {
        const name = cursor.name();
        if (name !== undefined) props.onOpen(name);
      },
      sort: () => setOrder(nextFleetOrder),
      'sort-reverse': () => setOrder((o) => ({ ...o, desc: !o.desc })),
      search: () => ui.notify('Open an account (Enter) to search its workers.'),
    },
    active,
  );

  // The mouse, as on the other tables: the wheel moves the cursor, a click selects a row and a
  // click on the selected one opens it.
  const tableRef = useRef<DOMElement>(null);
  useMouseArea(
    tableRef,
    (event, at) => {
      if (event.button === 'wheel-up' || event.button === 'wheel-down') {
        move((i) => i + (event.button === 'wheel-up' ? -WHEEL_ROWS : WHEEL_ROWS));
      } else if (event.button === 'left' && !event.release && !event.motion && at.y > 0) {
        const row = top + at.y - 1;
        const e = sorted[row];
        if (!e) return;
        if (row === cursor.at()) props.onOpen(e.row.name);
        else move(() => row);
      }
    },
    active,
  );

  // The freshness line: the newest miners/info answer; the first failure, named by its account.
  const { fetchedAt, error, loaded } = useMemo(() => {
    let newest: number | undefined;
    let failed: Error | undefined;
    let count = 0;
    for (const a of accounts) {
      const one = got.get(a.name);
      if (!one) continue;
      if (one.loaded) count++;
      if (one.fetchedAt !== undefined && (newest === undefined || one.fetchedAt > newest))
        newest = one.fetchedAt;
      if (!failed && one.error) failed = new Error(`${sanitizeLine(a.name, term)}: ${one.error.message}`);
    }
    return { fetchedAt: newest, error: failed, loaded: count };
  }, [accounts, got, term]);
  useReportStatus(
    { what: 'mining fleet', hasData: loaded > 0, fetchedAt, error, retryAt: undefined, ownLine: true },
    !poll.hidden,
  );

  const columns = useMemo(() => layoutFleet(width, alerts, history !== undefined), [width, alerts, history]);
  const sortedBy =
    order.key === undefined ? 'as listed' : `by ${FLEET_SORT_LABEL[order.key]} ${order.desc ? '↓' : '↑'}`;
  const n = accounts.length;
  const end = Math.min(sorted.length, top + rows);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <FleetSources accounts={accounts} poll={poll} thresholds={thresholds} onAccount={onAccount} />
      <DataStatus
        what="mining fleet"
        hasData={loaded > 0}
        fetchedAt={fetchedAt}
        error={error}
        loading={false}
        paused={ui.paused}
        intervalMs={intervalMs}
        width={width}
      />
      <Text wrap="truncate">
        <Text bold>Mining fleet</Text>
        <Text color={theme.muted}>
          {fleetHeading(
            width - displayWidth('Mining fleet'),
            `${n} accounts · ${loaded < n ? `${loaded} of ${n} loaded · ` : ''}sorted ${sortedBy}`,
            ellipsis,
          )}
        </Text>
      </Text>
      <Box ref={tableRef} flexDirection="column">
        <Text bold color={theme.accent} wrap="truncate">
          {'  '}
          {columns.map((c) => cellText(c, c.title, ellipsis)).join(FLEET_GAP)}
        </Text>
        {sorted.slice(top, end).map((e) => (
          <FleetLine
            key={e.row.name}
            entry={e}
            columns={columns}
            cursor={cursor}
            failed={got.get(e.row.name)?.error !== undefined}
          />
        ))}
      </Box>
      <Box flexGrow={1} />
      <Text color={theme.muted} wrap="truncate">
        {n === 0 ? '' : `rows ${top + 1}–${end} of ${n}`}
        {top > 0 ? ` · ↑${top}` : ''}
        {end < n ? ` · ↓${n - end}` : ''}
      </Text>
    </Box>
  );
}

const HINTS = ' · s sort · S reverse · Enter opens';
const SHORT_HINTS = ' · s/S sort · Enter opens';

/**
 * The heading after its title: the facts, then the keys. At 80 columns a long sort name would
 * push the keys off the line, so the keys get shorter first and then the facts give way.
 */
function fleetHeading(room: number, facts: string, ellipsis: string): string {
  const line = ` · ${facts}`;
  if (displayWidth(line) + displayWidth(HINTS) <= room) return line + HINTS;
  return truncate(line, room - displayWidth(SHORT_HINTS), ellipsis) + SHORT_HINTS;
}

function cellText(c: FleetColumn, text: string, ellipsis: string): string {
  const fitted = truncate(text, c.width, ellipsis);
  return c.right ? padStart(fitted, c.width, ellipsis) : padEnd(fitted, c.width, ellipsis);
}

/** One account's row as one Text: the name (inverse when selected) and the alert word keep their own style. */
const FleetLine = memo(function FleetLine({
  entry,
  columns,
  cursor,
  failed,
}: {
  entry: FleetEntry;
  columns: readonly FleetColumn[];
  cursor: FleetCursor;
  failed: boolean;
}) {
  const selected = useSyncExternalStore(cursor.subscribe, () => cursor.name() === entry.row.name);
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const [first, ...rest] = columns;
  const alert = rest.at(-1)?.id === 'alert' ? rest.at(-1) : undefined;
  const middle = (alert ? rest.slice(0, -1) : rest)
    .map((c) => FLEET_GAP + cellText(c, fleetCell(entry, c.id, term), ellipsis))
    .join('');
  const alertColor =
    entry.alert === 'critical' ? theme.error : entry.alert === 'warning' ? theme.warn : undefined;
  // One Text of one string (table/styled-text.ts): a sort draws every row again.
  const name = first ? cellText(first, fleetCell(entry, first.id, term), ellipsis) : '';
  const line =
    (selected ? '› ' : '  ') +
    styled(name, { inverse: selected, bold: selected, color: failed ? theme.error : undefined }) +
    middle +
    (alert
      ? styled(FLEET_GAP + cellText(alert, fleetCell(entry, 'alert', term), ellipsis), { color: alertColor })
      : '');
  return <Text wrap="truncate">{line}</Text>;
});
