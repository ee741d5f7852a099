import { useEffect, useMemo, useRef } from 'react';
import { SWRConfig } from 'swr';
import type { ApiClient } from '../api/types.js';
import type { ResolvedConfig } from '../config/types.js';
import { createTheme } from '../format/color.js';
import { DashboardContext, type DashboardContextValue } from './dashboard-context.js';
import { Shell } from './shell.js';
import { swrOptions } from './swr-options.js';
import { ThemeContext } from './theme-context.js';

export interface AppProps {
  client: ApiClient;
  config: ResolvedConfig;
  demo: boolean;
  intervalSec: number;
  color: boolean;
  /** Aborted on quit; every request gets it. */
  signal: AbortSignal;
  /** Called with the exit code when the user quits. */
  onQuit: (code: number) => void;
  /** Injected clock (tests). */
  now?: () => number;
  /** Injected jitter for retry backoff (tests). */
  random?: () => number;
}

/** The root: theme, the dashboard context and the one SWRConfig, around the shell. */
export function App({ client, config, demo, intervalSec, color, signal, onQuit, now = Date.now, random }: AppProps) {
  const intervalMs = intervalSec * 1000;
  const pausedRef = useRef(false);
  const timers = useRef(new Set<NodeJS.Timeout>()).current;
  useEffect(
    () => () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    [timers],
  );
  const swr = useMemo(
    () => swrOptions({ intervalMs, isPaused: () => pausedRef.current, timers, random }),
    [intervalMs, timers, random],
  );
  const dashboard: DashboardContextValue = useMemo(
    () => ({ client, config, demo, intervalMs, signal, now }),
    [client, config, demo, intervalMs, signal, now],
  );
  const theme = useMemo(() => createTheme(color), [color]);
  return (
    <ThemeContext.Provider value={theme}>
      <DashboardContext.Provider value={dashboard}>
        <SWRConfig value={swr}>
          <Shell pausedRef={pausedRef} onQuit={onQuit} />
        </SWRConfig>
      </DashboardContext.Provider>
    </ThemeContext.Provider>
  );
}
