/** Splits the pool tab's area between summary, chart and blocks table. Pure. */

export const SUMMARY_LINES = 3;
export const STATUS_LINES = 1;
/** Top rule, heading, rule under it, bottom rule. */
export const TABLE_FRAME_LINES = 4;
/** Width of the blocks table: Height(7+2) Found(19+2) Status(6+2) and 4 rules. */
export const TABLE_WIDTH = 44;
/** From this width on, the blocks table sits beside the chart. */
export const SIDE_BY_SIDE_COLUMNS = 120;

export interface PoolLayout {
  sideBySide: boolean;
  chartWidth: number;
  /** Plot rows plus the day-label line. */
  chartHeight: number;
  tableRows: number;
}

export function poolLayout(width: number, height: number): PoolLayout {
  const body = Math.max(0, height - SUMMARY_LINES - STATUS_LINES - 1); // -1: chart title
  if (width >= SIDE_BY_SIDE_COLUMNS) {
    return {
      sideBySide: true,
      chartWidth: width - TABLE_WIDTH - 2,
      chartHeight: Math.max(3, body),
      tableRows: Math.max(1, body - TABLE_FRAME_LINES),
    };
  }
  const shared = Math.max(0, body - TABLE_FRAME_LINES - 1); // -1: table title
  const chartHeight = Math.max(3, Math.ceil(shared * 0.55));
  return { sideBySide: false, chartWidth: width, chartHeight, tableRows: Math.max(1, shared - chartHeight) };
}
