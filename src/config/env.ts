/** Settings from the environment. An empty variable counts as not set (as in most CLIs). */
import { PROFILE_ENV, SETTINGS, type SettingKey } from './settings-meta.js';

export function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<SettingKey, string>> {
  const out: Partial<Record<SettingKey, string>> = {};
  for (const m of SETTINGS) {
    const v = nonEmpty(env[m.env]);
    if (v !== undefined) out[m.key] = v;
  }
  return out;
}

export function profileFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  return nonEmpty(env[PROFILE_ENV]);
}
