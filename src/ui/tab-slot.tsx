/**
 * One tab's slot in the shell. A hidden tab stays mounted (its cursor, search and page survive
 * switching) but does not re-render on the clock: it sees the UI state it had when it was last
 * shown, and the slot skips renders while hidden unless its size changes. Tabs that must keep
 * time while hidden (the Session's auto-refresh) set `keepsClock` and get the live state; they
 * skip drawing themselves. Spinners in a hidden tab stand still (HiddenTabContext).
 */
import { Box } from 'ink';
import { memo, useRef } from 'react';
import { HiddenTabContext } from './chrome/spinner.js';
import type { TabDef } from './tabs.js';
import { type UiState, UiStateContext } from './ui-state.js';

export interface TabSlotProps {
  def: TabDef;
  /** The selected tab (drawn unless help covers it). */
  shown: boolean;
  display: boolean;
  active: boolean;
  width: number;
  height: number;
  ui: UiState;
}

function Slot({ def, shown, display, active, width, height, ui }: TabSlotProps) {
  const frozen = useRef(ui);
  if (shown || def.keepsClock) frozen.current = ui;
  return (
    <Box display={display ? 'flex' : 'none'}>
      <HiddenTabContext.Provider value={!shown}>
        <UiStateContext.Provider value={frozen.current}>
          <def.component width={width} height={height} active={active} hidden={!shown} />
        </UiStateContext.Provider>
      </HiddenTabContext.Provider>
    </Box>
  );
}

/** Hidden (before and after) and no change of size or tab: nothing to draw. */
function same(a: TabSlotProps, b: TabSlotProps): boolean {
  if (a.shown || b.shown) return false;
  if (b.def.keepsClock && a.ui !== b.ui) return false;
  return a.def === b.def && a.width === b.width && a.height === b.height && a.active === b.active;
}

export const TabSlot = memo(Slot, same);
