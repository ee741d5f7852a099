import { type ReactNode, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createRequestQueue, type RequestQueue } from '../api/request-queue.js';
import { shareReads } from '../api/shared-reads.js';
import { GONE_AFTER_DEFAULT_S } from '../config/seen-workers.js';
import { memoryBookStore } from '../watch/book-store.js';
import { createWatcher } from '../watch/watcher.js';
import { createAlertFeed } from './alerts/alert-feed.js';
import { AlertFeedContext } from './alerts/use-alerts.js';
import { chartSeriesQuery } from './mining/mining-data.js';
import { type TerminalEffects, TerminalEffectsContext, useTerminal } from './terminal-context.js';
import type { ApiClient, OverseeingClient } from '../api/types.js';
import { cachedSeenStores, memorySeenStore, type SeenStores } from '../config/seen-store.js';
import type { ResolvedConfig } from '../config/types.js';
import { createTheme } from '../format/color.js';
import { AlertSettingsContext, type AlertSettings, NO_ALERTS } from './alerts/alerts-context.js';
import { DashboardContext, type DashboardContextValue } from './dashboard-context.js';
import type { HistorySource } from './history-source.js';
import { KeypressProvider } from './hooks/use-keypress.js';
import type { Seed } from './data/seed.js';
import { Shell, type TerminalControl } from './shell.js';
import { DataProvider } from './data/data-provider.js';
import { ThemeContext } from './theme-context.js';
import { fixedThemeSource, type ThemeSource } from './theme-source.js';
import { collectGarbage } from '../history/full-collection.js';

/** The youngest answer the dashboard's watcher asks for again (see the client it is given). */
const WATCH_READ_MIN_S = 10;

export interface ProvidersProps {
  client: ApiClient;
  /**
   * The process's request queue, the one `client` paces its requests by (default: a queue of the
   * dashboard's own, for a client that paces by none, as in tests).
   */
  queue?: RequestQueue;
  config: ResolvedConfig;
  demo: boolean;
  intervalSec: number;
  color: boolean;
  /** Aborted on quit; every request gets it. */
  signal: AbortSignal;
  /** Polling paused (`p`): the data layer reads it as each request would start. */
  pausedRef: { current: boolean };
  /** Injected clock (tests). */
  now?: () => number;
  /** Injected jitter for retry backoff (tests). */
  random?: () => number;
  /** Data asked for before the dashboard mounted (the first pool poll), seeding the cache. */
  seeds?: readonly Seed[];
  /** Thresholds from the preferences file and `--notify` (default: no alerts). */
  alerts?: AlertSettings;
  /** Each mining account's seen workers (default: in memory only). */
  seenStores?: SeenStores;
  /** The theme, which the terminal's answer may change (default: dark, or none without `color`). */
  themeSource?: ThemeSource;
  /** The history store, opened after the first frame (default: none, nothing recorded). */
  history?: HistorySource;
  children: ReactNode;
}

const NO_STORE = () => undefined;
const NO_CHANGES = () => () => {};

/** Theme, dashboard context, alert settings and the data layer. Hooks work anywhere inside. */
export function DashboardProviders({
  client,
  queue: givenQueue,
  config,
  demo,
  intervalSec,
  color,
  signal,
  pausedRef,
  now = Date.now,
  random,
  seeds,
  alerts = NO_ALERTS,
  seenStores: givenSeenStores,
  themeSource,
  history: historySource,
  children,
}: ProvidersProps) {
  const seenStores = useMemo(
    () => givenSeenStores ?? cachedSeenStores(async () => memorySeenStore()),
    [givenSeenStores],
  );
  const intervalMs = intervalSec * 1000;
  const term = useTerminal();
  // One queue and one set of shared reads for the whole dashboard: the views, the bulk loads and
  // the watcher ask through them, so what both want is asked once and nothing is paced twice.
  const queue = useMemo(() => givenQueue ?? createRequestQueue(), [givenQueue]);
  const shared = useMemo(() => shareReads(client, now), [client, now]);
  const watchIntervalS = alerts.watch.intervalS ?? intervalSec;
  const watcher = useMemo(
    () =>
      createWatcher({
        // The watcher takes what a view fetched within its interval (and a second for the answer's
        // way), and at a short interval what it read itself in the last 10 s: at `--interval 1` it
        // still judges every second, but asks for what no tab shows at most every ~11 s.
        client: shared.client(Math.max(watchIntervalS, WATCH_READ_MIN_S) * 1000 + 1000),
        queue,
        thresholds: alerts.thresholds,
        watch: alerts.watch,
        intervalS: watchIntervalS,
        goneAfterS: GONE_AFTER_DEFAULT_S,
        mining: Boolean(config.apiKey && config.apiSecret),
        seenStores,
        store: memoryBookStore(),
        now,
        seriesQuery: (account, nowS) => chartSeriesQuery(account, '5m', nowS),
        history: historySource?.get,
        afterBackfilledWorker: collectGarbage,
      }),
    [shared, queue, alerts.thresholds, alerts.watch, watchIntervalS, config, seenStores, now, historySource],
  );
  const history = useSyncExternalStore(
    historySource?.subscribe ?? NO_CHANGES,
    historySource?.get ?? NO_STORE,
  );
  useEffect(() => {
    // After the first frame: the file is opened (and node:sqlite loaded) off its path.
    const timer = setTimeout(() => historySource?.open(), 0);
    return () => clearTimeout(timer);
  }, [historySource]);
  const feed = useMemo(() => createAlertFeed(watcher, term, now), [watcher, term, now]);
  useEffect(() => {
    watcher.start();
    return () => {
      feed.close();
      void watcher.stop();
      queue.close();
    };
  }, [watcher, feed, queue]);
  const dashboard: DashboardContextValue = useMemo(
    () => ({
      client: shared.client(),
      apiUrl: client.baseUrl,
      queue,
      watcher,
      config,
      demo,
      intervalMs,
      signal,
      now,
      seenStores,
      history,
      oversight: (client as Partial<OverseeingClient>).oversight,
    }),
    [client, shared, queue, watcher, config, demo, intervalMs, signal, now, seenStores, history],
  );
  const source = useMemo(() => themeSource ?? fixedThemeSource(createTheme(color)), [themeSource, color]);
  const theme = useSyncExternalStore(source.subscribe, source.get);
  return (
    <ThemeContext.Provider value={theme}>
      <DashboardContext.Provider value={dashboard}>
        <AlertSettingsContext.Provider value={alerts}>
          <AlertFeedContext.Provider value={feed}>
            <DataProvider
              intervalMs={intervalMs}
              pausedRef={pausedRef}
              now={now}
              random={random}
              seeds={seeds}
            >
              {children}
            </DataProvider>
          </AlertFeedContext.Provider>
        </AlertSettingsContext.Provider>
      </DashboardContext.Provider>
    </ThemeContext.Provider>
  );
}

export interface AppProps extends Omit<ProvidersProps, 'pausedRef' | 'children'> {
  /** Called with the exit code when the user quits. */
  onQuit: (code: number) => void;
  /** Ctrl+L and Ctrl+Z (run-dashboard.tsx owns the terminal). */
  terminal: TerminalControl;
  /** The clipboard, the bell and notifications, past the frames (run-dashboard.tsx makes it over the renderer). */
  effects: TerminalEffects;
}

/** The root: providers around the shell (tabs, chrome, global keys). */
export function App({ onQuit, terminal, effects, ...props }: AppProps) {
  const pausedRef = useRef(false);
  const app = (
    <DashboardProviders {...props} pausedRef={pausedRef}>
      <KeypressProvider onReply={props.themeSource?.answer}>
        <Shell pausedRef={pausedRef} onQuit={onQuit} terminal={terminal} />
      </KeypressProvider>
    </DashboardProviders>
  );
  return <TerminalEffectsContext.Provider value={effects}>{app}</TerminalEffectsContext.Provider>;
}
