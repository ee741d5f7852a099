/** Entries Node keeps on a source signal for AbortSignal.any (0 when the internals are absent). */
export function dependantsOf(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kDependantSignals');
  const set =
    key === undefined ? undefined : (signal as unknown as Record<symbol, Set<unknown> | undefined>)[key];
  return set?.size ?? 0;
}
