import { VERSION } from '../version.js';

const CONFIG_FLAGS = `Configuration (flags > environment > profile in the config file > defaults):
  --base-url URL        API base URL (env WHITEBIT_API_URL; default https://whitebit.com).
                        https is required except on loopback hosts.
  --api-key KEY         API key (env WHITEBIT_API_KEY; profile key api_key)
  --api-secret SECRET   API secret (env WHITEBIT_API_SECRET; profile key api_secret)
  --client-id ID        OAuth client id (env WHITEBIT_CLIENT_ID; profile key client_id)
  --client-secret S     OAuth client secret (env WHITEBIT_CLIENT_SECRET; profile key client_secret)
  --refresh-token T     OAuth refresh token (env WHITEBIT_REFRESH_TOKEN; profile key refresh_token)
  --profile NAME        profile in the config file (env WHITEBIT_PROFILE; default "default")
  --config PATH         config file (default ~/.whitebit/config.toml)
  --demo                start the embedded demo service and use it (no account needed)
  --ascii               ASCII only (automatic when the locale, LC_ALL/LC_CTYPE/LANG, is not UTF-8)
  --no-color            no colours (NO_COLOR is honoured too)
  -h, --help            show help`;

/** The one-shot commands' total deadline (cli/parse.ts, ONE_SHOT_OPTIONS). */
const TIMEOUT_FLAG = `One-shot commands (pool, accounts, mining, auth, exporter --once):
  --timeout SECONDS     give up after this long in all, 1–3600 (default 30; accounts --all
                        300, with --balances 1800): requests, retries and waits a server
                        asks for`;

export const HELP: Record<string, string> = {
  main: `pooltop ${VERSION} — top for a WhiteBIT mining pool and your sub-accounts

Usage:
  pooltop [--demo] [--interval SECONDS] [--no-color] [--account NAME]
          [--notify]
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
  pooltop COMMAND --help                                help for one command

Flags may come before the command or after it: pooltop --demo pool is pooltop pool --demo.

Dashboard:
  --interval SECONDS    polling interval, at least 1 (default 10)
  --notify              a desktop notification (OSC 9 and OSC 777) when an alert gets worse,
                        besides the bell; thresholds come from ~/.config/pooltop/config.toml
                        (or $XDG_CONFIG_HOME/pooltop/config.toml); ! lists the alert history

Mining (the dashboard's Mining tab, pooltop mining --help):
  --account NAME        mining account (env WHITEBIT_MINING_ACCOUNT; profile key mining_account;
                        default: the key's only one; with several, the Mining tab lists them
                        and key a chooses another)

${CONFIG_FLAGS}

${TIMEOUT_FLAG}

Exit codes: 0 success, 1 remote or network failure, 2 usage or configuration error, 130/143
stopped by SIGINT/SIGTERM (pooltop check uses the monitoring-plugin codes 0–3 instead).
Set DEBUG=pooltop for details of a failure on stderr.`,

  pool: `Usage: pooltop pool [--json] [--timeout SECONDS] [configuration flags]

Fetches the public mining-pool overview once (GET /api/v4/public/mining-pool).
  --json    print the overview on stdout: the same snake_case object (spec field names, in
            the spec's order) whatever shape the server sent; a missing field stays missing,
            a null one null

${CONFIG_FLAGS}`,

  accounts: `Usage: pooltop accounts [--search TEXT] [--limit N] [--offset N] [--json] [configuration flags]
       pooltop accounts --all [--search TEXT] [--sort COLUMN[:desc]] [--filter F] [--json|--ndjson|--csv]
       pooltop accounts balances ID|ALIAS [--ticker T] [--json]
       pooltop accounts --all --balances [--ticker T] [--search TEXT] --json|--ndjson|--csv

Lists sub-accounts (signed POST /api/v4/sub-account/list). Needs an API key and secret.
  --search TEXT   search term (the server matches it)
  --limit N       rows per page, 1 to 100 (default 30)
  --offset N      rows to skip, 0 to 10000 (default 0)
  --json          print {"offset","limit","data"} on stdout

  --all           every page, 100 at a time, up to the API's reach (10,100 rows; narrow
                  with --search beyond it): at most 4 requests at once, under 50 a second,
                  failed pages retried. Progress on stderr when it is a terminal.
  --sort COLUMN[:desc]
                  alias, email, status, kyc, shared, spot, collateral, id or userId
  --filter F      status=V, kyc=V, shared=yes|no, spot=yes|no, collateral=yes|no, comma-separated;
                  V1|V2 (or the field twice) for either value
  --json          {"data":[…],"complete":true|false} (complete: the whole list arrived)
  --ndjson        one account per line, written as it arrives
  --csv           a header and RFC 4180 rows; cells starting with = + - @ tab or CR get a '
  Without --sort, rows are written as they arrive. Exit 1 if a page could not be fetched after
  retries: what was fetched is still written, and the last line on stderr says how far it got.

Balances (signed POST /api/v4/sub-account/balances; read-only):
  balances ID|ALIAS
                  what one sub-account holds: currency, main, spot, collateral, total.
                  An alias is found through the list's search; several matches → one line
                  naming them (exit 2), none → exit 1
  --ticker T      one currency only (letters and digits, any case)
  --json          {"id","balances":{"BTC":{"main","spot","collateral","total"},…}}
  --all --balances
                  each account of the whole list with its balances, paced like --all,
                  failed accounts retried: JSON/NDJSON add "balances" (null if they could
                  not be fetched), CSV writes one row per account and currency. Exit 1 if
                  any account's balances could not be fetched; everything else is written.

Examples (on the demo service):
  pooltop accounts balances ops --demo
  pooltop accounts balances ops --ticker usdc --json --demo
  pooltop accounts --all --search hedge --balances --ticker btc --csv --demo

${CONFIG_FLAGS}`,

  mining: `Usage: pooltop mining COMMAND [flags] [configuration flags]

Reads your Mining Pool accounts (signed POSTs under /api/v4/mining/; read-only: pooltop never
creates accounts, changes payouts or creates links). Needs an API key and secret.

Commands:
  accounts                          your mining accounts, newest first
  info                              fee, workers online/low/offline, stratum URLs with worker counts
  hashrate [--interval I] [--from T] [--to T]
                                    the account's hash rate and reject rate over time
  workers [--limit N] [--offset N]  names of connected workers, ascending (100 a page)
  worker --worker NAME [--interval I] [--from T] [--to T]
                                    one worker's hash rate over time
  rewards [--from T] [--to T] [--limit N] [--offset N]
                                    daily FPPS rewards, newest first (30 a page)
  payout                            where rewards are paid: main balance or an external address
  links                             active watcher links

Flags:
  --account NAME   the mining account (default: WHITEBIT_MINING_ACCOUNT, mining_account
                   in the profile, else the key's only account)
  --worker NAME    the worker (for 'worker')
  --interval I     5m, 1h or 24h (default 1h)
  --from T, --to T the window: Unix seconds, an ISO date (2025-06-01, UTC) or date-time,
                   a time ago (90s, 30m, 24h, 7d, 2w) or now; never in the future, from ≤ to
  --limit N        rows per page, 1 to 100
  --offset N       rows to skip, 0 to 10000
  --json           print the answer's data, normalised: hash rates in H/s, times in Unix seconds

Examples:
  pooltop mining workers --demo
  pooltop mining worker --worker asic-001 --interval 5m --from 6h --json
  pooltop mining rewards --account main_farm --from 30d

${CONFIG_FLAGS}`,

  auth: `Usage: pooltop auth refresh|status|restore [--json] [configuration flags]

  refresh   exchange the refresh token for a new token set (stored durably, mode 0600)
            --json prints {"data": <token set>} including the tokens
  status    show what is stored for the profile; tokens are masked
  restore   read a token set from stdin (the line a refresh printed when it could not save
            it, or its fallback file) and store it; sends nothing to the API

${CONFIG_FLAGS}`,

  check: `Usage: pooltop check [pool|mining] [--account NAME] [-w METRIC=RANGE]... [-c METRIC=RANGE]...
                     [-t SECONDS] [--json] [configuration flags]

A monitoring plugin (Monitoring Plugins guidelines): prints one line
  POOLTOP <OK|WARNING|CRITICAL|UNKNOWN> - <summary> | <performance data>
and exits 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (bad arguments, missing credentials, API
unreachable or failing, timeout).
  -w, --warning METRIC=RANGE    warning range of a metric (repeat for more metrics)
  -c, --critical METRIC=RANGE   critical range of a metric
  -t, --timeout SECONDS         give up with UNKNOWN after this long (default 10)
  --account NAME                the mining account (check mining only; default:
                                WHITEBIT_MINING_ACCOUNT, mining_account in the profile,
                                else the key's only account)
  --json                        print the result as one JSON object instead

Metrics: pool: hashrate, workers, block_age, data_age
         mining: hashrate, hashrate_24h, reject_rate, workers_online, workers_offline,
                 workers_low, data_age
Ranges alert OUTSIDE start..end: 10 (outside 0..10), 10: (below 10), ~:10 (above 10),
10:20 (outside), @10:20 (inside). Suffixes: hash rates k M G T P E (H/s), ages s m h d,
ratios %. A metric given in no flag takes its ranges from the preferences file
(~/.config/pooltop/config.toml, or $XDG_CONFIG_HOME/pooltop/config.toml).
Example: pooltop check pool -w hashrate=150P: -c hashrate=100P: -w block_age=2h

${CONFIG_FLAGS}`,

  exporter: `Usage: pooltop exporter [--listen HOST:PORT] [--interval SECONDS] [--once] [--balances] [configuration flags]

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
  --timeout SECONDS     with --once: give up after this long in all (default 30)

${CONFIG_FLAGS}`,

  serve: `Usage: pooltop serve [options]

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
  --json                print one JSON line with base_url, credentials and mining_accounts
                        once listening
  -h, --help            show help`,
};
