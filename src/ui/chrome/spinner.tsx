import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { useTheme } from '../theme-context.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;

/** A one-column spinner; it only ticks while mounted, so mount it only while something loads. */
export function Spinner({ intervalMs = 120 }: { intervalMs?: number }) {
  const theme = useTheme();
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return <Text color={theme.accent}>{FRAMES[frame]}</Text>;
}
