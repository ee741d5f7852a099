/**
 * One tab's slot in the shell. A hidden tab stays mounted (its cursor, search and page survive
 * switching) but does not re-render on the clock: it sees the UI state it had when it was last
 * shown and a clock stopped at that second, and the slot skips renders while hidden unless its
 * size changes.
 * Spinners in a hidden tab stand still (HiddenTabContext). The shown tab re-renders when its
 * props change, not on every tick: what shows time reads the clock itself (clock.ts).
 */
import { Box } from 'ink';
import { type ComponentType, memo, useContext, useMemo, useRef } from 'react';
import { HiddenTabContext } from './chrome/spinner.js';
import { type ClockSecond, ClockContext, stoppedClock } from './clock.js';
import type { TabProps, TabVisibility } from './tab-props.js';
import { type UiState, UiStateContext } from './ui-state.js';

export interface TabSlotProps {
  view: ComponentType<TabProps>;
  visibility: TabVisibility;
  width: number;
  height: number;
  ui: UiState;
}

function Slot({ view: Tab, visibility, width, height, ui }: TabSlotProps) {
  const hidden = visibility === 'hidden';
  const live = useContext(ClockContext);
  const frozen = useRef(ui);
  const stopped = useRef<ClockSecond | undefined>(undefined);
  if (!hidden) {
    frozen.current = ui;
    stopped.current = undefined;
  } else stopped.current ??= stoppedClock(live.second());
  // The same element while the tab's props stay.
  const body = useMemo(
    () => <Tab width={width} height={height} visibility={visibility} />,
    [Tab, width, height, visibility],
  );
  return (
    <Box display={visibility === 'active' ? 'flex' : 'none'}>
      <HiddenTabContext.Provider value={hidden}>
        <UiStateContext.Provider value={frozen.current}>
          <ClockContext.Provider value={stopped.current ?? live}>{body}</ClockContext.Provider>
        </UiStateContext.Provider>
      </HiddenTabContext.Provider>
    </Box>
  );
}

/** Hidden (before and after) and no change of size or view: nothing to draw. */
function same(a: TabSlotProps, b: TabSlotProps): boolean {
  if (a.visibility !== 'hidden' || b.visibility !== 'hidden') return false;
  return a.view === b.view && a.width === b.width && a.height === b.height;
}

export const TabSlot = memo(Slot, same);
