import type { PoolOverview } from '../api/types.js';
import type { CommandContext } from './support/context.js';
import { formatHashRate } from '../format/hash-rate.js';
import { formatCount } from '../format/number.js';
import { listOr, PLACEHOLDER, textOr } from '../format/placeholder.js';
import { formatDateTime, timeAgo } from '../format/time.js';
import type { CommandIO } from './support/io.js';
import { toSafeJson } from './json-output.js';
import { renderTextTable } from './text-table.js';
import type { TextTarget } from '../format/sanitize.js';

/**
 * `pooltop pool [--json]`: one request, then the overview as JSON or a compact summary. The JSON
 * is the overview as read (`received`): the same snake_case object whatever shape the server
 * sent, fields in a fixed order, a missing field missing and a null one null.
 */
export async function runPool(ctx: CommandContext, io: CommandIO, opts: { json: boolean }): Promise<number> {
  const pool = await ctx.client.getMiningPool({ signal: io.signal });
  io.stdout(
    opts.json
      ? `${toSafeJson(pool.received, io.terminal)}\n`
      : formatPoolSummary(pool, Date.now(), io.terminal),
  );
  return 0;
}

export function formatPoolSummary(
  pool: PoolOverview,
  nowMs: number,
  term: TextTarget,
  maxBlocks = 5,
): string {
  const lines = [
    `Hash rate   ${formatHashRate(pool.currentHashRate)}`,
    `Workers     ${formatCount(pool.workers)}`,
    `Location    ${textOr(pool.location, term)}`,
    `Assets      ${listOr(pool.assets, term)}`,
    `Rewards     ${listOr(pool.rewardSchemes, term)}`,
    `Links       ${listOr(pool.connectionLinks, term)}`,
    '',
  ];
  const blocks = (pool.blocks ?? []).slice(0, maxBlocks);
  if (blocks.length === 0) {
    lines.push('No blocks found yet.');
  } else {
    lines.push('Recent blocks');
    const rows = blocks.map((b) => {
      const at = b.blockFoundAt === null ? undefined : b.blockFoundAt * 1000;
      return [
        b.blockHeight === null ? PLACEHOLDER : `#${b.blockHeight}`,
        at === undefined ? PLACEHOLDER : formatDateTime(at),
        at === undefined ? PLACEHOLDER : timeAgo(at, nowMs),
      ];
    });
    lines.push(...renderTextTable(term, ['Height', 'Found at', 'Age'], rows));
  }
  return `${lines.join('\n')}\n`;
}
