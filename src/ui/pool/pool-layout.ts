/** Splits the pool tab's area between headline, links, chart and blocks table. Pure. */
import { BLOCKS_TABLE_WIDTH } from './blocks-table.js';

/** Hash rate/workers line and location/assets/rewards line. */
export const HEADLINE_LINES = 2;
/** Top rule, heading, rule under it, bottom rule. */
export const TABLE_FRAME_LINES = 4;
/** From this width on, the blocks table sits beside the chart. */
export const SIDE_BY_SIDE_COLUMNS = 120;

export interface PoolLayout {
  /** Connection links listed at once (a window around the selected one). */
  linkLines: number;
  sideBySide: boolean;
  chartWidth: number;
  /** Plot rows plus the time-label line. */
  chartHeight: number;
  tableRows: number;
}

export function poolLayout(width: number, height: number, links: number): PoolLayout {
  const linkLines = Math.max(1, Math.min(links, height >= 30 ? 4 : height >= 24 ? 3 : 2));
  // -1 for the chart title; in the stacked layout another -1 for the table title.
  const body = Math.max(0, height - HEADLINE_LINES - linkLines - 1);
  if (width >= SIDE_BY_SIDE_COLUMNS) {
    return {
      linkLines,
      sideBySide: true,
      chartWidth: width - BLOCKS_TABLE_WIDTH - 2,
      chartHeight: Math.max(3, body),
      tableRows: Math.max(1, body - TABLE_FRAME_LINES),
    };
  }
  const shared = Math.max(0, body - TABLE_FRAME_LINES - 1);
  const chartHeight = Math.max(3, Math.ceil(shared * 0.55));
  return {
    linkLines,
    sideBySide: false,
    chartWidth: width,
    chartHeight,
    tableRows: Math.max(1, shared - chartHeight),
  };
}
