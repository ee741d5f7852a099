import { Text } from 'ink';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTheme } from '../theme-context.js';
import { useDrawSoon } from '../../renderer/index.js';
import { useGlyphs } from '../terminal-context.js';

/** True inside a hidden tab (tab-slot.tsx): spinners there stand still, so they cause no renders. */
export const HiddenTabContext = createContext(false);

/** `--reduce-motion` or `--screen-reader`: spinners stand still (the loading text stays). */
export const ReducedMotionContext = createContext(false);

/** A one-column spinner; it only ticks while mounted, so mount it only while something loads. */
export function Spinner({ intervalMs = 120 }: { intervalMs?: number }) {
  const theme = useTheme();
  const { spinner, ellipsis } = useGlyphs();
  const still = useContext(ReducedMotionContext);
  const hidden = useContext(HiddenTabContext) || still;
  const [frame, setFrame] = useState(0);
  const drawSoon = useDrawSoon();
  useEffect(() => {
    if (hidden) return;
    // An animation step is drawn when it is due, not held for the clock (src/renderer/pass-scheduler.tsx).
    const timer = setInterval(() => {
      drawSoon();
      setFrame((f) => (f + 1) % spinner.length);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, hidden, drawSoon, spinner]);
  if (still) return <Text color={theme.accent}>{ellipsis.slice(0, 1)}</Text>;
  return <Text color={theme.accent}>{spinner[frame % spinner.length]}</Text>;
}
