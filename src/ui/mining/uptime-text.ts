/**
 * Uptime from the history file as the Mining tab shows it: a percentage cut down (never rounded
 * up to 100 %), one glyph per day by uptime band with its legend (shape, not colour, tells the
 * bands apart, and ASCII has its own), and an incident in one line. Pure.
 */
import { formatDateTime, formatDuration } from '../../format/time.js';
import type { Incident, UptimeRow } from '../../history/types.js';

/** `99.9%`, `100%`, `—` when nothing was watched. Cut, not rounded: 99.96 % is `99.9%`. */
export function uptimeText(uptime: number | null | undefined): string {
  if (uptime === null || uptime === undefined || !Number.isFinite(uptime)) return '—';
  if (uptime >= 1) return '100%';
  return `${(Math.floor(Math.max(0, uptime) * 1000) / 10).toFixed(1)}%`;
}

/** The bands, best first: the glyph, its ASCII look-alike and the lowest uptime it stands for. */
const BANDS = [
  { glyph: '█', ascii: '#', from: 1, label: '100%' },
  { glyph: '▆', ascii: '+', from: 0.99, label: '≥99%' },
  { glyph: '▄', ascii: '=', from: 0.9, label: '≥90%' },
  { glyph: '▂', ascii: '-', from: 0, label: '<90%' },
] as const;
const NOT_WATCHED = { glyph: '·', ascii: '.', label: 'not watched' };

export function dayGlyph(uptime: number | null, ascii: boolean): string {
  if (uptime === null) return ascii ? NOT_WATCHED.ascii : NOT_WATCHED.glyph;
  const band = BANDS.find((b) => uptime >= b.from) ?? BANDS[3];
  return ascii ? band.ascii : band.glyph;
}

/** One glyph per day, oldest first, at most `width` (the newest days kept). */
export function uptimeStrip(days: readonly UptimeRow[], width: number, ascii: boolean): string {
  const shown = days.slice(Math.max(0, days.length - Math.max(0, width)));
  return shown.map((d) => dayGlyph(d.uptime, ascii)).join('');
}

/** `█ 100% ▆ ≥99% ▄ ≥90% ▂ <90% · not watched`: what each glyph of the strip means. */
export function stripLegend(ascii: boolean): string {
  const mark = (b: { glyph: string; ascii: string; label: string }) =>
    `${ascii ? b.ascii : b.glyph} ${ascii ? b.label.replace('≥', '>=') : b.label}`;
  return [...BANDS, NOT_WATCHED].map(mark).join(' ');
}

const when = (s: number) => formatDateTime(s * 1000).slice(5, 16);

/**
 * `06-12 03:10–03:15  back 06-12 05:24  2h 14m  listing`: when it went (between the last time
 * known connected and the first known missing), when it came back, for how long, how it was known.
 */
export function incidentCells(i: Incident, ascii: boolean): [string, string, string, string] {
  const dash = ascii ? '-' : '–';
  const first = when(i.firstMissingAt);
  const last = i.lastPresentAt === null ? undefined : when(i.lastPresentAt);
  // The same day: the second time alone.
  const went =
    last === undefined
      ? `by ${first}`
      : last.slice(0, 5) === first.slice(0, 5)
        ? `${last}${dash}${first.slice(6)}`
        : `${last}${dash}${first}`;
  const back = i.ongoing ? 'still down' : i.backAt === null ? 'not watched' : when(i.backAt);
  const lasted = `${i.backAt === null ? (ascii ? '>= ' : '≥ ') : ''}${formatDuration(i.durationS * 1000)}`;
  return [went, back, lasted, i.filled ? `${i.how}, filled` : i.how];
}
