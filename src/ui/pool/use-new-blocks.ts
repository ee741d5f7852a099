import { useRef } from 'react';
import type { FoundBlock } from '../../api/types.js';

interface Seen {
  poll: number | undefined;
  heights: ReadonlySet<number> | undefined;
  fresh: ReadonlySet<number>;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * Heights of the blocks that arrived with the latest poll (absent from the poll before it), so a
 * new block is highlighted for one cycle. Nothing is new on the first load. Keyed by the poll's
 * sequence number, so an unchanged list on the next poll ends the highlight.
 */
export function useNewBlocks(
  blocks: readonly FoundBlock[] | null | undefined,
  poll: number | undefined,
): ReadonlySet<number> {
  const seen = useRef<Seen>({ poll: undefined, heights: undefined, fresh: NONE });
  if (blocks && poll !== seen.current.poll) {
    const heights = new Set(blocks.flatMap((b) => (b.blockHeight === null ? [] : [b.blockHeight])));
    const before = seen.current.heights;
    const fresh = before ? new Set([...heights].filter((h) => !before.has(h))) : NONE;
    seen.current = { poll, heights, fresh };
  }
  return seen.current.fresh;
}
