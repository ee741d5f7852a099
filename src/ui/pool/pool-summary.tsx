import { Box, Text } from 'ink';
import type { PoolOverview } from '../../api/types.js';
import { formatHashRate } from '../../format/hash-rate.js';
import { formatCount } from '../../format/number.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';

export interface PoolSummaryProps {
  overview: PoolOverview;
  /** Index into connection_links of the link `y` copies. */
  selectedLink: number;
  width: number;
}

const list = (items: readonly string[]): string => items.map(sanitizeLine).filter(Boolean).join(', ') || '—';

/** Three lines: where and what the pool mines, how hard, and the stratum link to copy. */
export function PoolSummary({ overview, selectedLink, width }: PoolSummaryProps) {
  const theme = useTheme();
  const links = overview.connection_links;
  const link = links[selectedLink] === undefined ? '' : sanitizeLine(links[selectedLink]);
  const linkHint = links.length > 1 ? `  (${selectedLink + 1}/${links.length} · l next · y copy)` : '  (y copy)';
  const first = `Location ${sanitizeLine(overview.location) || '—'} · Assets ${list(overview.assets)} · Rewards ${list(overview.reward_schemes)}`;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">{truncate(first, width)}</Text>
      <Text wrap="truncate">
        Hash rate{' '}
        <Text bold color={theme.accent}>
          {formatHashRate(overview.current_hash_rate)}
        </Text>
        {' · '}Workers <Text bold>{formatCount(overview.workers)}</Text>
      </Text>
      <Text wrap="truncate">
        Stratum <Text color={theme.accent}>› </Text>
        {links.length === 0 ? (
          <Text color={theme.muted}>none published</Text>
        ) : (
          <>
            <Text bold>{truncate(link, Math.max(10, width - 10 - linkHint.length))}</Text>
            <Text color={theme.muted}>{linkHint}</Text>
          </>
        )}
      </Text>
    </Box>
  );
}
