import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `holdMs`; the timer dies with the component. */
export function useNotice(holdMs = 4000): [string | undefined, (text: string) => void] {
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const timer = useRef<NodeJS.Timeout | undefined>(undefined);
  const notify = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setNotice(text);
      timer.current = setTimeout(() => setNotice(undefined), holdMs);
    },
    [holdMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [notice, notify];
}
