import { type CommandModule, printHelp, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { ONE_SHOT_OPTIONS, parseFlags, timeoutFlag } from './support/parse.js';

export const pool: CommandModule = {
  name: 'pool',
  summary: 'mining-pool overview, once',
  options: { ...ONE_SHOT_OPTIONS, json: { type: 'boolean' } },
  help: `Usage: pooltop pool [--json] [--timeout SECONDS] [configuration flags]

Fetches the public mining-pool overview once (GET /api/v4/public/mining-pool).
  --json    print the overview on stdout: the same snake_case object (spec field names, in
            the spec's order) whatever shape the server sent; a missing field stays missing,
            a null one null

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { values } = parseFlags(args, pool.options);
    if (values.help) return printHelp(io, pool.help);
    const oneShot = { timeoutS: timeoutFlag(values), notices: true };
    const { runPool } = await import('./pool-run.js');
    return withContext(values, io, (ctx) => runPool(ctx, io, { json: values.json === true }), oneShot);
  },
};
