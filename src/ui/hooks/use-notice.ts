import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `showMs`, or when `clear` is called (it belongs to the tab
 * it was said on); the timer dies with the component.
 */
export function useNotice(showMs = 4000): [string | undefined, (text: string) => void, () => void] {
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const timer = useRef<NodeJS.Timeout | undefined>(undefined);
  const notify = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setNotice(text);
      timer.current = setTimeout(() => setNotice(undefined), showMs);
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
