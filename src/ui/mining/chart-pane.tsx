import { Box, Text } from 'ink';
import type { MiningInterval } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { displayWidth, truncate } from '../../format/width.js';
import { Spinner } from '../chrome/spinner.js';
import type { ChartPoint } from '../shared/chart-lines.js';
import { HashRateChart } from '../shared/hash-rate-chart.js';
import { useTheme } from '../theme-context.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

const POINTS: Readonly<Record<MiningInterval, string>> = {
  '5m': '5 min points, 24 h',
  '1h': 'hourly, 7 days',
  '24h': 'daily, 30 days',
};
export const NEXT_INTERVAL: Readonly<Record<MiningInterval, MiningInterval>> = {
  '5m': '1h',
  '1h': '24h',
  '24h': '5m',
};
/** What POINTS says when the title has no room for the span. */
const POINTS_SHORT: Readonly<Record<MiningInterval, string>> = {
  '5m': '5 min points',
  '1h': 'hourly',
  '24h': 'daily',
};
const SHORT: Readonly<Record<MiningInterval, string>> = { '5m': '5 min', '1h': '1 h', '24h': '24 h' };

/**
 * `Worker asic-014 · 5 min points, 24 h (t: 1 h · Esc)` in `width`: the span goes before anything
 * is cut, then the name is cut; the keys are always whole.
 */
export function chartTitle(
  what: string,
  interval: MiningInterval,
  keys: string,
  width: number,
  ellipsis: string,
): string {
  const room = Math.max(10, width - keys.length - 3);
  const full = `${what} · ${POINTS[interval]}`;
  const short = `${what} · ${POINTS_SHORT[interval]}`;
  if (displayWidth(full) <= room) return full;
  if (displayWidth(short) <= room) return short;
  const tail = ` · ${POINTS_SHORT[interval]}`;
  return `${truncate(what, Math.max(4, room - tail.length), ellipsis)}${tail}`;
}

export interface ChartPaneProps {
  /** The account's series, or one worker's (then `worker` is its name). */
  points: readonly ChartPoint[] | undefined;
  worker?: string;
  interval: MiningInterval;
  error: Error | undefined;
  width: number;
  /** Lines for the title, the plot and its time labels. */
  height: number;
}

/** A title saying what is plotted and how to change it, then the Pool tab's chart of it. */
export function ChartPane({ points, worker, interval, error, width, height }: ChartPaneProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const what = worker === undefined ? 'Hash rate' : `Worker ${sanitizeLine(worker, term) || '(no name)'}`;
  const keys = `t: ${SHORT[NEXT_INTERVAL[interval]]}${worker === undefined ? '' : ' · Esc'}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {truncate(
          chartTitle(what, interval, keys, width, ellipsis),
          Math.max(10, width - keys.length - 3),
          ellipsis,
        )}{' '}
        <Text color={theme.muted}>({keys})</Text>
      </Text>
      {points ? (
        <HashRateChart points={points} width={width} height={Math.max(3, height - 1)} />
      ) : error ? (
        <Text color={theme.error} wrap="truncate">
          {truncate(`Could not load the series: ${sanitizeLine(error.message, term)}`, width, ellipsis)}
        </Text>
      ) : (
        <Text>
          <Spinner /> Loading the series…
        </Text>
      )}
    </Box>
  );
}
