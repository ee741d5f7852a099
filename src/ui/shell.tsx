import { Box, useWindowSize } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { useAlerts } from './alerts/use-alerts.js';
import { useSinceLastLook } from './alerts/since-last-look.js';
import { AlertOverlay } from './chrome/alert-overlay.js';
import { HelpOverlay } from './chrome/help-overlay.js';
import { LiveStatusBar, LiveTabBar } from './chrome/live-bars.js';
import { MIN_COLUMNS, MIN_ROWS, TooSmall } from './chrome/too-small.js';
import { useDashboard } from './dashboard-context.js';
import { useRefreshAll } from './data/data-layer.js';
import { useKeymap } from './hooks/use-keymap.js';
import { useNotice } from './hooks/use-notice.js';
import { useTickingClock } from './hooks/use-ticking-clock.js';
import { useKeypress } from './hooks/use-keypress.js';
import { isPaste } from './keypress.js';
import { ShownAtContext, type StatusSource, StatusReportContext } from './status-report.js';
import { ClockContext } from './clock.js';
import { TabSlot } from './tab-slot.js';
import { TABS } from './tabs.js';
import { TAB_VIEWS } from './tab-views.js';
import { type UiState, UiStateContext } from './ui-state.js';
import { useTerminal } from './terminal-context.js';

/** What the shell may ask of the terminal it runs in. */
export interface TerminalControl {
  /** Clear the screen and draw everything again. */
  repaint(): void;
  /** Give the terminal back and stop (SIGTSTP) until `fg`. */
  suspend(): void;
}

export interface ShellProps {
  /** Read by SWR's `isPaused`; the shell flips it with `p`. */
  pausedRef: { current: boolean };
  onQuit: (code: number) => void;
  terminal: TerminalControl;
}

/** Layout (tab bar, the visible tab or help, status bar) and the global key bindings. */
export function Shell({ pausedRef, onQuit, terminal }: ShellProps) {
  const term = useTerminal();
  const { demo, intervalMs, apiUrl, config, now, watcher } = useDashboard();
  const refreshData = useRefreshAll();
  const { columns, rows } = useWindowSize();
  const clock = useTickingClock();
  const [tab, setTab] = useState(0);
  const [help, setHelp] = useState(false);
  const [paused, setPaused] = useState(false);
  const [source, setReport] = useState<StatusSource | undefined>(undefined);
  const [capture, setCapture] = useState(false);
  const [notice, notify, clearNotice] = useNotice();
  useSinceLastLook(notify);
  const [alertsOpen, setAlertsOpen] = useState(false);
  const startedAt = useRef(now()).current;
  const alerts = useAlerts();
  const overlay = help || alertsOpen;
  const everyTab = useAfterFirstFrame();
  const refreshAll = () => {
    refreshData();
    void watcher.round().catch(() => undefined);
  };
  // The status bar shows the visible tab's report; a tab that reports nothing shows none.
  // A ref, not the rendered `tab`: keys that arrive together (Tab Tab) act before a re-render.
  const tabRef = useRef(0);
  const [shownAt, setShownAt] = useState(() => now());
  const show = (next: number) => {
    if (next === tabRef.current) return;
    tabRef.current = next;
    setReport(undefined);
    // A notice speaks of the tab it was said on ("Link sent…"): it goes with it.
    clearNotice();
    setShownAt(now());
    setTab(next);
  };

  useKeymap(
    'global',
    {
      quit: () => onQuit(0),
      // Help opened over the alert history lists its keys, and closing it goes back there.
      help: () => setHelp((h) => !h),
      alerts: () => {
        setHelp(false);
        setAlertsOpen((open) => !open);
      },
      close: () => {
        setHelp(false);
        setAlertsOpen(false);
      },
      tab: (key) => show(Math.min(TABS.length, Number(key)) - 1),
      'next-tab': () => show((tabRef.current + 1) % TABS.length),
      'prev-tab': () => show((tabRef.current + TABS.length - 1) % TABS.length),
      pause: () => {
        const next = !pausedRef.current;
        pausedRef.current = next;
        watcher.setPaused(next);
        setPaused(next);
        notify(next ? 'Polling paused; p resumes.' : 'Polling resumed.');
        if (!next) refreshAll();
      },
      refresh: () => {
        if (!pausedRef.current) return refreshAll();
        // Once, while staying paused: SWR checks isPaused synchronously when a revalidation starts.
        pausedRef.current = false;
        refreshAll();
        pausedRef.current = true;
        notify('Refreshed once; polling stays paused (p resumes).');
      },
      redraw: () => terminal.repaint(),
      suspend: () => terminal.suspend(),
    },
    !capture,
  );
  // While a view captures text input, Ctrl+C must still quit.
  useKeypress((event) => !isPaste(event) && event.name === 'ctrl+c' && onQuit(0), capture);

  const ui: UiState = useMemo(() => ({ paused, notify, setCapture }), [paused, notify]);
  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  // Tab bar 1 + status bar 2. The frame fills the screen: the frame writer positions every
  // line itself, so there is no trailing newline to scroll it.
  const bodyHeight = Math.max(1, rows - 3);
  const current = TABS[tab] ?? TABS[0]!;
  const host = useMemo(() => hostOf(apiUrl, term), [apiUrl, term]);
  const scope = alertsOpen ? 'alerts' : current.scope;
  return (
    <UiStateContext.Provider value={ui}>
      <ClockContext.Provider value={clock}>
        <StatusReportContext.Provider value={setReport}>
          <ShownAtContext.Provider value={shownAt}>
            {small ? <TooSmall columns={columns} rows={rows} /> : null}
            <Box flexDirection="column" width={columns} height={rows} display={small ? 'none' : 'flex'}>
              <LiveTabBar
                titles={TABS.map((t) => t.title)}
                active={tab}
                onSelect={small ? undefined : show}
                source={source}
                paused={paused}
                intervalMs={intervalMs}
                shownAt={shownAt}
                narrated={{ tab, title: current.title, scope, help, history: alerts.history }}
              />
              <Box height={bodyHeight} flexDirection="column" overflow="hidden">
                {help ? (
                  <HelpOverlay scope={scope} tabTitle={current.title} width={columns} height={bodyHeight} />
                ) : null}
                {alertsOpen ? (
                  <Box display={help ? 'none' : 'flex'}>
                    <AlertOverlay
                      history={alerts.history}
                      sinceMs={startedAt}
                      width={columns}
                      height={bodyHeight}
                      active={!small && !help}
                    />
                  </Box>
                ) : null}
                {TABS.map((t, i) =>
                  i !== tab && !everyTab ? null : (
                    <TabSlot
                      key={t.id}
                      view={TAB_VIEWS[t.id]}
                      visibility={i !== tab ? 'hidden' : small || overlay ? 'covered' : 'active'}
                      width={columns}
                      height={bodyHeight}
                      ui={ui}
                    />
                  ),
                )}
              </Box>
              <LiveStatusBar
                width={columns}
                host={host}
                demo={demo}
                profile={sanitizeLine(config.profile, term)}
                intervalMs={intervalMs}
                paused={paused}
                source={source}
                notice={notice}
                alerts={alerts.active}
                shownAt={shownAt}
              />
            </Box>
          </ShownAtContext.Provider>
        </StatusReportContext.Provider>
      </ClockContext.Provider>
    </UiStateContext.Provider>
  );
}

/**
 * False for the first frame, true right after: the first frame draws only the visible tab, and
 * the hidden ones (whose resources may poll in the background: the Session's token store) mount
 * a moment later, off the start-up path.
 */
const MOUNT_HIDDEN_TABS_AFTER_MS = 30;

function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfter(true), MOUNT_HIDDEN_TABS_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return after;
}

function hostOf(baseUrl: string, term: TextTarget): string {
  try {
    return sanitizeLine(new URL(baseUrl).host, term);
  } catch {
    return sanitizeLine(baseUrl, term);
  }
}
