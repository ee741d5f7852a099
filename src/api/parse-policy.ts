/**
 * The parsing policy (docs/design.md, "Parsing policy") as valibot building blocks that every
 * response schema is made of. A field is required only where the data means nothing without
 * it; every other field may be missing or null and stays so. A value of the wrong kind never
 * fails the answer: it is left out (treated as missing) and reported as a degradation, and one
 * malformed list item degrades that item only. Numbers are accepted as numbers or numeric
 * strings, decimal strings as strings or numbers; unknown enum values are plain text.
 *
 * How: a field that cannot be read is replaced during validation by a `Degraded` marker; after
 * validation one walk over the output (`settle`) removes each marker, noting its path and
 * problem. Problems are our own words and the received value's JSON type, never the value.
 */
import * as v from 'valibot';

export interface Degradation {
  /** Where, e.g. `data[3].email` (our field names and list positions). */
  path: string;
  /** What was wrong and what was done, e.g. `must be text (got an object); left out`. */
  problem: string;
}

/** Receives each degradation of one answer. */
export type DegradationSink = (d: Degradation) => void;

class Degraded {
  constructor(
    readonly problem: string,
    /** What stands in its place: undefined leaves the field (or list item) out. */
    readonly replacement: unknown,
  ) {}
}

/** A marker typed as whatever the schema outputs: `settle` removes every one before anyone sees it. */
function degraded(problem: string, replacement?: unknown): never {
  return new Degraded(problem, replacement) as never;
}

/** The JSON type of a value, for messages: never the value itself (it may be a secret). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  const t = typeof value;
  if (t === 'object') return 'an object';
  if (t === 'string') return (value as string) === '' ? 'an empty string' : 'a string';
  if (t === 'number') return 'a number';
  if (t === 'boolean') return 'a boolean';
  return t;
}

const MESSAGES = {
  text: 'must be text',
  nonEmpty: 'must not be empty',
  flag: 'must be true or false',
  count: 'must be a whole number, 0 or more',
  seconds: 'must be Unix seconds',
  decimal: 'must be a decimal number, 0 or more',
  list: 'must be a list',
  object: 'must be an object',
} as const;
/** valibot's own messages quote the value: only ours are ever shown. */
const OURS: ReadonlySet<string> = new Set(Object.values(MESSAGES));

function problemOf(failed: { value: unknown; issues: readonly { message: string }[] }): string {
  const message = failed.issues[0]?.message ?? '';
  return `${OURS.has(message) ? message : 'cannot be read'} (got ${jsonType(failed.value)})`;
}

/** Larger values are millisecond timestamps (1e11 s is the year 5138). */
const MAX_UNIX_SECONDS = 1e11;
const DIGITS = /^\d{1,16}$/;
const DECIMAL = /^\d{1,64}(?:\.\d{1,64})?$/;

/** Text; a finite number is accepted as its text (ids and user ids may come as numbers). */
export const text = () =>
  v.union(
    [v.string(MESSAGES.text), v.pipe(v.number(MESSAGES.text), v.finite(MESSAGES.text), v.transform(String))],
    MESSAGES.text,
  );

/** Text that must not be empty (tokens, ids). */
export const nonEmptyText = () => v.pipe(text(), v.minLength(1, MESSAGES.nonEmpty));

/** true/false; also the strings "true"/"false" and the numbers 1/0. */
export const flag = () =>
  v.union(
    [
      v.boolean(MESSAGES.flag),
      v.pipe(
        v.picklist(['true', 'false'], MESSAGES.flag),
        v.transform((s) => s === 'true'),
      ),
      v.pipe(
        v.picklist([0, 1], MESSAGES.flag),
        v.transform((n) => n === 1),
      ),
    ],
    MESSAGES.flag,
  );

/** A whole number within [0, max], as a JSON number or a string of digits. */
function wholeNumber(message: string, max = Number.MAX_SAFE_INTEGER) {
  return v.pipe(
    v.union(
      [v.number(message), v.pipe(v.string(message), v.trim(), v.regex(DIGITS, message), v.transform(Number))],
      message,
    ),
    v.safeInteger(message),
    v.minValue(0, message),
    v.maxValue(max, message),
  );
}

export const count = () => wholeNumber(MESSAGES.count);
export const unixSeconds = () => wholeNumber(MESSAGES.seconds, MAX_UNIX_SECONDS);

/**
 * A non-negative decimal number kept as decimal text (hash rates in H/s): a string exactly as
 * received, or a JSON number written out in full (no exponent).
 */
export const decimal = () =>
  v.union(
    [
      v.pipe(v.string(MESSAGES.decimal), v.trim(), v.regex(DECIMAL, MESSAGES.decimal)),
      v.pipe(
        v.number(MESSAGES.decimal),
        v.finite(MESSAGES.decimal),
        v.minValue(0, MESSAGES.decimal),
        v.transform(decimalText),
      ),
    ],
    MESSAGES.decimal,
  );

/**
 * What `decimal()` makes of a value that needs no trimming and reports nothing, or undefined:
 * the fast path of the series answers (mining-schemas.ts), which send anything else through the
 * schema.
 */
export function plainDecimal(value: unknown): string | undefined {
  if (typeof value === 'string') return DECIMAL.test(value) ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return decimalText(value);
  return undefined;
}

/** What `unixSeconds()` makes of a whole JSON number of seconds, or undefined (the same fast path). */
export function plainUnixSeconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_UNIX_SECONDS
    ? value
    : undefined;
}

/** A finite non-negative number as plain decimal text: 1.8e17 → "180000000000000000". */
export function decimalText(n: number): string {
  const plain = String(n);
  if (!/e/i.test(plain)) return plain;
  // Doubles of 1e21 and more are whole numbers; below 1e-6 a fixed 20 places is precise enough.
  if (n >= 1) return BigInt(n).toString();
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** Stands in for a missing field, so the policy sees it (valibot skips absent keys otherwise). */
const MISSING: unique symbol = Symbol('missing');

/** A reader giving `schema`'s output, or whatever `onFail` makes of a value it cannot read. */
function readOr<T extends v.GenericSchema>(schema: T, onFail: (problem: string) => never) {
  return (value: unknown): v.InferOutput<T> => {
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    return onFail(problemOf({ value, issues: result.issues }));
  };
}

/** A list item read by `read`: the item never fails the list. */
const item = <T>(read: (value: unknown) => T) => v.pipe(v.unknown(), v.transform(read));

/**
 * The policy for one field: missing stays missing, null stays null (both reported, as the
 * views show a placeholder), anything `schema` cannot read is left out and reported.
 */
export function optional<T extends v.GenericSchema>(schema: T) {
  const read = readOr(schema, (problem) => degraded(`${problem}; left out`));
  const field = v.pipe(
    v.unknown(),
    v.transform((value): v.InferOutput<T> | null => {
      if (value === MISSING) return degraded('is missing');
      if (value === null) return degraded('is null', null);
      return read(value);
    }),
  );
  return v.optional(field, () => MISSING);
}

/** A list of text: an item that is not text is left out and reported. */
export function textList() {
  return v.array(item(readOr(text(), (problem) => degraded(`${problem}; left out`))), MESSAGES.list);
}

/**
 * A list of objects: an item that is not an object becomes an empty one (a row of placeholders:
 * a page keeps every row, so paging by row count stays right), and `needs` names what an item
 * means nothing without; an item lacking it is kept as it is and reported as malformed.
 */
export function objectList<T extends v.ObjectEntries>(
  entries: T,
  needs?: { anyOf: readonly (keyof T & string)[]; what: string },
) {
  const read = v.pipe(
    v.object(entries, MESSAGES.object),
    v.transform((value) => {
      const fields = value as Record<string, unknown>;
      if (!needs || needs.anyOf.some((key) => isPresent(fields[key]))) return value;
      return degraded(`malformed: ${needs.what}; shown with placeholders`, value);
    }),
  );
  return v.array(
    item(readOr(read, (problem) => degraded(`${problem}; shown as an empty row`, {}))),
    MESSAGES.list,
  );
}

/** Whether a field (before `settle`) holds a value: not missing, null, or left out. */
function isPresent(value: unknown): boolean {
  if (value instanceof Degraded) return value.replacement != null;
  return value != null;
}

/** An object field whose own fields follow the policy. */
export const object = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MESSAGES.object);

/**
 * Removes every Degraded marker from a validated output (in place), reporting each with its
 * path. List items left out keep their received positions in the reported paths.
 */
export function settle<T>(output: T, report: DegradationSink, path = ''): T {
  return settleValue(output, path === '' ? [] : [path], report) as T;
}

/** The path of `at` (keys and list positions) as text: built only for a report, as answers are mostly clean. */
function pathText(at: readonly (string | number)[]): string {
  let path = '';
  for (const step of at) path += typeof step === 'number' ? `[${step}]` : path ? `.${step}` : step;
  return path || 'body';
}

function settleValue(value: unknown, at: (string | number)[], report: DegradationSink): unknown {
  if (value instanceof Degraded) {
    report({ path: pathText(at), problem: value.problem });
    return value.replacement === undefined ? undefined : settleValue(value.replacement, at, report);
  }
  if (Array.isArray(value)) {
    let kept = 0;
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      const settled = settleValue(value[i], at, report);
      at.pop();
      if (settled !== undefined) value[kept++] = settled;
    }
    value.length = kept;
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      at.push(key);
      const settled = settleValue(record[key], at, report);
      at.pop();
      if (settled === undefined) delete record[key];
      else record[key] = settled;
    }
  }
  return value;
}
