/** Page sizes that `+`/`-` step through; any size in 1–100 steps to the nearest one beyond it. */
import { LIMIT_MAX, LIMIT_MIN } from '../../api/types.js';

export const PAGE_SIZES: readonly number[] = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/** The next size up (`delta` 1) or down (-1); the same size at the bound. */
export function nextPageSize(current: number, delta: 1 | -1): number {
  const found =
    delta > 0
      ? PAGE_SIZES.find((size) => size > current)
      : [...PAGE_SIZES].reverse().find((size) => size < current);
  const next = found ?? current;
  return Math.min(Math.max(next, LIMIT_MIN), LIMIT_MAX);
}
