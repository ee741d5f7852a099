/**
 * A statement as JSON data: the Statement (seconds, exact decimal strings) with each account's
 * summary figures beside it under `figures`, as the CSV names them. Its big tables (`days`,
 * `workerRows`, `outages`) are `{columns, rows}`, one array a row and one row a line, rather
 * than an object a row repeating every key; the hash-rate points are `{start, step, rates}`
 * (null where there is no point) rather than [time, rate] pairs. Hash rates are whole H/s, as
 * in the CSV. Pure; the command passes the text through its terminal-safe JSON escape.
 */
import { summaryFigures } from './figures.js';
import { TextChunks } from './text-chunks.js';
import type { AccountStatement, DayRow, OutageTable, Statement, WorkerRow } from './types.js';

/** Written as one JSON line (a list of columns, a series' rates). */
class OneLine {
  constructor(readonly text: string) {}
}

/** A table's n rows, written one JSON array a line: row i with `lead` (its indent) before it. */
class Rows {
  constructor(
    readonly n: number,
    readonly row: (i: number, lead: string) => string,
  ) {}
}

const one = (value: unknown) => new OneLine(JSON.stringify(value));
const json = (v: string | number | boolean | null) => JSON.stringify(v);
const rate = (hs: number | null) => (hs === null ? 'null' : String(Math.round(hs)));

export const DAY_JSON_COLUMNS = [
  'date',
  'percent',
  'up',
  'down',
  'flaps',
  'unwatched',
  'filled',
  'meanHashrate',
  'belowSla',
] as const;

const dayRow = (d: DayRow) =>
  `[${json(d.date)},${json(d.percent)},${d.up},${d.down},${d.flaps},${d.unwatched},${d.filled},${rate(d.meanHashrate)},${json(d.belowSla ?? null)}]`;

export const WORKER_JSON_COLUMNS = [
  'worker',
  'percent',
  'up',
  'down',
  'flaps',
  'unwatched',
  'filled',
  'outages',
  'longestOutage',
  'meanHashrate',
] as const;

const workerRow = (w: WorkerRow) =>
  `[${json(w.worker)},${json(w.percent)},${w.up},${w.down},${w.flaps},${w.unwatched},${w.filled},${w.outages},${w.longestOutage},${rate(w.meanHashrate)}]`;

export const OUTAGE_JSON_COLUMNS = [
  'worker',
  'start',
  'end',
  'seconds',
  'lastPresentAt',
  'firstMissingAt',
  'filled',
] as const;

const time = (t: number) => (Number.isNaN(t) ? 'null' : String(t));

/**
 * The outages' rows. Each is joined from one reused array, so it is made flat at once rather
 * than as a chain of joins flattened later: a million rows.
 */
function outageRows(t: OutageTable) {
  const f = new Array<string>(OUTAGE_JSON_COLUMNS.length);
  // Each worker's `lead[name` once.
  const opened: string[] = [];
  return {
    columns: one(OUTAGE_JSON_COLUMNS),
    rows: new Rows(t.length, (i, lead) => {
      const w = t.worker[i]!;
      f[0] = opened[w] ??= `${lead}[${JSON.stringify(t.names[w] ?? '')}`;
      f[1] = String(t.start[i]);
      f[2] = String(t.end[i]);
      f[3] = String(t.seconds[i]);
      f[4] = time(t.lastPresentAt[i]!);
      f[5] = time(t.firstMissingAt[i]!);
      f[6] = t.filled[i] === 1 ? 'true]' : 'false]';
      return f.join(',');
    }),
  };
}

function rows<T>(columns: readonly string[], items: readonly T[], row: (item: T) => string) {
  return { columns: one(columns), rows: new Rows(items.length, (i, lead) => lead + row(items[i]!)) };
}

function hashrate(a: AccountStatement) {
  const { points, ...rest } = a.hashrate;
  const out: Record<string, unknown> = {
    ...rest,
    mean: a.hashrate.mean === null ? null : Math.round(a.hashrate.mean),
  };
  const step = a.hashrate.step;
  const start = points[0]?.[0];
  if (step === null || start === undefined) return { ...out, start: null, rates: one([]) };
  const last = points.at(-1)![0];
  const rates: (number | null)[] = new Array(Math.round((last - start) / step) + 1).fill(null);
  for (const [t, r] of points) rates[Math.round((t - start) / step)] = Math.round(r);
  return { ...out, start, rates: one(rates) };
}

function account(a: AccountStatement) {
  return {
    account: a.account,
    terms: a.terms,
    figures: Object.fromEntries(summaryFigures(a).map((f) => [f.key, f.value])),
    workers: a.workers,
    uptime: a.uptime,
    daysBelowSla: a.daysBelowSla,
    filledPeriods: a.filledPeriods,
    hashrate: hashrate(a),
    days: rows(DAY_JSON_COLUMNS, a.days, dayRow),
    rewards: a.rewards,
    credit: a.credit,
    workerRows: rows(WORKER_JSON_COLUMNS, a.workerRows, workerRow),
    outages: outageRows(a.outages),
    links: a.links,
  };
}

/** `value` as JSON indented by two spaces, a OneLine as its line; undefined members left out. */
function write(value: unknown, pad: string, out: TextChunks): void {
  if (value instanceof OneLine) {
    out.push(value.text);
    return;
  }
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  const inner = `${pad}  `;
  if (value instanceof Rows) {
    const { n, row } = value;
    if (n === 0) {
      out.push('[]');
      return;
    }
    out.push('[\n');
    for (let i = 0; i < n; i++) {
      out.push(row(i, inner));
      out.push(i + 1 < n ? ',\n' : '\n');
    }
    out.push(`${pad}]`);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    out.push('[\n');
    value.forEach((v, i) => {
      out.push(inner);
      write(v, inner, out);
      out.push(i + 1 < value.length ? ',\n' : '\n');
    });
    out.push(`${pad}]`);
    return;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) {
    out.push('{}');
    return;
  }
  out.push('{\n');
  entries.forEach(([k, v], i) => {
    out.push(`${inner}${JSON.stringify(k)}: `);
    write(v, inner, out);
    out.push(i + 1 < entries.length ? ',\n' : '\n');
  });
  out.push(`${pad}}`);
}

/** The JSON text in chunks, to be written one after another (text-chunks.ts). */
export function statementJson(s: Statement): string[] {
  const out = new TextChunks();
  write(
    {
      window: s.window,
      source: s.source,
      generatedAt: s.generatedAt,
      sampleSeconds: s.sampleSeconds,
      rules: s.rules,
      accounts: s.accounts.map(account),
    },
    '',
    out,
  );
  out.push('\n');
  return out.done();
}
