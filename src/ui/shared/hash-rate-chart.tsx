import { Box, Text } from 'ink';
import { Fragment, memo, useMemo } from 'react';
import { useTheme } from '../theme-context.js';
import { type ChartPoint, chartLines } from './chart-lines.js';
import { useGlyphs } from '../terminal-context.js';

export interface HashRateChartProps {
  points: readonly ChartPoint[];
  /** Columns available; no line is wider. */
  width: number;
  /** Lines available: plot rows plus one line of time labels. */
  height: number;
  /** Show only this much history before the newest point (default: all of it). */
  spanMs?: number;
}

/** A hash-rate series as an ASCII line chart; recomputed only when the data or the size changes. */
function HashRateChartView({ points, width, height, spanMs = Infinity }: HashRateChartProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const chart = useMemo(
    () => chartLines(points, width, Math.max(2, height - 1), glyphs, spanMs),
    [points, width, height, glyphs, spanMs],
  );
  const plotCount = chart.lines.length - 1;
  // A screen reader gets the range instead of the drawing (the axis labels: highest, lowest).
  const axis = (i: number) =>
    chart.lines[i]
      ?.slice(0, chart.gutter)
      .replace(/[^\p{L}\p{N}/. ]/gu, '')
      .trim();
  const range = chart.gutter > 0 && plotCount > 0 ? `from ${axis(plotCount - 1)} to ${axis(0)}` : 'no points';
  // One Text for the whole drawing: Ink lays out, measures and draws each Text on every frame,
  // and a chart's lines change only together.
  const last = chart.lines.length - 1;
  return (
    <Box flexDirection="column" width={width} aria-label={`Chart ${range}`}>
      <Text>
        {chart.lines.map((line, i) => {
          const end = i < last ? '\n' : '';
          return chart.gutter > 0 && i < plotCount ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
            <Fragment key={i}>
              <Text color={theme.muted}>{line.slice(0, chart.gutter)}</Text>
              <Text color={theme.accent}>{line.slice(chart.gutter) + end}</Text>
            </Fragment>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
            <Text key={i} color={theme.muted}>
              {line + end}
            </Text>
          );
        })}
      </Text>
    </Box>
  );
}

/** Memoised: the 1 s clock re-renders the Pool tab, and this part depends only on its props. */
export const HashRateChart = memo(HashRateChartView);
