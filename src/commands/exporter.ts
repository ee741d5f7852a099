import { type CommandModule, printHelp, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { ONE_SHOT_OPTIONS, parseFlags, timeoutFlag } from './support/parse.js';

export const exporter: CommandModule = {
  name: 'exporter',
  summary: 'Prometheus exporter',
  options: {
    ...ONE_SHOT_OPTIONS,
    listen: { type: 'string' },
    interval: { type: 'string' },
    once: { type: 'boolean' },
    balances: { type: 'boolean' },
    'gone-after': { type: 'string' },
    'no-worker-metrics': { type: 'boolean' },
    keys: { type: 'boolean' },
    'keys-interval': { type: 'string' },
    idle: { type: 'string' },
  },
  help: `Usage: pooltop exporter [--listen HOST:PORT] [--interval SECONDS] [--once] [--balances]
                       [--gone-after DURATION] [--no-worker-metrics] [--keys]
                       [--keys-interval DURATION] [--idle DURATION] [configuration flags]

Serves Prometheus metrics on http://HOST:PORT/metrics, polling the API every interval; a
scrape only reads the last values. Stops on SIGINT or SIGTERM.
  --listen HOST:PORT    address to serve (default 127.0.0.1:9861; any other address can be
                        read by others, with a warning)
  --interval SECONDS    polling interval, at least 5 (default 30)
  --once                poll once, print one exposition on stdout and exit (for the
                        node_exporter textfile collector)
  --balances            every sub-account's balances too, as
                        whitebit_subaccount_balance{alias,ticker,place}: the whole list and one
                        request per account each interval (needs an API key and secret)
  --gone-after DURATION whitebit_mining_workers_gone counts workers missing from the complete
                        worker listing longer than this (default 10m; s, m, h or d)
  --no-worker-metrics   no whitebit_mining_worker_up{account,worker} (one series per worker
                        pooltop remembers, and the worker listing every interval: a page per
                        100 workers); for huge fleets
  --keys                every sub-account's API keys audited as pooltop audit keys does, as
                        whitebit_subaccount_api_keys and ..._api_keys_flagged{finding}, and
                        the withdrawals awaiting the main account, as
                        whitebit_subaccount_withdrawals_waiting (needs an API key and secret;
                        an audit costs the list, a request per account and one per key, each
                        operation paced under its limit: ~47 s for 1,000 sub-accounts)
  --keys-interval DURATION  how often the keys are audited (default 10m, at least the
                        interval); the withdrawals are read every interval
  --idle DURATION       with --keys: keys unused longer than this are idle (default 90d)
  --timeout SECONDS     with --once: give up after this long in all (default 30; with
                        --keys 120)

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { exporterFlags, runExporter } = await import('./exporter-run.js');
    const { values } = parseFlags(args, exporter.options);
    if (values.help) return printHelp(io, exporter.help);
    const flags = exporterFlags(values);
    // Only `--once` is a one-shot command with a deadline; the server runs until stopped.
    // An audit of the keys (--keys) takes ~47 s for 1,000 sub-accounts.
    const once = flags.once
      ? { timeoutS: flags.keys ? timeoutFlag(values, 120) : timeoutFlag(values), notices: true }
      : {};
    return withContext(values, io, (ctx) => runExporter(ctx, io, flags), { retries: 0, ...once });
  },
};
