/** Durations as people write them in flags and the preferences file: `30s`, `10m`, `2h`, `1d`. */
const UNIT_S: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

export const DURATION_EXAMPLES = '30s, 10m, 2h or 1d';

/** Seconds, or undefined when `text` is not a whole number followed by s, m, h or d. */
export function parseDurationS(text: string): number | undefined {
  const m = /^(\d{1,7})([smhd])$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * (UNIT_S[m[2] ?? 's'] ?? 1);
}
