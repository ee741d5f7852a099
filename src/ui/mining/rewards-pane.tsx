import { Box, Text } from 'ink';
import { memo } from 'react';
import type { MiningReward } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import type { MonthRow } from '../../rewards/books.js';
import { useTheme } from '../theme-context.js';
import { monthAmounts, monthLine, monthsHeader, monthsTitle } from './reward-months-text.js';
import { rewardAmounts, rewardLine, rewardsHeader, rewardsTitle, yieldTrendLine } from './rewards-text.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

export interface RewardsPaneProps {
  items: readonly MiningReward[] | undefined;
  offset: number;
  /** Rows per page: the rows that fit. */
  limit: number;
  error: Error | undefined;
  width: number;
  /** The account's last year of rewards, newest first (the trend and the months). */
  history: readonly MiningReward[] | undefined;
  /** By month (`m`): the months of `history`, newest first, from `monthOffset`. */
  months: readonly MonthRow[] | undefined;
  byMonth: boolean;
  monthOffset: number;
  ascii: boolean;
}

/** Title with the totals of the rows shown, the yield trend, the column headings, one line per row. */
function RewardsPaneView(props: RewardsPaneProps) {
  const { items, offset, limit, error, width, byMonth } = props;
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const amounts = items ? rewardAmounts(items, term) : [];
  const shownMonths = props.months?.slice(props.monthOffset, props.monthOffset + limit) ?? [];
  const monthCells = monthAmounts(shownMonths);
  const title = byMonth
    ? monthsTitle(
        { offset: props.monthOffset, shown: shownMonths.length, total: props.months?.length, width },
        term,
      )
    : truncate(rewardsTitle({ offset, items, limit, width }, term), width, ellipsis);
  const trend = yieldTrendLine(
    props.history,
    { width, ascii: props.ascii, keys: byMonth ? 'm: days' : 'm: months' },
    term,
  );
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate">
        {title}
      </Text>
      <Text wrap="truncate">{trend}</Text>
      {error && !(byMonth ? props.months : items) ? (
        <Text color={theme.error} wrap="truncate">
          {truncate(`Could not load rewards: ${sanitizeLine(error.message, term)}`, width, ellipsis)}
        </Text>
      ) : (
        <Text color={theme.muted} wrap="truncate">
          {byMonth ? monthsHeader(width, term) : rewardsHeader(width, term)}
        </Text>
      )}
      {byMonth
        ? shownMonths.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional within the page
            <Text key={i} wrap="truncate">
              {monthLine(m, monthCells[i] ?? m.reward, width, term)}
            </Text>
          ))
        : (items ?? []).map((r, i) => (
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
