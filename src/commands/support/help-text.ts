/** Help text shared by several commands' --help (each command's own text lives with it). */

export const CONFIG_FLAGS = `Configuration (flags > environment > profile in the config file > defaults):
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

/** The one-shot commands' total deadline (support/parse.ts, ONE_SHOT_OPTIONS). */
export const TIMEOUT_FLAG = `One-shot commands (pool, accounts, mining, auth, exporter --once):
  --timeout SECONDS     give up after this long in all, 1–3600 (default 30; accounts --all
                        300, with --balances 1800): requests, retries and waits a server
                        asks for`;
