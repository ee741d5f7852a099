/**
 * `buildStatement`: a statement as a pure function of the history (plain data per account, as
 * the store answers it), each account's contract terms and the window. Every format is written
 * from its result, so CSV, JSON, Markdown and HTML carry the same figures.
 *
 * Uptime is by worker-hours: Σ up ÷ Σ (up + down) over the account's workers, where time not
 * watched counts in neither and is shown apart, and so is time known from the pool's series
 * (filled). The flap filter is presence.ts's.
 */
import { creditOwed } from './credit.js';
import { isBelow, percentText } from './exact.js';
import { OutageColumns } from './outage-table.js';
import { DAY_S, DaySums, emptySplit, mergedPeriods, workerPresence } from './presence.js';
import { rewardSummaries } from './reward-sums.js';
import { statementRules } from './rules-text.js';
import type {
  AccountHistory,
  AccountStatement,
  ContractTerms,
  DayRow,
  RateSeries,
  SecondsSplit,
  Statement,
  StatementInput,
  StatementOptions,
  StatementWindow,
  UptimeFigure,
  WorkerRow,
} from './types.js';

export const SAMPLE_SECONDS = 300;

const dayText = (day: number) => new Date(day * DAY_S * 1000).toISOString().slice(0, 10);

export function uptimeFigure(split: SecondsSplit): UptimeFigure {
  return { ...split, percent: percentText(split.up, split.up + split.down) };
}

/** Mean of a series' points whose bucket starts in [from, to); null without one. */
function seriesMean(series: RateSeries | null, from: number, to: number): number | null {
  if (!series) return null;
  let sum = 0;
  let n = 0;
  const { start, step, rates } = series;
  const first = Math.max(0, Math.ceil((from - start) / step));
  const end = Math.min(rates.length, Math.ceil((to - start) / step));
  for (let i = first; i < end; i++) {
    const r = rates[i]!;
    // Finite: NaN and ±Infinity leave r − r not 0.
    if (r - r === 0) {
      sum += r;
      n++;
    }
  }
  return n === 0 ? null : sum / n;
}

function seriesPoints(series: RateSeries | null, window: StatementWindow): [number, number][] {
  if (!series) return [];
  const out: [number, number][] = [];
  for (let i = 0; i < series.rates.length; i++) {
    const t = series.start + i * series.step;
    const r = series.rates[i]!;
    if (t >= window.from && t < window.to && Number.isFinite(r)) out.push([t, r]);
  }
  return out;
}

function accountStatement(
  history: AccountHistory,
  terms: ContractTerms,
  window: StatementWindow,
  sample: number,
): AccountStatement {
  const firstDay = Math.floor(window.from / DAY_S);
  const dayCount = Math.ceil(window.to / DAY_S) - firstDay;
  const days = new DaySums(firstDay, dayCount);
  const total = emptySplit();
  const outages = new OutageColumns(history.workers.map((w) => w.name));
  const filled: { from: number; to: number }[] = [];
  const workerRows: WorkerRow[] = [];
  for (const [index, worker] of history.workers.entries()) {
    const p = workerPresence(index, worker.spans, window, sample, terms.outageThreshold, days, outages);
    total.up += p.split.up;
    total.down += p.split.down;
    total.flaps += p.split.flaps;
    total.unwatched += p.split.unwatched;
    total.filled += p.split.filled;
    for (const f of p.filled) filled.push(f);
    workerRows.push({
      worker: worker.name,
      up: p.split.up,
      down: p.split.down,
      flaps: p.split.flaps,
      unwatched: p.split.unwatched,
      filled: p.split.filled,
      percent: percentText(p.split.up, p.split.up + p.split.down),
      outages: p.outages,
      longestOutage: p.longestOutage,
      meanHashrate: seriesMean(worker.hashrate, window.from, window.to),
    });
  }
  const dayRows: DayRow[] = [];
  for (let i = 0; i < dayCount; i++) {
    const dayStart = (firstDay + i) * DAY_S;
    const figure = uptimeFigure({
      up: days.up[i]!,
      down: days.down[i]!,
      flaps: days.flaps[i]!,
      unwatched: days.unwatched[i]!,
      filled: days.filled[i]!,
    });
    const row: DayRow = {
      date: dayText(firstDay + i),
      ...figure,
      meanHashrate: seriesMean(
        history.hashrate,
        Math.max(dayStart, window.from),
        Math.min(dayStart + DAY_S, window.to),
      ),
    };
    if (terms.sla !== undefined && figure.percent !== null)
      row.belowSla = isBelow(row.up, row.up + row.down, terms.sla);
    dayRows.push(row);
  }
  const mean = seriesMean(history.hashrate, window.from, window.to);
  const hashrate: AccountStatement['hashrate'] = {
    mean,
    step: history.hashrate?.step ?? null,
    points: seriesPoints(history.hashrate, window),
  };
  if (terms.contractedHashrate !== undefined) {
    hashrate.ofContracted = mean === null ? null : percentText(mean, terms.contractedHashrate);
  }
  const statement: AccountStatement = {
    account: history.account,
    terms,
    workers: history.workers.length,
    uptime: uptimeFigure(total),
    filledPeriods: mergedPeriods(filled),
    hashrate,
    days: dayRows,
    outages: outages.table(window.from),
    rewards: rewardSummaries(
      history.account,
      history.rewards,
      dayText(firstDay),
      dayText(firstDay + dayCount),
    ),
    workerRows,
    links: [...history.links],
  };
  if (terms.sla !== undefined) statement.daysBelowSla = dayRows.filter((d) => d.belowSla === true).length;
  const credit = creditOwed(terms, window, total.up, total.down);
  if (credit !== undefined) statement.credit = credit;
  return statement;
}

export function buildStatement(
  input: StatementInput,
  terms: (account: string) => ContractTerms,
  window: StatementWindow,
  options: StatementOptions,
): Statement {
  const sample = options.sampleSeconds ?? SAMPLE_SECONDS;
  const accounts: AccountStatement[] = [];
  for (const history of input.accounts)
    accounts.push(accountStatement(history, terms(history.account), window, sample));
  return {
    window,
    source: options.source,
    generatedAt: options.generatedAt,
    sampleSeconds: sample,
    rules: statementRules(sample, accounts),
    accounts,
  };
}
