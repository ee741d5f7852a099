/**
 * The one render harness of the UI tests: the whole App (`renderApp`), or one view in the
 * providers the dashboard gives it (`mountView`: theme, dashboard context, alert settings, the
 * real SWR options, UI state, clock, status report, keypresses), and bounded waits on a frame
 * or a condition. The fake APIs the views are mounted on live beside it (accounts-fakes.tsx,
 * mining-fakes.tsx, fixtures.ts).
 */
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { ApiClient } from '../../../src/api/types.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import { createTheme } from '../../../src/format/color.js';
import {
  type AlertSettings,
  AlertSettingsContext,
  NO_ALERTS,
} from '../../../src/ui/alerts/alerts-context.js';
import { App } from '../../../src/ui/app.js';
import type { TerminalEffects } from '../../../src/ui/terminal-context.js';
import { sentEffects } from './fake-effects.js';
import { idleWatcher } from './idle-watcher.js';
import { ClockContext } from '../../../src/ui/clock.js';
import { cachedSeenStores, memorySeenStore, type SeenStores } from '../../../src/config/seen-store.js';
import { DashboardContext, type DashboardContextValue } from '../../../src/ui/dashboard-context.js';
import { KeypressProvider } from '../../../src/ui/hooks/use-keypress.js';
import type { TerminalControl } from '../../../src/ui/shell.js';
import {
  readReport,
  type StatusReport,
  StatusReportContext,
  type StatusSource,
} from '../../../src/ui/status-report.js';
import { swrOptions } from '../../../src/ui/swr-options.js';
import { ThemeContext } from '../../../src/ui/theme-context.js';
import { type UiState, UiStateContext } from '../../../src/ui/ui-state.js';
import { configFixture, NOW, StubClient } from './fixtures.js';

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
      terminal={opts.terminal}
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
  config: ResolvedConfig;
  intervalSec?: number;
  /** The dashboard's lifetime (default: one the harness aborts through `controller`). */
  signal?: AbortSignal;
  /** The dashboard's polling pause (`p`). */
  paused?: boolean;
  /** The dashboard's clock (default: fixed at NOW). */
  now?: () => number;
  alerts?: AlertSettings;
  /** Receives what the view reports to the status bar (status-report.ts). */
  onReport?: (report: StatusReport | undefined) => void;
  /** Mounted hidden (the tab not shown). */
  hidden?: boolean;
  /** What the dashboard remembers of each mining account's workers (default: in memory, per mount). */
  seenStores?: SeenStores;
}

/**
 * One view (a tab) in the providers the dashboard gives it; `view(hidden)` draws it.
 * `setHidden` shows or hides it; `settle` is the same barrier as renderApp's.
 */
export function mountView(view: (hidden: boolean) => ReactElement, opts: MountViewOptions) {
  const controller = new AbortController();
  const ui: UiState = { paused: opts.paused ?? false, notify: vi.fn(), setCapture: vi.fn() };
  const dashboard: DashboardContextValue = {
    client: opts.client,
    apiUrl: opts.client.baseUrl,
    config: opts.config,
    demo: false,
    intervalMs: (opts.intervalSec ?? 3600) * 1000,
    signal: opts.signal ?? controller.signal,
    now: opts.now ?? (() => NOW),
    seenStores: opts.seenStores ?? cachedSeenStores(async () => memorySeenStore()),
    ...idleWatcher(opts.client),
  };
  const alerts = opts.alerts ?? NO_ALERTS;
  const swr = swrOptions({ intervalMs: dashboard.intervalMs, isPaused: () => ui.paused, timers: new Set() });
  const given = opts.onReport;
  // The report as the status bar would read it when it is sent.
  const onReport = given ? (source: StatusSource | undefined) => given(readReport(source)) : () => {};
  const tree = (hidden: boolean) => (
    <ThemeContext.Provider value={createTheme(false)}>
      <DashboardContext.Provider value={dashboard}>
        <AlertSettingsContext.Provider value={alerts}>
          <SWRConfig value={swr}>
            <UiStateContext.Provider value={ui}>
              <ClockContext.Provider value={NOW}>
                <StatusReportContext.Provider value={onReport}>
                  <KeypressProvider>{view(hidden)}</KeypressProvider>
                </StatusReportContext.Provider>
              </ClockContext.Provider>
            </UiStateContext.Provider>
          </SWRConfig>
        </AlertSettingsContext.Provider>
      </DashboardContext.Provider>
    </ThemeContext.Provider>
  );
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
  return { ...rendered, ui, controller, frame, settle, setHidden };
}

export const KEYS = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  enter: '\r',
  escape: '\u001b',
  backspace: '\u007f',
} as const;

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
