/** The shell's use of the clock, reduced: it ticks the clock, and one reader draws the second. */
import { Text } from 'ink';
import { ClockContext, useClock } from '../../../src/ui/clock.js';
import { useTickingClock } from '../../../src/ui/hooks/use-ticking-clock.js';

export interface ClockProbeProps {
  /** Each second the reader renders with. */
  onDraw?: (second: number) => void;
}

export function ClockProbe({ onDraw }: ClockProbeProps = {}) {
  const ticking = useTickingClock();
  return (
    <ClockContext.Provider value={ticking}>
      <Reader onDraw={onDraw} />
    </ClockContext.Provider>
  );
}

function Reader({ onDraw }: Pick<ClockProbeProps, 'onDraw'>) {
  const now = useClock();
  onDraw?.(now);
  return <Text>{now}</Text>;
}
