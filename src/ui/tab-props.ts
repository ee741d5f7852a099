/**
 * How much of a tab the user has: `active`, shown and owning the keyboard; `covered`, the selected
 * tab under the help or the alert history (or a terminal too small to draw): its data is kept
 * fresh and reported, its keys stand aside; `hidden`, another tab is selected: nothing is polled
 * or drawn, and its state is kept for when it is shown again (tab-slot.tsx).
 */
export type TabVisibility = 'active' | 'covered' | 'hidden';

/** What every tab's view receives (tab-views.ts). */
export interface TabProps {
  /** Columns and rows the tab may use; it must not draw more. */
  width: number;
  height: number;
  visibility: TabVisibility;
}
