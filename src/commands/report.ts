import { REPORT_OPTIONS, parseReportArgs } from './report-args.js';
import { type CommandModule, printHelp } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { ONE_SHOT_OPTIONS, parseFlags } from './support/parse.js';

export const report: CommandModule = {
  name: 'report',
  summary: 'a statement for hosting clients: uptime, hash rate, rewards and the credit owed',
  options: { ...ONE_SHOT_OPTIONS, ...REPORT_OPTIONS },
  help: `Usage: pooltop report [--month YYYY-MM | --from T --to T] [--account NAME | --all-accounts]
                      [--format md|json|html | --format csv [--table T]] [--out FILE]
                      [contract flags] [configuration flags]

A statement of a window per mining account, read from the history pooltop keeps (the history
store), never from the API: its workers, uptime by worker-hours (time not watched and time
filled from the pool's series shown apart), the mean hash rate against the contracted one,
the days below the SLA, the outages longer than a threshold, the rewards (successful, pending
and canceled apart, exact), the yield per TH/s per day and the credit the contract owes, with
a table per worker and the account's watcher links. Every format is written from the one
statement, so the figures are the same in each.

Window (UTC):
  --month M         a calendar month: YYYY-MM, last (the default) or this (to date)
  --from T, --to T  any window: Unix seconds, an ISO date or date-time, a time ago (7d) or now

Accounts:
  --account NAME    one mining account (default: as 'pooltop mining', else the demo's newest)
  --all-accounts    every mining account, one section (one printed page or more) each

Output:
  --format F        md (default), csv (one table for a spreadsheet, see --table), json (the
                    statement: every table, seconds, whole H/s, exact amounts) or html (one
                    self-contained file: inline CSS and SVG charts, no script, no request;
                    prints on A4, one account from a new page, and reads on a phone)
  --table T         the CSV's table, one row per item with named columns, account first:
                    summary (default; one row per account, every figure), workers, days,
                    outages or links
  --out FILE        write there (atomically) and print one line saying so

Contract terms ([report] and [report.accounts.NAME] in the preferences file; a flag wins for
every account; a term left out leaves its figure out):
  --contracted-hashrate R  the hash rate contracted, as "100 TH/s" or 100T
  --sla P                  the uptime guaranteed, as 95%
  --monthly-fee A          the fee per calendar month, exact (1200 or 1200.50)
  --currency C             the fee's currency (USDT)
  --outage-threshold D     outages listed from this long (default 30m)
  --credit-rule R          pro-rata (default): fee × (SLA − uptime) ÷ SLA, 0 at or above the SLA;
                           tiered: fee × the credit % of the lowest tier of credit_tiers
                           (preferences file) whose bound the uptime is under
  A worker counts as out only when it is offline in at least two 5-minute samples less than
  an hour apart (minerstat's flap filter); shorter drops count as up and are shown apart.

Examples:
  pooltop report --demo
  pooltop report --demo --month last --all-accounts --format csv
  pooltop report --demo --month last --all-accounts --format csv --table workers
  pooltop report --demo --all-accounts --format json --sla 97.5%
  pooltop report --demo --from 14d --to 7d --account main_farm --monthly-fee 500 --currency USDT --sla 99%

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { values } = parseFlags(args, report.options, 0);
    if (values.help) return printHelp(io, report.help);
    const now = Date.now();
    const request = parseReportArgs(values, now);
    const { runReport } = await import('./report-run.js');
    return runReport(values, io, request, now);
  },
};
