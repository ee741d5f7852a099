import type { CommandModule } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { COMMON_OPTIONS } from './support/parse.js';

export const check: CommandModule = {
  name: 'check',
  summary: 'monitoring plugin (Nagios, Icinga)',
  options: {
    ...COMMON_OPTIONS,
    json: { type: 'boolean' },
    warning: { type: 'string', short: 'w', multiple: true },
    critical: { type: 'string', short: 'c', multiple: true },
    timeout: { type: 'string', short: 't' },
    account: { type: 'string' },
    'gone-after': { type: 'string' },
    idle: { type: 'string' },
    search: { type: 'string' },
  },
  help: `Usage: pooltop check [pool|mining|subaccounts] [--account NAME] [-w METRIC=RANGE]...
                     [-c METRIC=RANGE]... [-t SECONDS] [--idle DURATION] [--search TEXT]
                     [--json] [configuration flags]

A monitoring plugin (Monitoring Plugins guidelines): prints one line
  POOLTOP <OK|WARNING|CRITICAL|UNKNOWN> - <summary> | <performance data>
and exits 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (bad arguments, missing credentials, API
unreachable or failing, timeout).
  -w, --warning METRIC=RANGE    warning range of a metric (repeat for more metrics)
  -c, --critical METRIC=RANGE   critical range of a metric
  -t, --timeout SECONDS         give up with UNKNOWN after this long (default 10;
                                check subaccounts 120)
  --account NAME                the mining account (check mining only; default:
                                WHITEBIT_MINING_ACCOUNT, mining_account in the profile,
                                else the key's only account)
  --gone-after DURATION         workers_gone counts workers missing longer than this
                                (30s, 10m, 2h, 1d; default 10m)
  --idle DURATION               idle_keys counts keys unused longer than this (check
                                subaccounts only; default 90d)
  --search TEXT                 only the sub-accounts the list's search finds: their keys
                                and withdrawals (check subaccounts only)
  --json                        print the result as one JSON object instead

Metrics: pool: hashrate, workers, block_age, data_age
         mining: hashrate, hashrate_24h, reject_rate, workers_online, workers_offline,
                 workers_low, workers_gone, data_age
         subaccounts: keys, unrestricted_keys, withdraw_keys, idle_keys, never_used_keys,
                 disabled_keys, withdrawals_waiting, oldest_withdrawal_age
check subaccounts audits every API key of every sub-account (or of those --search finds) as
pooltop audit keys does (about 47 s for 1,000 sub-accounts with three keys each) and counts
the withdrawals awaiting the main account; an audit that is not whole is UNKNOWN.
Ranges alert OUTSIDE start..end: 10 (outside 0..10), 10: (below 10), ~:10 (above 10),
10:20 (outside), @10:20 (inside). Suffixes: hash rates k M G T P E (H/s), ages s m h d,
ratios %. A metric given in no flag takes its ranges from the preferences file
(~/.config/pooltop/config.toml, or $XDG_CONFIG_HOME/pooltop/config.toml).
Examples:
  pooltop check pool -w hashrate=150P: -c hashrate=100P: -w block_age=2h
  pooltop check subaccounts --search hedge -w unrestricted_keys=0 -c withdraw_keys=1000

${CONFIG_FLAGS}`,
  async run(args, io) {
    // A monitoring plugin: its own output contract and exit codes (0–3), even for bad arguments.
    const { runCheck } = await import('./check-run.js');
    return runCheck(args, io, check);
  },
};
