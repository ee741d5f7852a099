import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import { ageOf, type PoolReadings } from '../../alerts/readings.js';
import type { PoolOverview } from '../../api/types.js';
import { formatHashRate } from '../../format/hash-rate.js';
import { formatCount } from '../../format/number.js';
import { listOr, textOr } from '../../format/placeholder.js';
import { formatDuration } from '../../format/time.js';
import { displayWidth, truncate } from '../../format/width.js';
import { AlertTag } from '../chrome/alert-tag.js';
import { useClock } from '../clock.js';
import { Delta } from '../shared/delta.js';
import { useTheme } from '../theme-context.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

/** The pool metrics shown here that may carry thresholds (the keys of alerts/metrics.ts). */
export type PoolAlertStatus = Partial<Record<'hashrate' | 'workers' | 'block_age' | 'data_age', Status>>;

export interface PoolHeadlineProps {
  overview: PoolOverview;
  /** Change since the previous poll (undefined before there is one). */
  hashRateDelta: number | undefined;
  workersDelta: number | undefined;
  /** For the ages of the last block and of the history. */
  readings: PoolReadings;
  /** Whole seconds (the dashboard clock). */
  /** WARN/CRIT beside each value past its threshold. */
  status: PoolAlertStatus;
  width: number;
}

/** "5m 00s ago"; just "—" when the time is unknown (not "— ago"). */
const age = (seconds: number | undefined, suffix: string): string =>
  seconds === undefined ? '—' : `${formatDuration(seconds * 1000)} ${suffix}`;

/**
 * Two lines: how hard the pool works (with the change since the last poll); then how old its
 * last block and its hash-rate history are, where and what. A value past its threshold carries
 * WARN or CRIT.
 */
function PoolHeadlineView(props: PoolHeadlineProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const { overview, hashRateDelta, workersDelta, readings, status, width } = props;
  const nowMs = useClock();
  const theme = useTheme();
  const nowSec = Math.floor(nowMs / 1000);
  const block = `Last block ${age(ageOf(readings.lastBlockTime, nowSec), 'ago')}`;
  const history = `History ${age(ageOf(readings.newestSampleTime, nowSec), 'old')}`;
  const where = `Location ${textOr(overview.location, term)} · Assets ${listOr(overview.assets, term)} · Rewards ${listOr(overview.rewardSchemes, term)}`;
  const tag = (key: keyof PoolAlertStatus) =>
    status[key] === 'warning' || status[key] === 'critical' ? 5 : 0;
  const used = displayWidth(block) + tag('block_age') + 3 + displayWidth(history) + tag('data_age') + 3;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        Hash rate{' '}
        <Text bold color={theme.accent}>
          {formatHashRate(overview.currentHashRate)}
        </Text>
        <AlertTag status={status.hashrate} />
        <Delta value={hashRateDelta} format={formatHashRate} />
        {' · '}Workers <Text bold>{formatCount(overview.workers)}</Text>
        <AlertTag status={status.workers} />
        <Delta value={workersDelta} format={formatCount} />
      </Text>
      <Text wrap="truncate">
        {block}
        <AlertTag status={status.block_age} />
        {' · '}
        {history}
        <AlertTag status={status.data_age} />
        {' · '}
        {truncate(where, Math.max(0, width - used), ellipsis)}
      </Text>
    </Box>
  );
}

/** Memoised: it depends only on its props (the clock among them, for the ages). */
export const PoolHeadline = memo(PoolHeadlineView);
