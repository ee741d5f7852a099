/**
 * One tab's slot in the shell. A hidden tab stays mounted (its cursor, search and page survive
 * switching) but does not re-render on the clock: it sees the UI state and the second it had
 * when it was last shown, and the slot skips renders while hidden unless its size changes. Tabs
 * that must keep time while hidden (the Session's auto-refresh) set `keepsClock` and get the
 * live clock; they skip drawing themselves. Spinners in a hidden tab stand still
 * (HiddenTabContext). The shown tab re-renders when its props change, not on every tick: what
 * shows time reads the clock itself (clock.ts).
 */
import { Box } from 'ink';
import { memo, useMemo, useRef } from 'react';
import { HiddenTabContext } from './chrome/spinner.js';
import { ClockContext } from './clock.js';
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
  nowMs: number;
}

function Slot({ def, shown, display, active, width, height, ui, nowMs }: TabSlotProps) {
  const frozen = useRef(ui);
  const second = useRef(nowMs);
  if (shown) frozen.current = ui;
  if (shown || def.keepsClock) second.current = nowMs;
  // The same element while the tab's props stay: a tick re-renders this slot and the readers
  // of the clock inside it, not the tab.
  const Tab = def.component;
  const body = useMemo(
    () => <Tab width={width} height={height} active={active} hidden={!shown} />,
    [Tab, width, height, active, shown],
  );
  return (
    <Box display={display ? 'flex' : 'none'}>
      <HiddenTabContext.Provider value={!shown}>
        <UiStateContext.Provider value={frozen.current}>
          <ClockContext.Provider value={second.current}>{body}</ClockContext.Provider>
        </UiStateContext.Provider>
      </HiddenTabContext.Provider>
    </Box>
  );
}

/** Hidden (before and after) and no change of size or tab: nothing to draw. */
function same(a: TabSlotProps, b: TabSlotProps): boolean {
  if (a.shown || b.shown) return false;
  if (b.def.keepsClock && a.nowMs !== b.nowMs) return false;
  return a.def === b.def && a.width === b.width && a.height === b.height && a.active === b.active;
}

export const TabSlot = memo(Slot, same);
