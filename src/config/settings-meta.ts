/**
 * One table describing every setting: its flag, environment variable and config-file key.
 * Every "where can I give it" message is built from here, so the three never drift apart.
 */
import type { Settings } from './types.js';

export type SettingKey = keyof Settings;

export interface SettingMeta {
  key: SettingKey;
  flag: string;
  env: string;
  toml: string;
  /** Human name for messages. */
  label: string;
  /** Secrets are never printed and warn when given on the command line. */
  secret: boolean;
}

export const SETTINGS: readonly SettingMeta[] = [
  {
    key: 'baseUrl',
    flag: '--base-url',
    env: 'WHITEBIT_API_URL',
    toml: 'api_url',
    label: 'API URL',
    secret: false,
  },
  {
    key: 'apiKey',
    flag: '--api-key',
    env: 'WHITEBIT_API_KEY',
    toml: 'api_key',
    label: 'API key',
    secret: false,
  },
  {
    key: 'apiSecret',
    flag: '--api-secret',
    env: 'WHITEBIT_API_SECRET',
    toml: 'api_secret',
    label: 'API secret',
    secret: true,
  },
  {
    key: 'clientId',
    flag: '--client-id',
    env: 'WHITEBIT_CLIENT_ID',
    toml: 'client_id',
    label: 'OAuth client ID',
    secret: false,
  },
  {
    key: 'clientSecret',
    flag: '--client-secret',
    env: 'WHITEBIT_CLIENT_SECRET',
    toml: 'client_secret',
    label: 'OAuth client secret',
    secret: true,
  },
  {
    key: 'refreshToken',
    flag: '--refresh-token',
    env: 'WHITEBIT_REFRESH_TOKEN',
    toml: 'refresh_token',
    label: 'OAuth refresh token',
    secret: true,
  },
  {
    key: 'miningAccount',
    flag: '--account',
    env: 'WHITEBIT_MINING_ACCOUNT',
    toml: 'mining_account',
    label: 'mining account',
    secret: false,
  },
];

export const PROFILE_ENV = 'WHITEBIT_PROFILE';
export const DEFAULT_PROFILE = 'default';

export function settingMeta(key: SettingKey): SettingMeta {
  const meta = SETTINGS.find((m) => m.key === key);
  if (!meta) throw new Error(`unknown setting ${key}`);
  return meta;
}

/** "--client-id, WHITEBIT_CLIENT_ID or client_id in [work] of /home/u/.whitebit/config.toml" */
export function whereToGive(key: SettingKey, where: { profile: string; configPath: string }): string {
  const m = settingMeta(key);
  return `${m.flag}, ${m.env} or ${m.toml} in [${where.profile}] of ${where.configPath}`;
}

/** "missing OAuth client ID: give it with --client-id, WHITEBIT_CLIENT_ID or client_id in [default] of …" */
export function missingSettingMessage(
  key: SettingKey,
  where: { profile: string; configPath: string },
): string {
  return `missing ${settingMeta(key).label}: give it with ${whereToGive(key, where)}`;
}
