import { useLayoutEffect, useRef } from 'react';
import { useNarrator } from './narrator.js';

/**
 * Screen-reader mode: says `describe(item)` for each item of `items` (by `key`) that was not
 * there the last time, e.g. a block just found or a worker just gone. Nothing on the first
 * list: what is there at start is read with its tab.
 */
export function useNarrateNew<T>(
  items: readonly T[] | undefined,
  key: (item: T) => string | number,
  describe: (item: T) => string,
): void {
  const narrator = useNarrator();
  const seen = useRef<Set<string | number> | undefined>(undefined);
  useLayoutEffect(() => {
    if (!narrator || !items) return;
    const keys = new Set(items.map(key));
    const before = seen.current;
    if (before) for (const item of items) if (!before.has(key(item))) narrator.say(describe(item));
    seen.current = keys;
  });
}
