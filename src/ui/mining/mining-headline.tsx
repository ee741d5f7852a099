import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import type { MiningReadings } from '../../alerts/readings.js';
import { formatHashRate, UNKNOWN_RATE } from '../../format/hash-rate.js';
import { formatCount } from '../../format/number.js';
import { Delta } from '../shared/delta.js';
import { useTheme } from '../theme-context.js';

export interface MiningDeltas {
  hashRate?: number;
  online?: number;
  low?: number;
  offline?: number;
}

export interface MiningHeadlineProps {
  readings: MiningReadings;
  /** Status of each metric against the preferences file's thresholds, by metric key. */
  statuses: Readonly<Record<string, Status>>;
  /** Change since the previous poll of the same answer (undefined before there is one). */
  deltas: MiningDeltas;
  fee: number | null | undefined;
  width: number;
}

/** WARN / CRIT in words beside a value past its threshold; colour only repeats it. */
function AlertWord({ status }: { status: Status | undefined }) {
  const theme = useTheme();
  if (status === 'warning') return <Text color={theme.warn}> WARN</Text>;
  if (status === 'critical') return <Text color={theme.error}> CRIT</Text>;
  return null;
}

const rate = (v: number | undefined): string => (v === undefined ? UNKNOWN_RATE : formatHashRate(v));
const count = (v: number | undefined): string => (v === undefined ? '—' : formatCount(v));
const percent = (ratio: number | undefined): string =>
  ratio === undefined ? '—' : `${(ratio * 100).toFixed(2)} %`;

/** Two lines: how hard the account hashes (now, the day's mean, rejects), and its workers and fee. */
function MiningHeadlineView({ readings: r, statuses, deltas, fee, width }: MiningHeadlineProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        Hash rate{' '}
        <Text bold color={theme.accent}>
          {rate(r.hashRate)}
        </Text>
        <Delta value={deltas.hashRate} format={formatHashRate} />
        <AlertWord status={statuses.hashrate} />
        {' · '}24 h average <Text bold>{rate(r.hashRate24h)}</Text>
        <AlertWord status={statuses.hashrate_24h} />
        {' · '}Reject <Text bold>{percent(r.rejectRatio)}</Text>
        <AlertWord status={statuses.reject_rate} />
      </Text>
      <Text wrap="truncate">
        Workers <Text bold>{count(r.workersOnline)}</Text> online
        <Delta value={deltas.online} format={formatCount} />
        <AlertWord status={statuses.workers_online} />
        {' · '}
        <Text bold>{count(r.workersLow)}</Text> low
        <Delta value={deltas.low} format={formatCount} upIsBad />
        <AlertWord status={statuses.workers_low} />
        {' · '}
        <Text bold>{count(r.workersOffline)}</Text> offline
        <Delta value={deltas.offline} format={formatCount} upIsBad />
        <AlertWord status={statuses.workers_offline} />
        {' · '}Fee <Text bold>{typeof fee === 'number' ? `${fee} %` : '—'}</Text>
      </Text>
    </Box>
  );
}

/** Memoised: the 1 s clock re-renders the tab, and this part depends only on its props. */
export const MiningHeadline = memo(MiningHeadlineView);
