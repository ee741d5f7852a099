/**
 * Reads `~/.whitebit/config.toml` (or `--config PATH`): TOML with one table per profile.
 * Every failure is one line naming the file (and the line for broken TOML); no message ever
 * contains a value from the file, so a secret cannot leak through an error.
 */
import { parse, TomlError } from 'smol-toml';
import { PooltopError } from '../errors/pooltop-error.js';
import { fileTrust } from './file-trust.js';
import { MAX_FILE_BYTES, readProblem, readRegularFileSync } from './regular-file.js';

export const MAX_CONFIG_BYTES = MAX_FILE_BYTES;

export interface RawFile {
  text: string;
  /** Permission bits (`st_mode & 0o777`); undefined where they mean nothing (Windows). */
  mode?: number;
  /** Why the file must not be used (config/file-trust.ts), or undefined. */
  refuse?: string;
}

/** Injected for tests; the default reads the real file through one descriptor. */
export type ReadConfigFile = (path: string) => RawFile;

export type TomlTableLike = Record<string, unknown>;

export interface ConfigFile {
  path: string;
  exists: boolean;
  /** Top-level tables, by name. */
  profiles: Record<string, TomlTableLike>;
  mode?: number;
}

export const readRealFile: ReadConfigFile = (path) => {
  const { text, stats } = readRegularFileSync(path, { maxBytes: MAX_CONFIG_BYTES });
  return {
    text,
    mode: process.platform === 'win32' ? undefined : stats.mode & 0o777,
    refuse: fileTrust('config file', path, stats).refuse,
  };
};

export function errnoCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') return e.code;
  return undefined;
}

export function readFailure(
  path: string,
  code: string | undefined,
  cause: unknown,
  what = 'config file',
): PooltopError {
  const why = readProblem(code, cause instanceof Error ? cause.message : undefined, MAX_CONFIG_BYTES);
  return new PooltopError('config', `cannot read ${what} ${path}: ${why}`, { cause });
}

/** First line of smol-toml's message, without its prefix and without the code excerpt. */
export function tomlReason(e: TomlError): string {
  const first = e.message.split('\n')[0] ?? '';
  return first.replace(/^Invalid TOML document:\s*/, '').slice(0, 100);
}

/** Parses a whole TOML document; `what` names the file in messages ("config file"). */
export function parseTomlDocument(what: string, path: string, text: string): Record<string, unknown> {
  try {
    return parse(text, { unsafeKeyBehaviour: 'throw', maxDepth: 32 });
  } catch (e) {
    if (e instanceof TomlError) {
      const msg = `${what} ${path} is not valid TOML: line ${e.line}, column ${e.column}: ${tomlReason(e)}`;
      // The library's own message quotes the offending lines; keep it out of detail too.
      throw new PooltopError('config', msg);
    }
    throw new PooltopError('config', `${what} ${path} could not be parsed`);
  }
}

export function parseConfigText(path: string, text: string): Record<string, TomlTableLike> {
  const doc = parseTomlDocument('config file', path, text);
  const profiles: Record<string, TomlTableLike> = {};
  for (const [name, value] of Object.entries(doc)) {
    if (isTable(value)) profiles[name] = value;
  }
  return profiles;
}

export function isTable(v: unknown): v is TomlTableLike {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/**
 * Loads the file. A missing file yields `exists: false` unless `required` (the user named it
 * with `--config`), which is an error.
 */
export function loadConfigFile(path: string, opts: { required: boolean; read?: ReadConfigFile }): ConfigFile {
  const read = opts.read ?? readRealFile;
  let raw: RawFile;
  try {
    raw = read(path);
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      if (opts.required) {
        throw new PooltopError('config', `config file ${path} (given with --config) does not exist`);
      }
      return { path, exists: false, profiles: {} };
    }
    throw readFailure(path, code, e);
  }
  if (raw.text.length > MAX_CONFIG_BYTES) throw readFailure(path, 'EFBIG', undefined);
  if (raw.refuse) throw new PooltopError('config', raw.refuse);
  return { path, exists: true, profiles: parseConfigText(path, raw.text), mode: raw.mode };
}

/** TOML type name for messages ("must be a string, not an integer"). */
export function tomlTypeName(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a float';
  if (typeof v === 'bigint') return 'an integer';
  if (typeof v === 'boolean') return 'a boolean';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof Date) return 'a date';
  if (typeof v === 'object' && v !== null) return 'a table';
  return typeof v;
}
