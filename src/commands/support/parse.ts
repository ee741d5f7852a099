import { parseArgs } from 'node:util';
import { PooltopError } from '../../errors/pooltop-error.js';

type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };
export type OptionSpecs = Record<string, OptionSpec>;
/** A flag declared `multiple` collects every occurrence in an array. */
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * Flags every command accepts (configuration, the terminal's and `--help`); before the command
 * or after it (mode.ts).
 */
export const COMMON_OPTIONS: OptionSpecs = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'api-secret': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'refresh-token': { type: 'string' },
  profile: { type: 'string' },
  config: { type: 'string' },
  demo: { type: 'boolean' },
  ascii: { type: 'boolean' },
  'no-color': { type: 'boolean' },
};

/** Default of `--timeout`, seconds: one-shot commands are over within it whatever the server does. */
export const DEFAULT_TIMEOUT_S = 30;
export const TIMEOUT_BOUNDS = { min: 1, max: 3600 } as const;

/** Flags of every one-shot command: the common ones and `--timeout SECONDS` (a total deadline). */
export const ONE_SHOT_OPTIONS: OptionSpecs = {
  ...COMMON_OPTIONS,
  timeout: { type: 'string' },
};

/** `--timeout` in seconds (decimals allowed), within bounds; `fallback` when absent. */
export function timeoutFlag(values: ParsedValues, fallback = DEFAULT_TIMEOUT_S): number {
  return numberFlag(values, 'timeout', TIMEOUT_BOUNDS) ?? fallback;
}

/**
 * Strict parse: an unknown flag, a missing value or a stray positional is a usage error
 * (PooltopError kind 'config', exit 2) that names the flag.
 */
export function parseFlags(
  argv: string[],
  options: OptionSpecs,
  maxPositionals = 0,
): { values: ParsedValues; positionals: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new PooltopError('config', usageMessage(e));
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals[maxPositionals] ?? '';
    throw new PooltopError('config', `unexpected argument '${clip(extra)}' (see --help)`);
  }
  return { values: parsed.values as ParsedValues, positionals: parsed.positionals };
}

function usageMessage(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const unknown = /Unknown option '([^']*)'/.exec(text);
  if (unknown) return `unknown flag '${clip(unknown[1] ?? '')}' (see --help)`;
  const missing = /Option '([^']*?)(?: <value>)?' argument missing/.exec(text);
  if (missing) return `flag '${missing[1]}' needs a value`;
  const ambiguous = /Option '([^']*?)(?: <value>)?' argument is ambiguous/.exec(text);
  if (ambiguous)
    return `flag '${ambiguous[1]}' needs a value; for a value starting with '-' write ${ambiguous[1]}=VALUE`;
  const noValue = /Option '([^']*)' does not take an argument/.exec(text);
  if (noValue) return `flag '${noValue[1]}' does not take a value`;
  return `${text.split('\n')[0]} (see --help)`;
}

type Bounds = { min: number; max: number };

const NUMBER_KINDS = {
  integer: { pattern: /^-?\d+$/, valid: Number.isSafeInteger },
  number: { pattern: /^-?(\d+(\.\d*)?|\.\d+)$/, valid: Number.isFinite },
} as const;

/** Parses a numeric flag within bounds; anything else is a usage error naming the flag. */
function boundedFlag(
  values: ParsedValues,
  name: string,
  bounds: Bounds,
  kind: keyof typeof NUMBER_KINDS,
): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const text = String(raw).trim();
  const { pattern, valid } = NUMBER_KINDS[kind];
  const n = pattern.test(text) ? Number(text) : Number.NaN;
  if (!valid(n) || n < bounds.min || n > bounds.max) {
    const article = kind === 'integer' ? 'an' : 'a';
    throw new PooltopError(
      'config',
      `--${name} must be ${article} ${kind} from ${bounds.min} to ${bounds.max}, got '${clip(text)}'`,
    );
  }
  return n;
}

/** An integer flag within bounds. */
export const intFlag = (values: ParsedValues, name: string, bounds: Bounds) =>
  boundedFlag(values, name, bounds, 'integer');

/** A decimal flag within bounds. */
export const numberFlag = (values: ParsedValues, name: string, bounds: Bounds) =>
  boundedFlag(values, name, bounds, 'number');

export function stringFlag(values: ParsedValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** Every value of a flag declared `multiple`, in the order given. */
export function stringFlags(values: ParsedValues, name: string): string[] {
  const v = values[name];
  const all = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return all.filter((x): x is string => typeof x === 'string');
}

/** Longest argument echoed whole in an error; a longer one is more likely a pasted credential. */
const ECHO_MAX = 24;

/**
 * Keeps echoed user input short and printable. A long argument shows only its first four
 * characters (like a masked token): `pooltop auth refresh <refresh token>` must not put the
 * token into an error line that may end up in a CI log.
 */
export function clip(text: string): string {
  const clean = text.replace(
    /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    '?',
  );
  const chars = [...clean];
  return chars.length > ECHO_MAX ? `${chars.slice(0, 4).join('')}… (${chars.length} characters)` : clean;
}
