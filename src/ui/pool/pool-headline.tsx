import { Box, Text } from 'ink';
import { memo } from 'react';
import type { PoolOverview } from '../../api/types.js';
import { formatHashRate, formatHashRateValue } from '../../format/hash-rate.js';
import { formatCount } from '../../format/number.js';
import { listOr, textOr } from '../../format/placeholder.js';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';

export interface PoolHeadlineProps {
  overview: PoolOverview;
  /** Change since the previous poll (undefined before there is one). */
  hashRateDelta: number | undefined;
  workersDelta: number | undefined;
  width: number;
}

export interface DeltaProps {
  value: number | undefined;
  format: (n: number) => string;
  /** A rise is bad news (workers offline): red up, green down. */
  upIsBad?: boolean;
}

/** ▲ / ▼ with the size of the change, as text (colour only repeats it). */
export function Delta({ value, format, upIsBad = false }: DeltaProps) {
  const theme = useTheme();
  if (value === undefined) return null;
  if (value === 0) return <Text color={theme.muted}> ±0</Text>;
  return (
    <Text color={value > 0 !== upIsBad ? theme.ok : theme.error}>
      {' '}
      {value > 0 ? '▲' : '▼'} {format(Math.abs(value))}
    </Text>
  );
}

/** Two lines: how hard the pool works (with the change since the last poll), and where and what. */
function PoolHeadlineView({ overview, hashRateDelta, workersDelta, width }: PoolHeadlineProps) {
  const theme = useTheme();
  const where = `Location ${textOr(overview.location)} · Assets ${listOr(overview.assets)} · Rewards ${listOr(overview.reward_schemes)}`;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        Hash rate{' '}
        <Text bold color={theme.accent}>
          {formatHashRate(overview.current_hash_rate)}
        </Text>
        <Delta value={hashRateDelta} format={formatHashRateValue} />
        {' · '}Workers <Text bold>{formatCount(overview.workers)}</Text>
        <Delta value={workersDelta} format={formatCount} />
      </Text>
      <Text wrap="truncate">{truncate(where, width)}</Text>
    </Box>
  );
}

/** Memoised: the 1 s clock re-renders the Pool tab, and this part depends only on its props. */
export const PoolHeadline = memo(PoolHeadlineView);
