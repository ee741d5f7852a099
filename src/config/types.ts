/** Settings after resolution (flags > environment > profile in the config file > defaults). */

export type SettingSource = 'flag' | 'env' | 'profile' | 'default' | 'demo';

export interface Settings {
  baseUrl: string;
  apiKey?: string;
  apiSecret?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  /** Mining Pool account the `mining` commands read by default (`--account`). */
  miningAccount?: string;
}

export interface ResolvedConfig extends Settings {
  /** Profile name in use (`default` unless chosen). */
  profile: string;
  /** Config file path that was consulted (it may not exist). */
  configPath: string;
  /** Whether that file existed (set by resolveConfig). */
  configExists?: boolean;
  /** Profiles (top-level tables) found in the file (set by resolveConfig). */
  profiles?: string[];
  /** Where each present setting came from, for `--help`/debug output (never the values). */
  sources: Partial<Record<keyof Settings, SettingSource>>;
  /** One-line warnings to print on stderr before anything else (file mode, secrets on argv, plain http); no "warning:" prefix. */
  warnings: string[];
}

/** Flags shared by every command, as parsed from argv (undefined = not given). */
export interface CommonFlags extends Partial<Settings> {
  profile?: string;
  config?: string;
}

export const DEFAULT_BASE_URL = 'https://whitebit.com';
