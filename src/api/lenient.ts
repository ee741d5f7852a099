/**
 * Liberal reading of response fields (valibot). The vendor marks no field as required, numbers
 * arrive as strings and strings as numbers, and any field may be missing or null. The policy:
 *
 * - a field that is missing, null or unreadable becomes `null` (never a failure of the page);
 * - a number may arrive as a JSON number or as a decimal string (`"42"`, `" 1.5 "`, `"1e3"`);
 * - a list item that is not an object is dropped: one odd item costs one row;
 * - only the body itself (not a JSON object) or a list/object of the wrong kind altogether is a
 *   `schema` error, because then there is nothing to show at all.
 *
 * Each builder wraps its schema in `v.fallback`, which valibot also applies to a missing key,
 * so an object of lenient fields never reports an issue.
 */
import * as v from 'valibot';

/** Larger values are millisecond timestamps (1e11 s is the year 5138). */
export const MAX_UNIX_SECONDS = 1e11;

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number from a JSON number or a numeric string; undefined otherwise. */
export function toFiniteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!NUMERIC.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** `value × 10^exponent`, decimal-exact before the one rounding to a double (`"42.1"`, 12 → 42100000000000). */
export function scaleDecimal(value: number, exponent: number): number {
  const [mantissa = '0', exp = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exp) + exponent}`);
}

const numberOrNull = (check: (n: number) => boolean) =>
  v.pipe(
    v.unknown(),
    v.transform((input): number | null => {
      const n = toFiniteNumber(input);
      return n !== undefined && check(n) ? n : null;
    }),
  );

/** Any finite number (or numeric string); otherwise null. */
export const lenientNumber = () =>
  v.fallback(
    numberOrNull(() => true),
    null,
  );

/** A finite number ≥ 0; otherwise null. */
export const lenientNonNegative = () =>
  v.fallback(
    numberOrNull((n) => n >= 0),
    null,
  );

/** A whole number ≥ 0 (a count); otherwise null. */
export const lenientCount = () =>
  v.fallback(
    numberOrNull((n) => Number.isSafeInteger(n) && n >= 0),
    null,
  );

/** Unix seconds; a millisecond value is brought back to seconds; otherwise null. */
export const lenientUnixSeconds = () =>
  v.fallback(
    v.pipe(
      numberOrNull((n) => n >= 0 && n < MAX_UNIX_SECONDS * 1000),
      v.transform((n) => (n === null ? null : Math.floor(n >= MAX_UNIX_SECONDS ? n / 1000 : n))),
    ),
    null,
  );

/** A string (a number is turned into its text); otherwise null. */
export const lenientString = () =>
  v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((input): string | null => {
        if (typeof input === 'string') return input;
        if (typeof input === 'number' && Number.isFinite(input)) return String(input);
        return null;
      }),
    ),
    null,
  );

/**
 * A non-negative decimal amount kept as text, exactly (money is never rounded through a double):
 * `"0.00125"` stays `"0.00125"`, the number `0.5` becomes `"0.5"`; anything else null.
 */
export const lenientDecimal = () =>
  v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((input): string | null => {
        const text =
          typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
        return /^\d{1,64}(?:\.\d{1,64})?$/.test(text) ? text : null;
      }),
    ),
    null,
  );

/** Strings of a list; other items are dropped; a missing or null list is empty. */
export const lenientStringList = () =>
  v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((input): string[] =>
        Array.isArray(input)
          ? input.flatMap((item) => {
              if (typeof item === 'string') return [item];
              return typeof item === 'number' && Number.isFinite(item) ? [String(item)] : [];
            })
          : [],
      ),
    ),
    [],
  );

/** PHP encodes an empty list or map as `[]` or `{}`: either means "nothing here". */
function isEmptyContainer(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (Array.isArray(input)) return input.length === 0;
  return typeof input === 'object' && Object.keys(input).length === 0;
}

/**
 * A list of objects: each item is read with `item` (whose fields are lenient); an item that is
 * not an object is dropped. Missing, null or an empty `{}` is an empty list. Anything else that
 * is not an array is a schema error (`must be an array`).
 */
export function lenientList<T>(item: v.GenericSchema<unknown, T>) {
  const row = v.fallback(v.nullable(item), null);
  // `optional` with a default, so that a missing key is read (as null) rather than reported.
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((input) => (isEmptyContainer(input) ? [] : input)),
      v.array(row, 'must be an array'),
      v.transform((rows) => rows.filter((r): r is NonNullable<typeof r> => r !== null)),
    ),
    null,
  );
}

/**
 * An object of lenient fields. Missing, null or an empty `[]` reads as `{}` (every field then
 * takes its fallback); a string, number or non-empty array is a schema error.
 */
export function lenientObject<const E extends v.ObjectEntries>(entries: E) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((input) => (isEmptyContainer(input) ? {} : input)),
      v.check((input) => !Array.isArray(input), 'must be an object'),
      v.object(entries, 'must be an object'),
    ),
    null,
  );
}
