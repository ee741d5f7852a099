import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import type { ApiClient } from '../../../src/api/types.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import type { AlertSettings } from '../../../src/ui/alerts/alerts-context.js';
import { App } from '../../../src/ui/app.js';
import type { TerminalControl } from '../../../src/ui/shell.js';
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
    />
  );
  const view = render(app);
  resize(view.stdout, opts.columns ?? 100, opts.rows ?? 30);
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
  return { ...view, onQuit, controller, frame, press, settle };
}

/** Bounded wait for the last frame to satisfy `check` (throws with the frame if it never does). */
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
    { timeout, interval: 10 },
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
