/** What every client call accepts besides its query. */
export interface CallOptions {
  signal?: AbortSignal;
}
