import { Box, Text } from 'ink';
import { Fragment, memo } from 'react';
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
    : rewardsTitle({ offset, items, limit, width }, term);
  const trend = yieldTrendLine(
    props.history,
    { width, ascii: props.ascii, keys: byMonth ? 'm: days' : 'm: months' },
    term,
  );
  const lines: Line[] = [{ text: title, bold: true }, { text: trend }];
  if (error && !(byMonth ? props.months : items))
    lines.push({ text: `Could not load rewards: ${sanitizeLine(error.message, term)}`, color: theme.error });
  else
    lines.push({
      text: byMonth ? monthsHeader(width, term) : rewardsHeader(width, term),
      color: theme.muted,
    });
  if (byMonth)
    shownMonths.forEach((m, i) => {
      lines.push({ text: monthLine(m, monthCells[i] ?? m.reward, width, term) });
    });
  else
    (items ?? []).forEach((r, i) => {
      lines.push({
        text: rewardLine(r, width, term, amounts[i]),
        color: r.status === 'canceled' ? theme.muted : undefined,
      });
    });
  // One Text for the pane: Ink lays out, measures and draws each Text on every frame.
  return (
    <Box flexDirection="column" width={width}>
      <Text>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional within the page
          <Fragment key={i}>
            <Text bold={line.bold} color={line.color}>
              {truncate(line.text, width, ellipsis)}
            </Text>
            {i < lines.length - 1 ? '\n' : null}
          </Fragment>
        ))}
      </Text>
    </Box>
  );
}

interface Line {
  text: string;
  bold?: boolean;
  color?: string;
}

export const RewardsPane = memo(RewardsPaneView);
