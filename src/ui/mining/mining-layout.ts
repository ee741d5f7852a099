/** Splits the Mining tab between its lines, the chart, the rewards and the workers table. Pure. */

/** Freshness line, account line, two headline lines. */
export const TOP_LINES = 4;
/** Title, the yield trend and the column headings above the reward rows. */
export const REWARDS_HEAD_LINES = 3;
/** From this width on, the rewards sit beside the chart. */
export const SIDE_BY_SIDE_COLUMNS = 120;
export const REWARDS_WIDTH = 72;

export interface MiningLayout {
  linkLines: number;
  sideBySide: boolean;
  chartWidth: number;
  /** Title, plot rows and the time-label line. */
  chartHeight: number;
  rewardsWidth: number;
  /** Reward rows (the page size asked for). */
  rewardRows: number;
  /** Worker rows on screen. */
  workerRows: number;
}

export function miningLayout(
  width: number,
  height: number,
  opts: { links: number; searchOpen: boolean },
): MiningLayout {
  const linkLines = Math.max(1, Math.min(opts.links, height >= 30 ? 3 : 1));
  const search = opts.searchOpen ? 1 : 0;
  const rest = Math.max(0, height - TOP_LINES - linkLines);
  // Workers: header and footer around the rows, a little under half of what is left.
  const workerRows = Math.max(3, Math.floor(rest * 0.45) - 2 - search);
  const middle = Math.max(4, rest - workerRows - 2 - search);
  if (width >= SIDE_BY_SIDE_COLUMNS) {
    return {
      linkLines,
      sideBySide: true,
      chartWidth: width - REWARDS_WIDTH - 2,
      chartHeight: middle,
      rewardsWidth: REWARDS_WIDTH,
      rewardRows: Math.max(1, middle - REWARDS_HEAD_LINES),
      workerRows,
    };
  }
  const rewardRows = Math.max(1, Math.min(5, Math.floor(middle * 0.4) - REWARDS_HEAD_LINES));
  return {
    linkLines,
    sideBySide: false,
    chartWidth: width,
    chartHeight: Math.max(4, middle - rewardRows - REWARDS_HEAD_LINES),
    rewardsWidth: width,
    rewardRows,
    workerRows,
  };
}
