/** One answer of a polled key, as every resource keeps it in the SWR cache (use-resource.ts). */
export interface Polled<T> {
  value: T;
  /** When the answer arrived, ms. */
  fetchedAt: number;
  /** 1 for this key's first answer, then 2, 3…: identifies a poll whatever the clock says. */
  poll: number;
}
