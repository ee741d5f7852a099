import { type CommandModule, printHelp, usageError, withContext } from './support/command.js';
import { CONFIG_FLAGS, TIMEOUT_FLAG } from './support/help-text.js';
import { VERSION } from '../version.js';
import { askBackground, THEME_CHOICES, type ThemeChoice } from '../terminal/background.js';
import { clip, COMMON_OPTIONS, intFlag, parseFlags } from './support/parse.js';

/** What runs without a command word: the dashboard; its --help is pooltop's own. */
export const dashboard: CommandModule = {
  name: 'dashboard',
  summary: 'open the dashboard',
  options: {
    ...COMMON_OPTIONS,
    interval: { type: 'string' },
    account: { type: 'string' },
    notify: { type: 'boolean' },
    theme: { type: 'string' },
    'no-mouse': { type: 'boolean' },
    'no-title': { type: 'boolean' },
    'screen-reader': { type: 'boolean' },
    'reduce-motion': { type: 'boolean' },
  },
  help: `pooltop ${VERSION} — top for a WhiteBIT mining pool and your sub-accounts

Usage:
  pooltop [--demo] [--interval SECONDS] [--no-color] [--account NAME]
          [--notify] [--theme auto|dark|light] [--no-mouse] [--no-title]
          [--screen-reader] [--reduce-motion]
                                                        open the dashboard (needs a terminal
                                                        that can move the cursor: not TERM=dumb)
  pooltop pool [--json]                                 mining-pool overview, once
  pooltop accounts [--search T] [--limit N] [--offset N] [--json]
                                                        one page of sub-accounts
  pooltop accounts --all [--search T] [--sort COLUMN[:desc]] [--filter F]
                   [--json|--ndjson|--csv]              the whole list
  pooltop accounts balances ID|ALIAS [--ticker T] [--json]
                                                        what one sub-account holds
  pooltop accounts --all --balances [--ticker T] --json|--ndjson|--csv
                                                        the whole list with its balances
  pooltop mining COMMAND [--account NAME] [--json]      your mining accounts, workers and rewards
                                                        (accounts, info, hashrate, workers, worker,
                                                        rewards, payout, links)
  pooltop auth refresh|status|restore [--json]          OAuth token refresh and stored session
  pooltop serve [--port P] [--json] ...                 run the embedded reference service
  pooltop check [pool|mining] -w METRIC=RANGE -c METRIC=RANGE
                                                        monitoring plugin (Nagios, Icinga)
  pooltop exporter [--listen HOST:PORT] [--interval S] [--once] [--balances]
                                                        Prometheus exporter
  pooltop watch [--once] [--json]                       the alert watcher with no screen: sends
                                                        what fires and resolves ([[notify]])
  pooltop report [--month M] [--all-accounts] [--format md|csv|json|html]
                                                        a statement for hosting clients: uptime,
                                                        hash rate, rewards, the credit owed
  pooltop COMMAND --help                                help for one command

Flags may come before the command or after it: pooltop --demo pool is pooltop pool --demo.

Dashboard:
  --interval SECONDS    polling interval, at least 1 (default 10)
  --notify              a desktop notification (OSC 9 and OSC 777) when an alert gets worse,
                        besides the bell; thresholds come from ~/.config/pooltop/config.toml
                        (or $XDG_CONFIG_HOME/pooltop/config.toml); ! lists the alert history
  --theme auto|dark|light
                        colours for a dark or a light background (default auto: the terminal is
                        asked for its background colour, then COLORFGBG is read, else dark);
                        also theme = "light" under [ui] in the preferences file; NO_COLOR wins
  --no-mouse            leave the mouse to the terminal; also mouse = false under [ui]. The mouse
                        is on by default: a click opens a tab or selects a row of a list
                        (sub-accounts, the mining fleet, an account's workers; a second click
                        opens it), the wheel moves the selection of the list under the pointer.
                        To select text meanwhile,
                        hold Shift while dragging (Option in macOS Terminal and iTerm2)
  --no-title            leave the window title alone; also title = false under [ui]. By default
                        it reads "pooltop", or what holds now ("pooltop: CRIT 1, WARN 2"), and
                        the terminal's own comes back on quit (where the terminal keeps a stack)
  --screen-reader       for a screen reader (also INK_SCREEN_READER=true): no full screen, plain
                        lines written only when something changes: the tab opened and what it
                        shows, the state word, alerts, new blocks, workers gone; ? lists the keys
  --reduce-motion       no spinners (the screen-reader mode has none either)

Mining (the dashboard's Mining tab, pooltop mining --help):
  --account NAME        mining account (env WHITEBIT_MINING_ACCOUNT; profile key mining_account;
                        default: the key's only one; with several, the Mining tab lists them
                        and key a chooses another)

${CONFIG_FLAGS}

${TIMEOUT_FLAG}

Exit codes: 0 success, 1 remote or network failure, 2 usage or configuration error, 130/143
stopped by SIGINT/SIGTERM (pooltop check uses the monitoring-plugin codes 0–3 instead).
Set DEBUG=pooltop for details of a failure on stderr.`,
  async run(args, io) {
    // --ascii and --no-color were read at start (cli.ts): the terminal is decided once.
    const { values } = parseFlags(args, dashboard.options);
    if (values.help) return printHelp(io, dashboard.help);
    const intervalSec = intFlag(values, 'interval', { min: 1, max: 86400 }) ?? 10;
    const theme = values.theme;
    if (theme !== undefined && !(THEME_CHOICES as readonly unknown[]).includes(theme)) {
      throw usageError(`--theme must be auto, dark or light, not '${clip(String(theme))}'`);
    }
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      throw usageError('the dashboard needs an interactive terminal; for scripts use `pooltop pool --json`');
    }
    const caps = io.terminal;
    if (caps.dumb) {
      const where = caps.term === '' ? 'without TERM' : `on TERM=${clip(caps.term)}`;
      throw usageError(`no dashboard ${where} (cannot move the cursor); try \`pooltop pool\``);
    }
    const color = caps.color !== 'none';
    // Thresholds for the dashboard's alerts; a broken file is one line and exit 2, like check's.
    const { loadPreferences } = await import('../alerts/preferences.js');
    const preferences = loadPreferences(io.env);
    const themeChoice = (theme as ThemeChoice | undefined) ?? preferences.ui.theme ?? 'auto';
    const screenReader = values['screen-reader'] === true || io.env.INK_SCREEN_READER === 'true';
    const alerts = {
      thresholds: preferences.thresholds,
      watch: preferences.watch,
      notify: values.notify === true,
      preferencesPath: preferences.path,
    };
    return withContext(
      values,
      io,
      async (ctx) => {
        // The first pool poll goes out before the dashboard's modules (Ink, React, the views) are
        // loaded, so it travels while they load; the pool hook takes it over (ui/pool/use-pool-overview.ts).
        const firstPoll = ctx.client.getMiningPool({ signal: io.signal });
        firstPoll.catch(() => {}); // a failure is the dashboard's to report, once it has taken over
        // The terminal is asked for its background now too, so its answer is in by the first frame.
        const backgroundAsked = themeChoice === 'auto' && color && !screenReader;
        if (backgroundAsked) askBackground(process.stdin, process.stdout);
        const { runDashboard } = await import('../ui/run-dashboard.js');
        const { diagnosticsFromEnv } = await import('../ui/diagnostics.js');
        const diagnostics = diagnosticsFromEnv(io.env);
        const { seenStoreFor } = await import('./mining-gone.js');
        const { cachedSeenStores } = await import('../config/seen-store.js');
        const seenStores = cachedSeenStores((account) =>
          seenStoreFor(ctx, io, account, Math.floor(Date.now() / 1000)),
        );
        const { dashboardHistory } = await import('./dashboard-history.js');
        // Opened by the dashboard after its first frame; lines are held and printed on the way out.
        const history = dashboardHistory({
          env: io.env,
          profile: ctx.config.profile,
          prefs: preferences.history,
          demo: ctx.demo,
          say: (line) => console.error(`pooltop: ${line}`),
        });
        return runDashboard({
          client: ctx.client,
          queue: ctx.queue,
          config: ctx.config,
          demo: ctx.demo,
          intervalSec,
          color,
          colorDepth: caps.color,
          alerts,
          diagnostics,
          firstPoll,
          seenStores,
          terminal: caps,
          theme: themeChoice,
          backgroundAsked,
          mouse: values['no-mouse'] !== true && preferences.ui.mouse !== false,
          title: values['no-title'] !== true && preferences.ui.title !== false,
          screenReader,
          reduceMotion: values['reduce-motion'] === true,
          env: io.env,
          history,
        }).finally(() => history.close());
      },
      // While the dashboard owns the screen, console output is held and printed on the way out.
      { retries: 0, debugLine: (line) => console.error(line) },
    );
  },
};
