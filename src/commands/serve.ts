import { type CommandModule, printHelp } from './support/command.js';
import { parseFlags } from './support/parse.js';

export const serve: CommandModule = {
  name: 'serve',
  summary: 'run the embedded reference service',
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    accounts: { type: 'string' },
    'mining-accounts': { type: 'string' },
    workers: { type: 'string' },
    seed: { type: 'string' },
    'access-ttl': { type: 'string' },
    'refresh-ttl': { type: 'string' },
    'block-interval': { type: 'string' },
    latency: { type: 'string' },
    'fail-rate': { type: 'string' },
    'pool-shape': { type: 'string' },
    sparse: { type: 'boolean' },
    'withdrawals-disabled': { type: 'boolean' },
    json: { type: 'boolean' },
    // What they change is decided before the parse (cli.ts); serve only accepts them, like every command.
    ascii: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
  help: `Usage: pooltop serve [options]

Runs the embedded reference service (the API operations, simulated data) until
SIGINT or SIGTERM.
  --host H              address to bind (default 127.0.0.1; anything else is exposed, with a warning)
  --port P              port (default 0: an ephemeral port)
  --accounts N          number of sub-accounts, 1 to 20000 (default 1000)
  --mining-accounts N   number of mining accounts, 0 to 100 (default 3)
  --workers N           workers per mining account, 0 to 20000 (default 40)
  --seed S              seed for the generated data (default 1)
  --access-ttl S        access-token lifetime in seconds (default 300)
  --refresh-ttl S       refresh-token lifetime in seconds (default 600)
  --block-interval S    mean seconds between found blocks (default 45)
  --latency MS          added to every response (default 0)
  --fail-rate F         share of requests answered with an infrastructure failure, 0 to 1
  --pool-shape SHAPE    the pool overview as snake (default), camel (one camelCase object)
                        or camel-array (a one-element camelCase array): the shapes the real
                        API is known to send
  --sparse              drop or null optional fields in a share of items and send some
                        numbers as strings, as the real API may (deterministic by seed)
  --withdrawals-disabled
                        the unconfirmed-withdrawals operation answers 404, as for an account
                        the vendor has not enabled it for
  --json                print one JSON line with base_url, credentials and mining_accounts
                        once listening
  -h, --help            show help`,
  async run(args, io) {
    const { runServe } = await import('./serve-run.js');
    const { values } = parseFlags(args, serve.options);
    if (values.help) return printHelp(io, serve.help);
    return runServe(values, io);
  },
};
