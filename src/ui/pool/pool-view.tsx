import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { readPool } from '../../alerts/readings.js';
import type { FoundBlock } from '../../api/types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { useAlertStatus } from '../alerts/use-alert-status.js';
import { Spinner } from '../chrome/spinner.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { useNewBlocks } from './use-new-blocks.js';
import { useNarrateNew } from '../narration/use-narrate-new.js';
import { usePollDelta } from '../shared/use-poll-delta.js';
import { usePoolOverview } from './use-pool-overview.js';
import { useReportStatus } from '../status-report.js';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { BlocksTable } from './blocks-table.js';
import { ConnectionLinks } from '../shared/connection-links.js';
import { HashRateChart } from '../shared/hash-rate-chart.js';
import { PoolHeadline } from './pool-headline.js';
import { poolLayout } from './pool-layout.js';
import { useTerminal, useGlyphs, useTerminalEffects } from '../terminal-context.js';

const DAY_MS = 24 * 3_600_000;
/** One empty list for a missing one, so the memoised chart and table keep their inputs. */
const NONE: readonly never[] = [];

/** Tab 1: the public mining-pool overview, its hash rate chart and the blocks it found. */
export function PoolView({ width, height, visibility }: TabProps) {
  const active = visibility === 'active';
  const hidden = visibility === 'hidden';
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const effects = useTerminalEffects();
  const { apiUrl } = useDashboard();
  const ui = useUiState();
  const pool = usePoolOverview(hidden);
  const [link, setLink] = useState(0);
  const [lastDay, setLastDay] = useState(false);
  const overview = pool.value;
  const links = overview?.connectionLinks ?? [];
  const selected = Math.min(link, Math.max(0, links.length - 1));
  const fresh = useNewBlocks(overview?.blocks, pool.poll);
  useNarrateNew(
    overview?.blocks ?? undefined,
    blockKey,
    (b) => `New block found: ${b.blockHeight ?? 'height unknown'}`,
  );
  const rateDelta = usePollDelta(overview?.currentHashRate ?? undefined, pool.poll);
  const workersDelta = usePollDelta(overview?.workers ?? undefined, pool.poll);
  const readings = useMemo(() => (overview ? readPool(overview) : undefined), [overview]);
  const statusOf = useAlertStatus();
  const [hashrate, workers, blockAge, dataAge] = (
    ['hashrate', 'workers', 'block_age', 'data_age'] as const
  ).map((key) => statusOf('pool', key));
  const status = useMemo(
    () => ({ hashrate, workers, block_age: blockAge, data_age: dataAge }),
    [hashrate, workers, blockAge, dataAge],
  );
  useReportStatus({ what: 'pool overview', resource: pool }, !hidden);

  useKeymap(
    'pool',
    {
      'next-link': () => setLink((i) => Math.min(i + 1, Math.max(0, links.length - 1))),
      'prev-link': () => setLink((i) => Math.max(0, Math.min(i, links.length - 1) - 1)),
      'copy-link': () => {
        const text = links[selected] === undefined ? '' : sanitizeLine(links[selected], term);
        if (!text) return ui.notify('No connection link to copy.');
        ui.notify(effects.copy(text, 'Link'));
      },
      'chart-range': () => setLastDay((d) => !d),
    },
    active,
  );

  if (!overview || !readings) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        {pool.error ? (
          <Text color={theme.error} wrap="truncate">
            Could not load the pool overview:{' '}
            {truncate(sanitizeLine(pool.error.message, term), width - 36, ellipsis)}
          </Text>
        ) : (
          <Text wrap="truncate">
            <Spinner /> Loading the pool overview from{' '}
            {truncate(sanitizeLine(apiUrl, term), width - 40, ellipsis)}
            {ellipsis}
          </Text>
        )}
      </Box>
    );
  }

  const layout = poolLayout(width, height, links.length);
  const chart = (
    <Box flexDirection="column" width={layout.chartWidth}>
      <Text bold wrap="truncate">
        Hash rate, last {lastDay ? '24 hours' : '7 days'}{' '}
        <Text color={theme.muted}>(t: {lastDay ? '7 days' : '24 hours'})</Text>
      </Text>
      <HashRateChart
        points={overview.last7daysHashRate ?? NONE}
        width={layout.chartWidth}
        height={layout.chartHeight}
        spanMs={lastDay ? DAY_MS : Infinity}
      />
    </Box>
  );
  const table = (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        Blocks found <Text color={theme.muted}>(newest first, local time)</Text>
      </Text>
      <BlocksTable blocks={overview.blocks ?? NONE} fresh={fresh} maxRows={layout.tableRows} />
    </Box>
  );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <PoolHeadline
        overview={overview}
        hashRateDelta={rateDelta}
        workersDelta={workersDelta}
        readings={readings}
        status={status}
        width={width}
      />
      <ConnectionLinks links={links} selected={selected} lines={layout.linkLines} width={width} />
      <Box flexDirection={layout.sideBySide ? 'row' : 'column'} gap={layout.sideBySide ? 2 : 0}>
        {chart}
        {table}
      </Box>
    </Box>
  );
}

function blockKey(b: FoundBlock): string {
  return `${b.blockHeight}:${b.blockFoundAt}`;
}
