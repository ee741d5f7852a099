import { type CommandModule, printHelp, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { ONE_SHOT_OPTIONS, parseFlags, timeoutFlag } from './support/parse.js';

export const watch: CommandModule = {
  name: 'watch',
  summary: 'the alert watcher, with no screen',
  options: {
    ...ONE_SHOT_OPTIONS,
    once: { type: 'boolean' },
    json: { type: 'boolean' },
    interval: { type: 'string' },
    'gone-after': { type: 'string' },
  },
  help: `Usage: pooltop watch [--once] [--json] [--interval DURATION] [--gone-after DURATION]
                    [configuration flags]

Judges every threshold and worker rule of the preferences file (~/.config/pooltop/config.toml,
or $XDG_CONFIG_HOME/pooltop/config.toml) for the pool and every mining account of the key,
whatever a screen shows, and sends what starts and stops firing to the [[notify]] targets.
Prints one line per event on stdout; needs no terminal. What is firing is kept in the state
directory, so a restart neither repeats what was sent nor forgets what fires. Stops on SIGINT
or SIGTERM within a second, with what is pending written down.
  --once                one round: read, judge, send what changed since the last run, exit
                        (for cron; with --timeout, default 30)
  --json                one JSON object per line: status, kind, severity, account, worker,
                        metric, value, summary, startsAt, endsAt (a group also: workers;
                        a worker offline also: lastPresentAt, firstMissingAt, known)
  --interval DURATION   how often sources are read (default: [watch] interval, else 60s;
                        at least 1s)
  --gone-after DURATION the workers_gone threshold counts workers missing this long or longer
                        (default 10m; s, m, h or d)

Rules, from the preferences file ([watch] and [watch.workers], docs/monitoring.md): a
condition fires after it has held for "for" (default 2m) and resolves after it has been clear
as long; a firing alert is sent again every "repeat" (default 4h). A worker missing from its
account's listing is offline (on by default); "drop" (off by default) flags a worker below a
share of its own 6-hour median. Many workers changing in one round make one message.
Example: pooltop watch --demo --once --json

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { watchFlags, runWatch } = await import('./watch-run.js');
    const { values } = parseFlags(args, watch.options);
    if (values.help) return printHelp(io, watch.help);
    const flags = watchFlags(values, io.env);
    const once = flags.once ? { timeoutS: timeoutFlag(values), notices: true } : {};
    return withContext(values, io, (ctx) => runWatch(ctx, io, flags), { retries: 0, ...once });
  },
};
