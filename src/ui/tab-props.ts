/** What every tab's content component receives (see tabs.ts). */
export interface TabProps {
  /** Columns and rows the tab may use; it must not draw more. */
  width: number;
  height: number;
  /** Visible and owning the keyboard: bind keys with `useKeymap(scope, handlers, active)`. */
  active: boolean;
  /** Not the selected tab: stop polling and drawing (state is kept; see tab-slot.tsx). */
  hidden?: boolean;
}
