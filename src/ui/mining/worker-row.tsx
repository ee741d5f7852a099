import { Text } from 'ink';
import { memo } from 'react';
import { isPooltopError } from '../../errors/pooltop-error.js';
import type { HashRateSample } from '../../api/mining-types.js';
import { formatHashRate, UNKNOWN_RATE } from '../../format/hash-rate.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { sparkline } from '../../format/sparkline.js';
import { padEnd, padStart } from '../../format/width.js';
import type { GoneWorker } from '../../config/seen-workers.js';
import { formatDuration } from '../../format/time.js';
import { useClock } from '../clock.js';
import { useTheme } from '../theme-context.js';
import { type Poll, useWorkerTrend } from './mining-data.js';
import { UPTIME_TITLE, UPTIME_WIDTH, type UptimeColumn, type WorkerLayout } from './worker-columns.js';
import type { WorkerOrder } from './worker-sort.js';
import type { WorkerUptime } from './account-uptimes.js';
import { uptimeText } from './uptime-text.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';
import { type BrowserStore, useIsSelected } from '../browser/use-browser.js';

type CursorSource = Pick<BrowserStore, 'subscribe' | 'current'>;

export interface WorkerRowProps {
  account: string;
  /** As the server sent it (the request uses it as is; the screen gets it sanitised). */
  name: string;
  /** Its row in the page; whether the cursor is on it is read by RowLead alone. */
  row: number;
  browser: CursorSource;
  layout: WorkerLayout;
  poll: Poll;
  /** Pure-ASCII trend (terminals without UTF-8). */
  ascii: boolean;
  /** From the history file; undefined without one or before its first read (`—`). */
  uptime?: WorkerUptime;
}

/** The newest point's rate and the mean of the readable points; undefined when none is readable. */
export function trendFigures(points: readonly HashRateSample[]): { now?: number; average?: number } {
  const rates = points.map((p) => p.hashrate).filter((v): v is number => v !== null && Number.isFinite(v));
  const newest = points.at(-1)?.hashrate;
  return {
    now: newest === null || newest === undefined ? undefined : newest,
    average: rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : undefined,
  };
}

const rate = (v: number | undefined): string => (v === undefined ? UNKNOWN_RATE : formatHashRate(v));

/**
 * One worker: name, current rate, two-hour mean and trend. Its series is asked for by this row
 * (so only rows on screen cost a request) and a failure costs this row alone. Memoised: the
 * clock redraws only the rows whose props or series changed, and a cursor move only the lead
 * (marker and name) of the two rows it leaves and reaches: the row's series hook stays put.
 */
function WorkerRowView({ account, name, row, browser, layout, poll, ascii, uptime }: WorkerRowProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const trend = useWorkerTrend(account, name, poll);
  const points = trend.value?.hashrate ?? [];
  const { now, average } = trendFigures(points);
  const shownName = sanitizeLine(name, term) || '(no name)';
  let tail: { text: string; color: string | undefined };
  if (trend.error && !trend.value) {
    const why = isPooltopError(trend.error) && trend.error.status ? ` (${trend.error.status})` : '';
    tail = { text: `no series${why}`, color: theme.warn };
  } else if (!trend.value) tail = { text: '…', color: theme.muted };
  else
    tail = {
      text: sparkline(
        points.map((p) => p.hashrate),
        layout.trend,
        { ascii },
      ),
      color: theme.accent,
    };
  return (
    <Text wrap="truncate">
      <RowLead browser={browser} row={row} name={padEnd(shownName, layout.name, ellipsis)} />{' '}
      {padStart(trend.value ? rate(now) : '', layout.now, ellipsis)}{' '}
      {padStart(trend.value ? rate(average) : '', layout.average, ellipsis)} {uptimeCells(layout, uptime)}
      <Text color={tail.color}>{padEnd(tail.text, layout.trend, ellipsis)}</Text>
    </Text>
  );
}

export const WorkerRow = memo(WorkerRowView);

/** The shown uptime columns, each right-aligned and followed by its gap. */
function uptimeCells(layout: WorkerLayout, uptime: WorkerUptime | undefined): string {
  return layout.uptime.map((c) => `${padStart(uptimeText(uptime?.[c]), UPTIME_WIDTH, '')} `).join('');
}

/** The headings, aligned with WorkerRow. */
export function WorkerHeader({
  layout,
  order,
  ascii,
}: {
  layout: WorkerLayout;
  order?: WorkerOrder;
  ascii?: boolean;
}) {
  const mark = (c: UptimeColumn) =>
    order?.key !== c ? '' : ascii ? (order.desc ? 'v' : '^') : order.desc ? '↓' : '↑';
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  return (
    <Text bold color={theme.accent} wrap="truncate">
      {'  '}
      {padEnd('Worker', layout.name, ellipsis)} {padStart('Now', layout.now, ellipsis)}{' '}
      {padStart('2 h mean', layout.average, ellipsis)}{' '}
      {layout.uptime.map((c) => `${padStart(UPTIME_TITLE[c] + mark(c), UPTIME_WIDTH, '')} `).join('')}
      {layout.trend > 0 ? padEnd('Trend, 2 h', layout.trend, ellipsis) : ''}
    </Text>
  );
}

/**
 * A worker seen before and missing from the latest complete listing: no series is asked for,
 * only how long since pooltop last saw it connected, in words.
 */
export const GoneRow = memo(function GoneRow({
  worker,
  row,
  browser,
  layout,
}: {
  worker: GoneWorker;
  row: number;
  browser: CursorSource;
  layout: WorkerLayout;
}) {
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const nowMs = useClock();
  const shownName = sanitizeLine(worker.name, term) || '(no name)';
  const since = Math.max(worker.goneFor, Math.floor(nowMs / 1000) - worker.lastSeen);
  return (
    <Text wrap="truncate">
      <RowLead
        browser={browser}
        row={row}
        name={padEnd(shownName, layout.name, ellipsis)}
        color={theme.muted}
      />{' '}
      <Text color={theme.warn}>gone {formatDuration(since * 1000)}</Text>
    </Text>
  );
});

/** The cursor's marker and the name, highlighted on the selected row. */
function RowLead({
  browser,
  row,
  name,
  color,
}: {
  browser: CursorSource;
  row: number;
  name: string;
  color?: string;
}) {
  const selected = useIsSelected(browser, row);
  return (
    <>
      <Text bold>{selected ? '› ' : '  '}</Text>
      <Text inverse={selected} bold={selected} color={color}>
        {name}
      </Text>
    </>
  );
}
