/**
 * Where the API key and secret in use came from, named for messages about a refused key
 * ("the API refused the API key from WHITEBIT_API_KEY"). Names the place, never the value.
 */
import { settingMeta } from './settings-meta.js';
import type { ResolvedConfig } from './types.js';

export type KeyConfig = Pick<ResolvedConfig, 'sources' | 'profile' | 'configPath'>;

/** `WHITEBIT_API_KEY`, `--api-key`, `profile "default" of ~/.whitebit/config.toml`, `the demo service`. */
export function sourceOf(config: KeyConfig, key: 'apiKey' | 'apiSecret'): string {
  const m = settingMeta(key);
  switch (config.sources[key]) {
    case 'flag':
      return m.flag;
    case 'env':
      return m.env;
    case 'profile':
      return `${m.toml} in profile "${config.profile}" of ${config.configPath || '~/.whitebit/config.toml'}`;
    case 'demo':
      return 'the demo service';
    default:
      return 'the settings';
  }
}

/** `the API key from WHITEBIT_API_KEY`, `the API key from api_key in profile "default" of …`. */
export function keyFrom(config: KeyConfig): string {
  return `the API key from ${sourceOf(config, 'apiKey')}`;
}
