import { Box, Text } from 'ink';
import { memo } from 'react';
import type { MiningReward } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { rewardAmounts, rewardLine, rewardsHeader, rewardsTitle } from './rewards-text.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

export interface RewardsPaneProps {
  items: readonly MiningReward[] | undefined;
  offset: number;
  /** Rows per page: the rows that fit. */
  limit: number;
  error: Error | undefined;
  width: number;
}

/** Title with the totals of the rows shown, the column headings, and one line per reward. */
function RewardsPaneView({ items, offset, limit, error, width }: RewardsPaneProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const amounts = items ? rewardAmounts(items, term) : [];
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate">
        {truncate(rewardsTitle({ offset, items, limit, width }, term), width, ellipsis)}
      </Text>
      {error && !items ? (
        <Text color={theme.error} wrap="truncate">
          {truncate(`Could not load rewards: ${sanitizeLine(error.message, term)}`, width, ellipsis)}
        </Text>
      ) : (
        <Text color={theme.muted} wrap="truncate">
          {rewardsHeader(width, term)}
        </Text>
      )}
      {(items ?? []).map((r, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional within the page
          key={i}
          wrap="truncate"
          color={r.status === 'canceled' ? theme.muted : undefined}
        >
          {rewardLine(r, width, term, amounts[i])}
        </Text>
      ))}
    </Box>
  );
}

export const RewardsPane = memo(RewardsPaneView);
