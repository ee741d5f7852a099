/**
 * A signal that aborts when any of `signals` does (with that signal's reason): what
 * `AbortSignal.any` does, without its leak. On Node 22, `AbortSignal.any` leaves an entry on
 * each source signal that is never pruned while the source lives (nodejs/node#55351, #64476);
 * the dashboard combines its lifetime signal, which lives as
 * long as the process, with one signal per request, so that set would grow for ever.
 * Call `dispose()` when the operation ends: it removes every listener this added.
 */
export interface LinkedSignal {
  signal: AbortSignal;
  dispose(): void;
}

export function linkSignals(...signals: ReadonlyArray<AbortSignal | undefined>): LinkedSignal {
  const controller = new AbortController();
  const sources = signals.filter((s): s is AbortSignal => s !== undefined);
  const aborted = sources.find((s) => s.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const links = sources.map((source) => {
    const onAbort = (): void => {
      controller.abort(source.reason);
      dispose();
    };
    source.addEventListener('abort', onAbort, { once: true });
    return { source, onAbort };
  });
  function dispose(): void {
    for (const { source, onAbort } of links) source.removeEventListener('abort', onAbort);
  }
  return { signal: controller.signal, dispose };
}
