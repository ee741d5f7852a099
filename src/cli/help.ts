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
  -h, --help            show help`;

export const HELP: Record<string, string> = {
  main: `pooltop ${VERSION} — top for a WhiteBIT mining pool and your sub-accounts

Usage:
  pooltop [--demo] [--interval SECONDS] [--no-color]   open the dashboard (needs a terminal)
  pooltop pool [--json]                                 mining-pool overview, once
  pooltop accounts [--search T] [--limit N] [--offset N] [--json]
                                                        one page of sub-accounts
  pooltop mining COMMAND [--account NAME] [--json]      your mining accounts, workers and rewards
                                                        (accounts, info, hashrate, workers, worker,
                                                        rewards, payout, links)
  pooltop auth refresh|status [--json]                  OAuth token refresh and stored session
  pooltop serve [--port P] [--json] ...                 run the embedded reference service
  pooltop COMMAND --help                                help for one command

Dashboard:
  --interval SECONDS    polling interval, at least 1 (default 10)
  --no-color            no colours (NO_COLOR is honoured too)

Mining (pooltop mining --help):
  --account NAME        mining account (env WHITEBIT_MINING_ACCOUNT; profile key mining_account;
                        default: the key's only one)

${CONFIG_FLAGS}

Exit codes: 0 success, 1 remote or network failure, 2 usage or configuration error.
Set DEBUG=pooltop for details of a failure on stderr.`,

  pool: `Usage: pooltop pool [--json] [configuration flags]

Fetches the public mining-pool overview once (GET /api/v4/public/mining-pool).
  --json    print the overview's data object (spec field names) on stdout

${CONFIG_FLAGS}`,

  accounts: `Usage: pooltop accounts [--search TEXT] [--limit N] [--offset N] [--json] [configuration flags]

Lists one page of sub-accounts (signed POST /api/v4/sub-account/list). Needs an API key and secret.
  --search TEXT   search term (the server matches it)
  --limit N       rows per page, 1 to 100 (default 30)
  --offset N      rows to skip, 0 to 10000 (default 0)
  --json          print {"offset","limit","data"} on stdout

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
  pooltop mining worker --worker rig-001 --interval 5m --from 6h --json
  pooltop mining rewards --account main_farm --from 2025-06-01 --to 2025-06-30

${CONFIG_FLAGS}`,

  auth: `Usage: pooltop auth refresh [--json] | pooltop auth status [--json] [configuration flags]

  refresh   exchange the refresh token for a new token set (stored durably, mode 0600)
            --json prints {"data": <token set>} including the tokens
  status    show what is stored for the profile; tokens are masked

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
  --json                print one JSON line with base_url, credentials and mining_accounts
                        once listening
  -h, --help            show help`,
};
