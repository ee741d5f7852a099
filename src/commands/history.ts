import { HISTORY_OPTIONS, parseHistoryArgs } from './history-args.js';
import { type CommandModule, printHelp, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { ONE_SHOT_OPTIONS, parseFlags, timeoutFlag } from './support/parse.js';

export const history: CommandModule = {
  name: 'history',
  summary: "what happened while you were away: every worker's uptime and incidents",
  options: { ...ONE_SHOT_OPTIONS, ...HISTORY_OPTIONS },
  help: `Usage: pooltop history COMMAND [flags] [configuration flags]

Reads this profile's history file in the state directory (history-<profile>.sqlite), which
watch, the dashboard and the exporter fill with what they read: each worker's presence as
spans (up, down, not watched: nothing was running), hash rates, daily rewards and the alert
log. Asks nothing of the API. With --demo, a temporary file is filled from the demo's series.

Commands:
  uptime      per worker: up, down and not-watched time, uptime % (up ÷ (up + down)),
              incidents, mean hash rate, and how much of it was filled from the pool's series
  incidents   each outage: account, worker, last seen (connected), missing from (the
              outage began between the two), back, how long, how it was known (listing,
              counts, series)
  export      raw rows for other tools (NDJSON unless --csv or --json): --what spans
              (default), hashrate (--resolution 5m|1h|24h, default 1h), rewards or events
  info        the file: path, size, schema version, rows per table, oldest and newest

Flags:
  --account NAME     one mining account (default: the configured one, else every account)
  --all-accounts     every account in the file
  --worker GLOB      workers whose names match, e.g. 'rig-*'
  --last D           the window: the last D (24h, 7d, 30d; default 30d)
  --from T, --to T   or from T to T: Unix seconds, an ISO date (UTC) or a time ago (7d)
  --by day|week|month  uptime per UTC day, ISO week or calendar month
  --json, --ndjson, --csv  the rows as JSON, one JSON object a line, or CSV (header first)

Examples:
  pooltop history uptime --demo --last 30d
  pooltop history uptime --demo --worker 'asic-00*' --by week
  pooltop history incidents --demo --last 7d
  pooltop history export --demo --what spans --csv
  pooltop history info --demo

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, history.options, 1);
    if (values.help) return printHelp(io, history.help);
    const request = parseHistoryArgs(positionals[0], values, Date.now());
    const run = await import('./history-run.js');
    if (values.demo !== true) return run.runHistory(values, io, request);
    const oneShot = { timeoutS: timeoutFlag(values, 60), notices: true };
    return withContext(values, io, (ctx) => run.runDemoHistory(ctx, io, request), oneShot);
  },
};
