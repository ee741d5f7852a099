/** What a browsed table does with the mouse (table-frame.tsx draws it, use-browser.ts decides). */
export interface TableMouse {
  /** The tab is the one shown, with nothing over it. */
  active: boolean;
  onRow(index: number): void;
  onWheel(delta: 1 | -1): void;
}

/** Rows the cursor moves for one notch of the wheel. */
export const WHEEL_ROWS = 3;
