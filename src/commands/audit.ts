import { reportError } from '../errors/report-error.js';
import { type CommandModule, printHelp, usageError, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { idleSeconds } from './support/idle.js';
import { clip, ONE_SHOT_OPTIONS, parseFlags, stringFlag, timeoutFlag } from './support/parse.js';

/** Four requests or more per account, each operation at most 67 a second: 10,100 accounts take minutes. */
const AUDIT_TIMEOUT_S = 1800;

export const audit: CommandModule = {
  name: 'audit',
  summary: 'who can do what: every API key of every sub-account, and what is wrong with it',
  options: {
    ...ONE_SHOT_OPTIONS,
    idle: { type: 'string' },
    search: { type: 'string' },
    json: { type: 'boolean' },
    ndjson: { type: 'boolean' },
    csv: { type: 'boolean' },
  },
  help: `Usage: pooltop audit keys [--idle DURATION] [--search TEXT] [--json|--ndjson|--csv] [configuration flags]

Every API key of every sub-account (signed POST /api/v4/sub-account/list, api-key/list and
api-key/ip-address/list; read-only): its sub-account, title, enabled, type, last activity, IP
restriction and addresses, allowed endpoints, and its findings:
  no-ip-restriction   enabled and usable from any address
  idle                not used for longer than --idle
  never-used          no activity at all
  moves-money         may withdraw or transfer (type 2, or a withdraw/transfer endpoint)
  disabled            disabled but kept
A summary first, then one row per key. A secret in a listing is shown as [redacted].
  --idle DURATION   longer than this without activity is idle (30s, 10m, 2h or 90d; default 90d)
  --search TEXT     only the sub-accounts the list's search finds
  --json            {"summary":{…},"data":[key…],"complete":true|false}
  --ndjson          one key per line
  --csv             a header and RFC 4180 rows
Each operation is paced under its own limit (1000 requests / 10 s): 1,000 sub-accounts with
three keys each take under a minute. Progress on stderr when it is a terminal.
Exit status: 0 no findings, 1 findings, 3 the audit is not whole (bad arguments, credentials,
the API failing, a sub-account whose keys could not be fetched: what was fetched is written).

Examples (on the demo service):
  pooltop audit keys --search hedge --demo
  pooltop audit keys --idle 30d --search ops --json --demo

${CONFIG_FLAGS}`,
  async run(args, io) {
    try {
      const { values, positionals } = parseFlags(args, audit.options, 1);
      if (values.help) return printHelp(io, audit.help);
      if (positionals[0] !== 'keys') {
        throw usageError(`unknown audit '${clip(positionals[0] ?? '')}': use pooltop audit keys`);
      }
      const formats = (['json', 'ndjson', 'csv'] as const).filter((f) => values[f] === true);
      if (formats.length > 1) throw usageError('--json, --ndjson and --csv go one at a time');
      const request = {
        format: formats[0] ?? ('text' as const),
        idleSeconds: idleSeconds(values),
        search: stringFlag(values, 'search'),
      };
      const { runAudit } = await import('./audit-run.js');
      return await withContext(values, io, (ctx) => runAudit(ctx, io, request), {
        retries: 0,
        timeoutS: timeoutFlag(values, AUDIT_TIMEOUT_S),
      });
    } catch (error) {
      // As check's UNKNOWN: a script tells "could not audit" from "findings" by the status.
      if (io.signal.aborted) throw error;
      reportError(error, io);
      return 3;
    }
  },
};
