import { useRef } from 'react';
import type { FoundBlock } from '../../api/types.js';

/** How long a block that appeared while watching stays highlighted. */
export const NEW_BLOCK_HOLD_MS = 10 * 60_000;

interface Seen {
  blocks: readonly FoundBlock[] | undefined;
  /** height → when it first appeared (0: it was there on the first load). */
  firstSeen: Map<number, number>;
}

/**
 * Heights of blocks that appeared after the first load, for `holdMs` after they appeared.
 * Remembers only the heights currently listed, so memory stays bounded over a week.
 */
export function useNewBlocks(
  blocks: readonly FoundBlock[] | undefined,
  nowMs: number,
  holdMs = NEW_BLOCK_HOLD_MS,
): ReadonlySet<number> {
  const seen = useRef<Seen | null>(null);
  if (blocks && seen.current?.blocks !== blocks) {
    const before = seen.current?.firstSeen;
    const firstSeen = new Map<number, number>();
    for (const b of blocks) {
      firstSeen.set(b.block_height, before ? (before.get(b.block_height) ?? nowMs) : 0);
    }
    seen.current = { blocks, firstSeen };
  }
  const fresh = new Set<number>();
  for (const [height, at] of seen.current?.firstSeen ?? []) {
    if (at > 0 && nowMs - at < holdMs) fresh.add(height);
  }
  return fresh;
}
