/**
 * The one render harness of the UI tests: the whole App (`renderApp`), or one view in the
 * providers the dashboard gives it (`mountView`: the App's own `DashboardProviders`, and the UI
 * state, clock, status report and keypresses the shell gives a tab), and bounded waits on a
 * frame or a condition. The fake APIs the views are mounted on live beside it (accounts-fakes.tsx,
 * mining-fakes.tsx, fixtures.ts).
 */
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { ApiClient } from '../../../src/api/types.js';
import type { RequestQueue } from '../../../src/api/request-queue.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import { type AlertSettings, NO_ALERTS } from '../../../src/ui/alerts/alerts-context.js';
import { App, DashboardProviders } from '../../../src/ui/app.js';
import {
  ClockContext,
  createTickingClock,
  type SchedulingClock,
  SchedulingClockContext,
  systemClock,
} from '../../../src/ui/clock.js';
import type { HistorySource } from '../../../src/ui/history-source.js';
import type { TerminalEffects } from '../../../src/ui/terminal-context.js';
import { sentEffects } from './fake-effects.js';
import { cachedSeenStores, memorySeenStore, type SeenStores } from '../../../src/config/seen-store.js';
import type { Seed } from '../../../src/ui/data/seed.js';
import { KeypressProvider } from '../../../src/ui/hooks/use-keypress.js';
import type { TerminalControl } from '../../../src/ui/shell.js';
import {
  readReport,
  type StatusReport,
  StatusReportContext,
  type StatusSource,
} from '../../../src/ui/status-report.js';
import { type UiState, UiStateContext } from '../../../src/ui/ui-state.js';
import { configFixture, NOW, StubClient } from './fixtures.js';
import { keySequence } from './keys.js';
import type { HistoryStore } from '../../../src/history/store.js';
import { WithHistory } from './history-fixture.js';

export interface RenderAppOptions {
  client: ApiClient;
  columns?: number;
  rows?: number;
  color?: boolean;
  intervalSec?: number;
  now?: () => number;
  random?: () => number;
  demo?: boolean;
  terminal?: TerminalControl;
  config?: ResolvedConfig;
  alerts?: AlertSettings;
  /** Default: the dashboard's own port on a plain terminal, its bytes kept in `sent`. */
  effects?: TerminalEffects;
}

type TestStdout = ReturnType<typeof render>['stdout'];

/** Sets the fake terminal's size and tells listeners (Ink and its useWindowSize) about it. */
export function resize(stdout: TestStdout, columns: number, rows: number): void {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
  stdout.emit('resize');
}

export function renderApp(opts: RenderAppOptions) {
  const onQuit = vi.fn();
  const controller = new AbortController();
  // What the terminal effects port sent (the clipboard, the bell, notifications), in order.
  const own = sentEffects();
  const effects = opts.effects ?? own.effects;
  const { sent } = own;
  const app = (
    <App
      client={opts.client}
      config={opts.config ?? configFixture}
      alerts={opts.alerts}
      demo={opts.demo ?? false}
      intervalSec={opts.intervalSec ?? 60}
      color={opts.color ?? false}
      signal={controller.signal}
      onQuit={onQuit}
      now={opts.now ?? (() => NOW)}
      random={opts.random ?? (() => 1)}
      terminal={opts.terminal ?? { repaint: vi.fn(), suspend: vi.fn() }}
      effects={effects}
    />
  );
  const view = render(app);
  resize(view.stdout, opts.columns ?? 100, opts.rows ?? 30);
  // Only frames reach Ink's output: effects go through the port.
  const frame = (): string => view.lastFrame() ?? '';
  const press = (keys: string): void => {
    view.stdin.write(keys);
  };
  /**
   * Runs what React still owes the frames drawn so far: effects run after a frame is drawn, and
   * React runs the pending ones before any new render, so rendering the same tree again is a
   * barrier. Afterwards everything those frames set off (a bell, a status report) has happened.
   */
  const settle = (): void => view.rerender(app);
  return { ...view, onQuit, controller, frame, press, settle, sent };
}

export interface MountViewOptions {
  client: ApiClient;
  /** The process's one request queue, as runDashboard's: give the client made with it (default: one of the providers' own). */
  queue?: RequestQueue;
  config: ResolvedConfig;
  intervalSec?: number;
  /** The dashboard's lifetime (default: one the harness aborts through `controller`). */
  signal?: AbortSignal;
  /** The dashboard's polling pause (`p`). */
  paused?: boolean;
  /** The dashboard's clock (default: fixed at NOW). */
  now?: () => number;
  /** The timers the clock's tick is set with (default: the global ones, as runDashboard's). */
  scheduling?: SchedulingClock;
  /** Default: a watcher with nothing to judge, so it asks for nothing and the view's requests are all there are. */
  alerts?: AlertSettings;
  /** Receives what the view reports to the status bar (status-report.ts). */
  onReport?: (report: StatusReport | undefined) => void;
  /** Mounted hidden (the tab not shown). */
  hidden?: boolean;
  /** What the dashboard remembers of each mining account's workers (default: in memory, per mount). */
  seenStores?: SeenStores;
  /** Jitter for retry backoff (default: the providers' own). */
  random?: () => number;
  /** Draw in colour (default: none). */
  color?: boolean;
  /** Answers asked for before the dashboard mounted, seeding the cache. */
  seeds?: readonly Seed[];
  /**
   * The history file: a store (history-fixture.tsx: on the context only, nothing recorded into it)
   * or a source the dashboard opens and records into, as it does for users.
   */
  history?: HistoryStore | HistorySource;
}

/** Alert settings under which the dashboard's watcher judges nothing and so reads nothing. */
export const QUIET_ALERTS: AlertSettings = {
  ...NO_ALERTS,
  watch: { ...NO_ALERTS.watch, workers: { ...NO_ALERTS.watch.workers, offline: false } },
};

/**
 * One view (a tab) inside the app's own providers (`DashboardProviders`: theme, dashboard
 * context, watcher, alert feed, SWR) and what the shell adds around a tab (UI state, the clock's
 * second, the status report, keypresses); `view(hidden)` draws it. `setHidden` shows or hides
 * it; `settle` is the same barrier as renderApp's.
 */
export function mountView(view: (hidden: boolean) => ReactElement, opts: MountViewOptions) {
  const controller = new AbortController();
  const pausedRef = { current: opts.paused ?? false };
  const ui: UiState = { paused: pausedRef.current, notify: vi.fn(), setCapture: vi.fn() };
  // Props DashboardProviders memoises on: made once, so a rerender keeps its watcher and caches.
  const now = opts.now ?? (() => NOW);
  // The clock the shell would tick: at the current second each time the tree is drawn again.
  const clock = createTickingClock(now);
  const signal = opts.signal ?? controller.signal;
  const alerts = opts.alerts ?? QUIET_ALERTS;
  const seenStores = opts.seenStores ?? cachedSeenStores(async () => memorySeenStore());
  const given = opts.onReport;
  // The report as the status bar would read it when it is sent.
  const onReport = given ? (source: StatusSource | undefined) => given(readReport(source)) : () => {};
  const tree = (hidden: boolean) => {
    clock.tick();
    return (
      <SchedulingClockContext.Provider value={opts.scheduling ?? systemClock}>
        <DashboardProviders
          client={opts.client}
          queue={opts.queue}
          config={opts.config}
          demo={false}
          intervalSec={opts.intervalSec ?? 3600}
          color={opts.color ?? false}
          signal={signal}
          pausedRef={pausedRef}
          now={now}
          alerts={alerts}
          seenStores={seenStores}
          random={opts.random}
          seeds={opts.seeds}
          history={opts.history && 'subscribe' in opts.history ? opts.history : undefined}
        >
          <UiStateContext.Provider value={ui}>
            <ClockContext.Provider value={clock}>
              <StatusReportContext.Provider value={onReport}>
                <KeypressProvider>
                  {opts.history && !('subscribe' in opts.history) ? (
                    <WithHistory history={opts.history}>{view(hidden)}</WithHistory>
                  ) : (
                    view(hidden)
                  )}
                </KeypressProvider>
              </StatusReportContext.Provider>
            </ClockContext.Provider>
          </UiStateContext.Provider>
        </DashboardProviders>
      </SchedulingClockContext.Provider>
    );
  };
  let hidden = opts.hidden ?? false;
  const rendered = render(tree(hidden));
  const frame = (): string => rendered.lastFrame() ?? '';
  /**
   * Runs what React still owes the frames drawn so far (effects and the updates they make): it
   * runs pending effects before any new render, so rendering the same tree again is a barrier.
   */
  const settle = (): void => rendered.rerender(tree(hidden));
  const setHidden = (h: boolean): void => {
    hidden = h;
    rendered.rerender(tree(h));
  };
  return { ...rendered, ui, pausedRef, controller, frame, settle, setHidden };
}

/** Keys by what they are (the arrows, Enter, Esc), as the terminal sends them. */
export const KEYS = {
  up: keySequence('up'),
  down: keySequence('down'),
  right: keySequence('right'),
  left: keySequence('left'),
  pageUp: keySequence('pageup'),
  pageDown: keySequence('pagedown'),
  home: keySequence('home'),
  end: keySequence('end'),
  enter: keySequence('enter'),
  escape: keySequence('escape'),
  backspace: keySequence('backspace'),
} as const;

export { keyOf, keySequence, tabKey } from './keys.js';

/**
 * Bounded wait for the last frame to satisfy `check` (throws with the frame if it never does).
 * Under fake timers, vi.waitFor advances them by `interval` as it polls.
 */
export async function waitForFrame(
  frame: () => string,
  check: (f: string) => boolean,
  timeout = 5000,
): Promise<string> {
  return vi.waitFor(
    () => {
      const f = frame();
      if (!check(f)) throw new Error(`frame did not match:\n${f}`);
      return f;
    },
    { timeout, interval: 5 },
  );
}

/** Bounded wait for any condition. */
export async function waitUntil(check: () => boolean, what: string, timeout = 5000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout, interval: 5 },
  );
}

const mounted: Array<() => void> = [];

/** renderApp on a StubClient (prepared by `prepare` before the first request); unmounted by `unmountApps`. */
export function startApp(opts: Partial<RenderAppOptions> = {}, prepare?: (client: StubClient) => void) {
  const client = new StubClient();
  prepare?.(client);
  const app = renderApp({ client, ...opts });
  mounted.push(() => app.unmount());
  return { client, app };
}

export function unmountApps(): void {
  for (const fn of mounted.splice(0)) fn();
}

/** The pool tab has its data on screen. */
export const loaded = (f: string): boolean => f.includes('Workers 1,234');
