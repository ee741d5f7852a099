import { Box, Text, useStdout } from 'ink';
import { useState } from 'react';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { DataStatus } from '../chrome/data-status.js';
import { Spinner } from '../chrome/spinner.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { useNewBlocks } from '../hooks/use-new-blocks.js';
import { usePoolOverview } from '../hooks/use-pool-overview.js';
import { osc52 } from '../osc52.js';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { BlocksTable } from './blocks-table.js';
import { HashRateChart } from './hash-rate-chart.js';
import { PoolSummary } from './pool-summary.js';
import { poolLayout } from './pool-layout.js';

/** Tab 1: the public mining-pool overview, its 7-day hash rate and the blocks it found. */
export function PoolView({ width, height, active }: TabProps) {
  const theme = useTheme();
  const { stdout } = useStdout();
  const { intervalMs, client } = useDashboard();
  const ui = useUiState();
  const pool = usePoolOverview();
  const [link, setLink] = useState(0);
  const overview = pool.overview;
  const links = overview?.connection_links ?? [];
  const selected = links.length === 0 ? 0 : link % links.length;
  const fresh = useNewBlocks(overview?.blocks, ui.nowMs);

  useKeymap(
    'pool',
    {
      'copy-link': () => {
        const text = links[selected] === undefined ? '' : sanitizeLine(links[selected]);
        if (!text) return ui.notify('No stratum link to copy.');
        stdout.write(osc52(text));
        ui.notify(`Copied ${truncate(text, 60)} to the clipboard (OSC 52).`);
      },
      'next-link': () => setLink((i) => (links.length === 0 ? 0 : (i + 1) % links.length)),
    },
    active,
  );

  const status = (
    <DataStatus
      what="pool overview"
      hasData={overview !== undefined}
      fetchedAt={pool.fetchedAt}
      error={pool.error}
      isValidating={pool.isValidating}
      paused={ui.paused}
      intervalMs={intervalMs}
      nowMs={ui.nowMs}
      width={width}
    />
  );
  if (!overview) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        {status}
        <Box marginTop={1}>
          {pool.error ? (
            <Text color={theme.error}>Could not load the pool overview; see the error above.</Text>
          ) : (
            <Text>
              <Spinner /> Loading the pool overview from {truncate(sanitizeLine(client.baseUrl), width - 40)}…
            </Text>
          )}
        </Box>
      </Box>
    );
  }

  const layout = poolLayout(width, height);
  const chart = (
    <Box flexDirection="column" width={layout.chartWidth}>
      <Text bold wrap="truncate">
        Hash rate, last 7 days
      </Text>
      <HashRateChart points={overview.last7days_hash_rate} width={layout.chartWidth} height={layout.chartHeight} />
    </Box>
  );
  const table = (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        Blocks found <Text color={theme.muted}>(newest first{ui.timeMode === 'absolute' ? ', local time' : ''})</Text>
      </Text>
      <BlocksTable
        blocks={overview.blocks}
        fresh={fresh}
        timeMode={ui.timeMode}
        nowMs={ui.nowMs}
        maxRows={layout.tableRows}
      />
    </Box>
  );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <PoolSummary overview={overview} selectedLink={selected} width={width} />
      {status}
      <Box flexDirection={layout.sideBySide ? 'row' : 'column'} gap={layout.sideBySide ? 2 : 0}>
        {chart}
        {table}
      </Box>
    </Box>
  );
}
