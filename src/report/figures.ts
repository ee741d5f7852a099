/**
 * A statement's figures as the exact text every format writes: each account's summary, its
 * days, its workers and its outages, keyed by the names CSV and JSON use. Markdown and HTML
 * show the same strings with a label, so the numbers cannot differ between formats. Pure.
 */
import { ratio, written } from './exact.js';
import type { AccountStatement, DayRow, RewardSummary, WorkerRow } from './types.js';

export interface Figure {
  key: string;
  label: string;
  value: string;
}

/**
 * Worker-seconds as hours, 2 places, half up: s ÷ 36 hundredths, in doubles while they are
 * exact (a table of a million rows calls this millions of times), else exactly in BigInt.
 */
export function hours(seconds: number): string {
  const s = Math.round(seconds);
  if (!(s >= 0 && s < 2 ** 40)) return written(ratio(s, 3600), 2);
  const q = Math.floor((2 * s + 36) / 72);
  const c = q % 100;
  return `${(q - c) / 100}.${c < 10 ? '0' : ''}${c}`;
}

/** H/s as whole H/s (the unit of every hash rate in the CSV and JSON). */
export const rateText = (hs: number): string => String(Math.round(hs));

/** `2025-06-03 14:02 UTC`-style time, without the zone (every time in a statement is UTC). */
export const utcMinute = (sec: number): string =>
  new Date(sec * 1000).toISOString().slice(0, 16).replace('T', ' ');

export function summaryFigures(a: AccountStatement): Figure[] {
  const f: Figure[] = [];
  const add = (key: string, label: string, value: string | null | undefined) => {
    if (value !== undefined && value !== null) f.push({ key, label, value });
  };
  add('workers', 'Workers', String(a.workers));
  add('uptime_percent', 'Uptime', a.uptime.percent);
  add('sla_percent', 'SLA', a.terms.sla);
  add(
    'days_below_sla',
    'Days below the SLA',
    a.daysBelowSla === undefined ? undefined : String(a.daysBelowSla),
  );
  add('up_hours', 'Worker-hours up', hours(a.uptime.up));
  add('down_hours', 'Worker-hours down', hours(a.uptime.down));
  add('flap_hours', 'Flaps counted as up (worker-hours)', hours(a.uptime.flaps));
  add('unwatched_hours', 'Worker-hours not watched', hours(a.uptime.unwatched));
  add('filled_hours', 'Worker-hours filled from the pool\u2019s series', hours(a.uptime.filled));
  add(
    'mean_hashrate_hs',
    'Mean hash rate (H/s)',
    a.hashrate.mean === null ? null : rateText(a.hashrate.mean),
  );
  add(
    'contracted_hashrate_hs',
    'Contracted hash rate (H/s)',
    a.terms.contractedHashrate === undefined ? undefined : rateText(a.terms.contractedHashrate),
  );
  add('hashrate_of_contracted_percent', 'Mean of contracted', a.hashrate.ofContracted);
  add('outage_threshold_s', 'Outage threshold (s)', String(a.terms.outageThreshold));
  add('outages', 'Outages at least the threshold', String(a.outages.length));
  for (const r of a.rewards) f.push(...rewardFigures(r));
  if (a.credit) {
    add('fee', 'Fee for the window', a.credit.fee);
    add('currency', 'Currency', a.credit.currency);
    add('credit_rule', 'Credit rule', a.credit.rule);
    if (a.credit.tier !== undefined)
      add('credit_tier_below', 'Tier applied (uptime below)', a.credit.tier ?? 'none');
    add('credit', 'Credit owed', a.credit.amount);
  }
  return f;
}

function rewardFigures(r: RewardSummary): Figure[] {
  const c = (r.currency ?? 'unknown').toLowerCase();
  const C = r.currency ?? '';
  const out: Figure[] = [];
  for (const status of ['successful', 'pending', 'canceled', 'other'] as const) {
    const s = r[status];
    if (status === 'other' && s.days === 0) continue;
    out.push(
      { key: `rewards_${c}_${status}_days`, label: `Rewards ${status}: days`, value: String(s.days) },
      { key: `rewards_${c}_${status}_total`, label: `Rewards ${status}: total ${C}`, value: s.total },
      { key: `rewards_${c}_${status}_fee`, label: `Rewards ${status}: pool fee ${C}`, value: s.fee },
      { key: `rewards_${c}_${status}_reward`, label: `Rewards ${status}: net ${C}`, value: s.reward },
    );
  }
  if (r.yieldPerTh !== null) {
    out.push({ key: `yield_${c}_per_th_day`, label: `Yield per TH/s per day ${C}`, value: r.yieldPerTh });
  }
  return out;
}

export const DAY_COLUMNS = [
  'date',
  'uptime_percent',
  'up_hours',
  'down_hours',
  'flap_hours',
  'unwatched_hours',
  'filled_hours',
  'mean_hashrate_hs',
  'below_sla',
] as const;

export function dayCells(d: DayRow): string[] {
  return [
    d.date,
    d.percent ?? '',
    hours(d.up),
    hours(d.down),
    hours(d.flaps),
    hours(d.unwatched),
    hours(d.filled),
    d.meanHashrate === null ? '' : rateText(d.meanHashrate),
    d.belowSla === undefined ? '' : d.belowSla ? 'yes' : 'no',
  ];
}

export const WORKER_COLUMNS = [
  'worker',
  'uptime_percent',
  'up_hours',
  'down_hours',
  'flap_hours',
  'unwatched_hours',
  'filled_hours',
  'outages',
  'longest_outage_s',
  'mean_hashrate_hs',
] as const;

export function workerCells(w: WorkerRow): string[] {
  return [
    w.worker,
    w.percent ?? '',
    hours(w.up),
    hours(w.down),
    hours(w.flaps),
    hours(w.unwatched),
    hours(w.filled),
    String(w.outages),
    String(w.longestOutage),
    w.meanHashrate === null ? '' : rateText(w.meanHashrate),
  ];
}

export const OUTAGE_COLUMNS = [
  'worker',
  'start_utc',
  'end_utc',
  'seconds',
  'last_present_utc',
  'first_missing_utc',
  'filled',
] as const;

const DAY_SECONDS = 86_400;
const dayTexts = new Map<number, string>();
/** `HH:MM:SS` of each second of a day, made on first use: a Date per time is slow at a million. */
let clockTexts: string[] | undefined;

function clockText(second: number): string {
  if (!clockTexts) {
    const two = (n: number) => (n < 10 ? `0${n}` : String(n));
    clockTexts = Array.from(
      { length: DAY_SECONDS },
      (_, t) => `${two(Math.floor(t / 3600))}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)}`,
    );
  }
  return clockTexts[second]!;
}

/**
 * A UTC time to the second as spreadsheets read a date-time (`2025-06-03 14:02:00`; with ISO's
 * `T` and `Z` they keep it as text); '' for none.
 */
export function utcSecond(sec: number | null): string {
  if (sec === null) return '';
  if (!Number.isInteger(sec)) return new Date(sec * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const day = Math.floor(sec / DAY_SECONDS);
  // The day with its space: one join per time.
  let date = dayTexts.get(day);
  if (date === undefined) {
    date = `${new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10)} `;
    dayTexts.set(day, date);
  }
  return date + clockText(sec - day * DAY_SECONDS);
}
