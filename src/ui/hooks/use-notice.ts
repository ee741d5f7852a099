import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `showMs`, or when `clear` is called (it belongs to the tab
 * it was said on); the timer dies with the component.
 */
export function useNotice(
  showMs = 4000,
): [string | undefined, (text: string, forMs?: number) => void, () => void] {
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const timer = useRef<NodeJS.Timeout | undefined>(undefined);
  const notify = useCallback(
    (text: string, forMs = showMs) => {
      clearTimeout(timer.current);
      setNotice(text);
      timer.current = setTimeout(() => setNotice(undefined), forMs);
    },
    [showMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(undefined);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [notice, notify, clear];
}
