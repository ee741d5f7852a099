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
  -h, --help            show help`;

export const HELP: Record<string, string> = {
  main: `pooltop ${VERSION} — top for a WhiteBIT mining pool and your sub-accounts

Usage:
  pooltop [--demo] [--interval SECONDS] [--no-color]   open the dashboard (needs a terminal
                                                        that can move the cursor: not TERM=dumb)
  pooltop pool [--json]                                 mining-pool overview, once
  pooltop accounts [--search T] [--limit N] [--offset N] [--json]
                                                        one page of sub-accounts
  pooltop auth refresh|status [--json]                  OAuth token refresh and stored session
  pooltop serve [--port P] [--json] ...                 run the embedded reference service
  pooltop COMMAND --help                                help for one command

Dashboard:
  --interval SECONDS    polling interval, at least 1 (default 10)
  --no-color            no colours (NO_COLOR is honoured too)

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

  auth: `Usage: pooltop auth refresh [--json] | pooltop auth status [--json] [configuration flags]

  refresh   exchange the refresh token for a new token set (stored durably, mode 0600)
            --json prints {"data": <token set>} including the tokens
  status    show what is stored for the profile; tokens are masked

${CONFIG_FLAGS}`,

  serve: `Usage: pooltop serve [options]

Runs the embedded reference service (the three API operations, simulated data) until
SIGINT or SIGTERM.
  --host H              address to bind (default 127.0.0.1; anything else is exposed, with a warning)
  --port P              port (default 0: an ephemeral port)
  --accounts N          number of sub-accounts, 1 to 20000 (default 1000)
  --seed S              seed for the generated data (default 1)
  --access-ttl S        access-token lifetime in seconds (default 300)
  --refresh-ttl S       refresh-token lifetime in seconds (default 600)
  --block-interval S    mean seconds between found blocks (default 45)
  --latency MS          added to every response (default 0)
  --fail-rate F         share of requests answered with an infrastructure failure, 0 to 1
  --json                print one JSON line with base_url and credentials once listening
  -h, --help            show help`,
};
