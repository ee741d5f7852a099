/**
 * resolveConfig: flags > environment > selected profile of the config file > defaults.
 * Errors are `PooltopError('config', …)` (exit 2); warnings are returned for the CLI to print
 * first on stderr. No message contains a setting's value.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import {
  type ConfigFile,
  loadConfigFile,
  type ReadConfigFile,
  type TomlTableLike,
  tomlTypeName,
} from './config-file.js';
import { nonEmpty, profileFromEnv, settingsFromEnv } from './env.js';
import { defaultConfigPath, expandPath, homeDir } from './paths.js';
import { DEFAULT_PROFILE, PROFILE_ENV, SETTINGS, type SettingMeta } from './settings-meta.js';
import { type CommonFlags, DEFAULT_BASE_URL, type ResolvedConfig, type SettingSource } from './types.js';
import { invalidSetting, normaliseBaseUrl, problemWith } from './validate.js';
import { argvSecretWarning, fileModeWarning } from './warnings.js';

export interface ResolveInput {
  flags: CommonFlags;
  env: NodeJS.ProcessEnv;
  /** Home directory; defaults to `os.homedir()`. */
  home?: string;
  /** For relative `--config` paths; defaults to `process.cwd()`. */
  cwd?: string;
  /** Injected file reader (tests); defaults to the real file system. */
  readFile?: ReadConfigFile;
}

interface Picked {
  profile: string;
  source: 'flag' | 'env' | 'default';
}

function pickProfile(flags: CommonFlags, env: NodeJS.ProcessEnv): Picked {
  if (flags.profile !== undefined) return { profile: flags.profile, source: 'flag' };
  const fromEnv = profileFromEnv(env);
  if (fromEnv !== undefined) return { profile: fromEnv, source: 'env' };
  return { profile: DEFAULT_PROFILE, source: 'default' };
}

const PROFILE_ORIGIN = { flag: '--profile', env: PROFILE_ENV, default: 'the default' } as const;

function selectProfile(file: ConfigFile, picked: Picked): TomlTableLike {
  const { profile, source } = picked;
  if (profile === '' || /[\u0000-\u001f\u007f]/.test(profile)) {
    throw new PooltopError(
      'config',
      `${PROFILE_ORIGIN[source]} must name a profile (letters, digits, - or _)`,
    );
  }
  const table = file.profiles[profile];
  if (table) return table;
  if (profile === DEFAULT_PROFILE) return {};
  if (!file.exists) {
    throw new PooltopError(
      'config',
      `profile [${profile}] was asked for (${PROFILE_ORIGIN[source]}) but ${file.path} does not exist`,
    );
  }
  const names = Object.keys(file.profiles);
  const have = names.length > 0 ? `profiles there: ${names.join(', ')}` : 'it has no profiles';
  throw new PooltopError(
    'config',
    `profile [${profile}] (${PROFILE_ORIGIN[source]}) is not in ${file.path}; ${have}`,
  );
}

function fromProfile(table: TomlTableLike, m: SettingMeta, where: string): string | undefined {
  if (!Object.hasOwn(table, m.toml)) return undefined;
  const v = table[m.toml];
  if (typeof v !== 'string') throw invalidSetting(where, `must be a string, not ${tomlTypeName(v)}`);
  return nonEmpty(v);
}

export function resolveConfig(input: ResolveInput): ResolvedConfig {
  const { flags, env } = input;
  const home = homeDir(input.home);
  if (flags.config === '') throw new PooltopError('config', '--config needs a file path');
  const configPath =
    flags.config !== undefined ? expandPath(flags.config, home, input.cwd) : defaultConfigPath(home);
  const file = loadConfigFile(configPath, { required: flags.config !== undefined, read: input.readFile });
  const picked = pickProfile(flags, env);
  const table = selectProfile(file, picked);
  const fromEnv = settingsFromEnv(env);

  const out: ResolvedConfig = {
    baseUrl: DEFAULT_BASE_URL,
    profile: picked.profile,
    configPath,
    configExists: file.exists,
    profiles: Object.keys(file.profiles),
    sources: { baseUrl: 'default' },
    warnings: [],
  };
  for (const m of SETTINGS) {
    const profileWhere = `${m.toml} in [${picked.profile}] of ${configPath}`;
    const candidates: [SettingSource, string, string | undefined][] = [
      ['flag', m.flag, nonEmpty(flags[m.key])],
      ['env', m.env, fromEnv[m.key]],
      ['profile', profileWhere, fromProfile(table, m, profileWhere)],
    ];
    const hit = candidates.find(([, , v]) => v !== undefined);
    if (!hit) continue;
    const [source, where, value] = hit as [SettingSource, string, string];
    const problem = problemWith(m.key, value);
    if (problem) throw invalidSetting(where, problem);
    out[m.key] = m.key === 'baseUrl' ? normaliseBaseUrl(value) : value;
    out.sources[m.key] = source;
  }

  const modeWarning = file.exists ? fileModeWarning(configPath, file.mode) : undefined;
  if (modeWarning) out.warnings.push(modeWarning);
  const argvWarning = argvSecretWarning(flags);
  if (argvWarning) out.warnings.push(argvWarning);
  return out;
}
