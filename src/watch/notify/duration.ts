/** Durations in the preferences file: a whole number and a unit, `500ms`, `10s`, `2m`, `4h`, `1d`. */

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds, or undefined when `text` is not such a duration. */
export function parseDurationMs(text: string): number | undefined {
  const m = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * (UNIT_MS[m[2] ?? 's'] ?? 1000);
}
