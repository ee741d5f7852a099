import { useRef } from 'react';

/**
 * `value` minus its value at the previous poll (undefined on the first poll or when either is
 * unknown). A poll is identified by its sequence number; re-renders in between change nothing.
 */
export function usePollDelta(value: number | undefined, poll: number | undefined): number | undefined {
  const ref = useRef<{ at: number | undefined; value: number | undefined; previous: number | undefined }>({
    at: undefined,
    value: undefined,
    previous: undefined,
  });
  if (poll !== ref.current.at) {
    ref.current = { at: poll, value, previous: ref.current.value };
  }
  const { value: now, previous } = ref.current;
  return now === undefined || previous === undefined ? undefined : now - previous;
}
