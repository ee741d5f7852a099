/**
 * The dashboard's entry (called by cli.ts): owns the terminal from entering the alternate
 * screen to restoring it, on every way out: q / Ctrl+C (0), SIGINT (130), SIGHUP (129),
 * SIGTERM (143), SIGQUIT (131), a render error or an uncaught exception (1). In-flight requests are aborted.
 */
import chalk from 'chalk';
import type { Instance } from 'ink';
import { isPooltopError } from '../errors/pooltop-error.js';
import type { RequestQueue } from '../api/request-queue.js';
import type { ApiClient, PoolOverview } from '../api/types.js';
import type { SeenStores } from '../config/seen-store.js';
import type { ResolvedConfig } from '../config/types.js';
import { isDebug } from '../errors/report-error.js';
import { sanitize, sanitizeLine } from '../format/sanitize.js';
import { createFullScreenRenderer } from '../renderer/index.js';
import { asciiOutput } from '../format/ascii.js';
import { type ColorDepth, DEFAULT_TERMINAL, type TerminalCaps } from '../terminal/capabilities.js';
import type { AlertSettings } from './alerts/alerts-context.js';
import type { HistorySource } from './history-source.js';
import { App } from './app.js';
import { type SchedulingClock, SchedulingClockContext, systemClock } from './clock.js';
import { type DiagnosticsOptions, startDiagnostics } from './diagnostics.js';
import { settleSeed } from './data/seed.js';
import { deferMs } from './pass-timing.js';
import { firstPoll as takeFirstPollOver } from './pool/use-pool-overview.js';
import { suspendDashboard } from './suspend.js';
import { enterFullScreen, refreshSize, releaseInput, setRawInput } from './terminal.js';
import { TerminalContext } from './terminal-context.js';
import { createTerminalEffects } from './terminal-effects.js';
import { BACKGROUND_DEADLINE_MS, initialBackground, type ThemeChoice } from '../terminal/background.js';
import { probeBackground } from './background-probe.js';
import { ReducedMotionContext } from './chrome/spinner.js';
import { createNarrator, NarratorContext } from './narration/narrator.js';
import { createThemeSource } from './theme-source.js';

/** Without colour, bold and inverse stay (level 1): the plain theme names no colour. */
const CHALK_LEVEL: Readonly<Record<ColorDepth, 1 | 2 | 3>> = { none: 1, '16': 1, '256': 2, truecolor: 3 };

export interface DashboardOptions {
  client: ApiClient;
  /** The queue the client paces its requests by: the dashboard runs its requests as its tasks. */
  queue?: RequestQueue;
  config: ResolvedConfig;
  demo: boolean;
  intervalSec: number;
  color: boolean;
  /** The terminal's colour depth (terminal/capabilities.ts); when given, Ink draws at it. */
  colorDepth?: ColorDepth;
  /** Thresholds and `--notify` (none: no alerts). */
  alerts?: AlertSettings;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Soak-test sampling (POOLTOP_DIAG_FILE); off when undefined. */
  diagnostics?: DiagnosticsOptions;
  /** The first pool poll (a `client.getMiningPool()` call) if the caller sent it; see use-pool-overview.ts. */
  firstPoll?: Promise<PoolOverview>;
  /** Each mining account's seen workers (default: in memory only). */
  seenStores?: SeenStores;
  /** The history store the dashboard's watcher records into and views read (default: none). */
  history?: HistorySource;
  /** The clock the dashboard reads and sets its tick with (default: the system's). */
  clock?: SchedulingClock;
  /** What the terminal can do, as cli.ts decided (default: UTF-8, 16 colours); views read it in context. */
  terminal?: TerminalCaps;
  /** `--theme` or `[ui] theme` (default auto: the terminal's background, if it says). */
  theme?: ThemeChoice;
  /** The caller asked the terminal for its background (background-probe.ts `askBackground`). */
  backgroundAsked?: boolean;
  /** Mouse reporting while the dashboard runs (default off). */
  mouse?: boolean;
  /** The window title shows pooltop and its alerts (default); false: the terminal's stays. */
  title?: boolean;
  /** Plain lines for a screen reader, only when something changes, instead of the full screen. */
  screenReader?: boolean;
  /** Spinners stand still (always so with `screenReader`). */
  reduceMotion?: boolean;
  /** Where COLORFGBG is read (default process.env). */
  env?: NodeJS.ProcessEnv;
}

interface Outcome {
  code: number;
  error?: unknown;
}

/** Longest wait for the first poll before the first frame is drawn without it. */
const FIRST_DATA_WAIT_MS = 100;

const SIGNAL_CODES: ReadonlyArray<[NodeJS.Signals, number]> = [
  ['SIGINT', 130],
  ['SIGHUP', 129],
  ['SIGTERM', 143],
  // Sent from outside only: in raw mode Ctrl+\ is a key (0x1c), not a signal. Handling it here
  // gives up Node's core dump for the terminal back.
  ['SIGQUIT', 131],
];

function describe(error: unknown, term: TerminalCaps): string {
  if (isPooltopError(error)) return sanitizeLine(error.message, term);
  if (error instanceof Error) return sanitizeLine(error.message, term) || sanitizeLine(error.name, term);
  return sanitizeLine(String(error), term);
}

/** Resolves with the exit code once the terminal is restored. */
export async function runDashboard(opts: DashboardOptions): Promise<number> {
  const stdout = opts.stdout ?? process.stdout;
  const stdin = opts.stdin ?? process.stdin;
  const clock = opts.clock ?? systemClock;
  const term = opts.terminal ?? DEFAULT_TERMINAL;
  const controller = new AbortController();
  let settle: (outcome: Outcome) => void = () => {};
  const outcome = new Promise<Outcome>((resolve) => {
    settle = resolve;
  });
  let settled = false;
  const finish = (code: number, error?: unknown): void => {
    if (settled) return;
    settled = true;
    // Keys typed from here on are the shell's.
    releaseInput(stdin);
    settle({ code, error });
  };

  const onStdoutError = (): void => finish(129);
  const signalHandlers = SIGNAL_CODES.map(([signal, code]) => {
    const handler = (): void => finish(code);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const onFatal = (error: unknown): void => finish(1, error);
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
  stdout.on('error', onStdoutError);

  const screenReader = opts.screenReader === true;
  const mouse = opts.mouse === true && !screenReader;
  const choice = opts.theme ?? 'auto';
  // Answers count until shortly after the first frame (a terminal may be far away, over SSH).
  let answerBy = Number.POSITIVE_INFINITY;
  const themeSource = createThemeSource({
    color: opts.color,
    deep: opts.colorDepth === '256' || opts.colorDepth === 'truecolor',
    choice,
    initial: initialBackground(choice, opts.env ?? process.env),
    now: clock.now,
    answerBy: () => answerBy,
  });
  // The answer, if the terminal sent one, is read while the first poll settles; what comes after
  // the first frame is the input layer's.
  const probe = opts.backgroundAsked ? probeBackground(stdin, themeSource.answer) : undefined;
  // The first poll goes out before anything is drawn, and the first frame waits for it briefly.
  const first = takeFirstPollOver(
    opts.firstPoll ?? opts.client.getMiningPool({ signal: controller.signal }),
    clock.now,
  );
  const start = await Promise.race([
    settleSeed(first, FIRST_DATA_WAIT_MS).then(() => true),
    outcome.then(() => false),
  ]);
  // An answer already waiting in the terminal is read before the first frame is drawn in the
  // wrong theme: two turns of the event loop have a poll for input between them.
  if (probe) for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  answerBy = clock.now() + BACKGROUND_DEADLINE_MS;

  // Ink colours through chalk, which judges the terminal on its own (no colour at all when CI is
  // set): the depth decided once for pooltop is the one it uses.
  if (opts.colorDepth) chalk.level = CHALK_LEVEL[opts.colorDepth];
  probe?.stop();
  const write = (text: string): void => {
    try {
      stdout.write(term.unicode ? text : asciiOutput(text));
    } catch {
      // The terminal is gone (hang-up); the dashboard is on its way out.
    }
  };
  const narrator = screenReader ? createNarrator(write, term) : undefined;
  // A screen reader reads the normal screen: no alternate screen, no cursor hidden.
  // The window title is the dashboard's, unless turned off; never for a screen reader, which
  // could read every change of it aloud.
  const titles = opts.title !== false && !screenReader;
  const screen = screenReader ? { restore: () => {} } : enterFullScreen(stdout, { mouse, title: titles });
  // Ink turns raw mode on in an effect, after its first frame is out: a key typed in between
  // would be echoed onto that frame and stay there. From here on, keys are the dashboard's.
  setRawInput(stdin, true);
  // Output passes that are not urgent wait for the second's tick (pass-timing.ts).
  const renderer = createFullScreenRenderer({
    stdout,
    stdin,
    mapLine: term.unicode ? undefined : asciiOutput,
    deferMs,
    now: clock.now,
    onFrame: narrator?.frame,
  });
  // The clipboard, the bell, notifications and the title reach the terminal past the frames, never inside one.
  const effects = createTerminalEffects(term, renderer.writeOutOfBand, { titles });
  const stopDiagnostics = opts.diagnostics
    ? startDiagnostics(opts.diagnostics, {
        emitters: { process, stdin, stdout },
        signals: { lifetime: controller.signal },
      })
    : undefined;
  let instance: Instance | undefined;
  try {
    // `start` is false when the dashboard was closed (a signal) while waiting: nothing to draw.
    if (start) {
      instance = renderer.render(
        <SchedulingClockContext.Provider value={clock}>
          <TerminalContext.Provider value={term}>
            <NarratorContext.Provider value={narrator}>
              <ReducedMotionContext.Provider value={screenReader || opts.reduceMotion === true}>
                <App
                  client={opts.client}
                  queue={opts.queue}
                  seeds={[first]}
                  config={opts.config}
                  demo={opts.demo}
                  intervalSec={opts.intervalSec}
                  color={opts.color}
                  alerts={opts.alerts}
                  seenStores={opts.seenStores}
                  history={opts.history}
                  themeSource={themeSource}
                  signal={controller.signal}
                  now={clock.now}
                  onQuit={(code) => finish(code)}
                  effects={effects}
                  terminal={{
                    // Ctrl+L: at the terminal's size as it is now (see refreshSize).
                    repaint: () => {
                      refreshSize(stdout);
                      renderer.repaint();
                    },
                    suspend: () =>
                      suspendDashboard({
                        stdin,
                        stdout,
                        mouse,
                        fullScreen: !screenReader,
                        title: titles,
                        repaint: () => {
                          effects.titleAgain();
                          renderer.repaint();
                        },
                      }),
                  }}
                />
              </ReducedMotionContext.Provider>
            </NarratorContext.Provider>
          </TerminalContext.Provider>
        </SchedulingClockContext.Provider>,
        {
          // The dashboard runs on a terminal only (src/cli.ts); Ink would otherwise call any
          // process with CI set non-interactive and stop following resizes.
          interactive: true,
          exitOnCtrlC: false,
          // Ink's own screen-reader output (its text of the tree, INK_SCREEN_READER) only in that
          // mode, where the narrator reads it; never drawn as a screen.
          isScreenReaderEnabled: screenReader,
        },
      );
      instance.waitUntilExit().then(
        () => finish(0),
        (error: unknown) => finish(1, error),
      );
    }
  } catch (error) {
    finish(1, error);
  }

  const { code, error } = await outcome;
  stopDiagnostics?.();
  controller.abort(new Error('dashboard closed'));
  try {
    instance?.unmount();
  } catch {
    // Unmounting a tree that failed to render may throw again; the screen is restored below.
  }
  releaseInput(stdin);
  renderer.flush();
  screen.restore();
  const held = renderer.close();
  for (const [signal, handler] of signalHandlers) process.off(signal, handler);
  process.off('uncaughtException', onFatal);
  process.off('unhandledRejection', onFatal);
  // After a hangup the terminal is gone and writes fail later: keep swallowing those errors.
  if (code !== 129) stdout.off('error', onStdoutError);
  const toStderr = (text: string): void => {
    process.stderr.write(term.unicode ? text : asciiOutput(text));
  };
  for (const line of held) toStderr(`${line}\n`);
  if (error !== undefined) {
    toStderr(`pooltop: ${describe(error, term)}\n`);
    if (isDebug(process.env) && error instanceof Error && error.stack) {
      toStderr(`${sanitize(error.stack, { unicode: term.unicode, multiline: true })}\n`);
    }
  }
  return code;
}
