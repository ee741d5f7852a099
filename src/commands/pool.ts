import type { PoolOverview } from '../api/types.js';
import type { CommandContext } from '../cli/context.js';
import { formatHashRate } from '../format/hash-rate.js';
import { sanitize } from '../format/sanitize.js';
import { formatDateTime, timeAgo } from '../format/time.js';
import type { CommandIO } from '../cli/io.js';
import { toSafeJson } from './json-output.js';
import { renderTextTable } from './text-table.js';

/** `pooltop pool [--json]`: one request, then the overview as JSON or a compact summary. */
export async function runPool(ctx: CommandContext, io: CommandIO, opts: { json: boolean }): Promise<number> {
  const pool = await ctx.client.getMiningPool({ signal: io.signal });
  io.stdout(opts.json ? `${toSafeJson(pool)}\n` : formatPoolSummary(pool, Date.now()));
  return 0;
}

export function formatPoolSummary(pool: PoolOverview, nowMs: number, maxBlocks = 5): string {
  const list = (items: string[]) => (items.length ? items.map((item) => sanitize(item)).join(', ') : '—');
  const lines = [
    `Hash rate   ${formatHashRate(pool.current_hash_rate)}`,
    `Workers     ${pool.workers.toLocaleString('en-US')}`,
    `Location    ${sanitize(pool.location) || '—'}`,
    `Assets      ${list(pool.assets)}`,
    `Rewards     ${list(pool.reward_schemes)}`,
    `Links       ${list(pool.connection_links)}`,
    '',
  ];
  const blocks = pool.blocks.slice(0, maxBlocks);
  if (blocks.length === 0) {
    lines.push('No blocks found yet.');
  } else {
    lines.push('Recent blocks');
    const rows = blocks.map((b) => [
      `#${b.block_height}`,
      formatDateTime(b.block_found_at * 1000),
      timeAgo(b.block_found_at * 1000, nowMs),
    ]);
    lines.push(...renderTextTable(['Height', 'Found at', 'Age'], rows));
  }
  return `${lines.join('\n')}\n`;
}
