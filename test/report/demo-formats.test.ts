/**
 * The demo's statement against an independent computation from the model, and the same figures
 * in CSV, JSON and HTML (each parsed back).
 */
import { describe, expect, it } from 'vitest';
import { demoHistory, demoTerms } from '../../src/report/demo-input.js';
import { buildStatement } from '../../src/report/statement.js';
import { termsFor } from '../../src/report/terms.js';
import type { Statement, StatementWindow } from '../../src/report/types.js';
import { CSV_TABLES, statementCsv } from '../../src/report/write-csv.js';
import { statementHtml } from '../../src/report/write-html.js';
import { statementJson } from '../../src/report/write-json.js';
import { shownValue } from '../../src/report/shown.js';
import { createMiningModel } from '../../src/service/mining-model.js';

const NOW_MS = Date.UTC(2025, 6, 9, 12);
const FROM = Date.UTC(2025, 5, 1) / 1000;
const WINDOW: StatementWindow = {
  from: FROM,
  to: Date.UTC(2025, 6, 1) / 1000,
  label: '2025-06',
  calendarMonth: true,
};
const model = createMiningModel({ seed: 1, accounts: 3, workers: 40, startMs: NOW_MS });
const table = demoTerms(model);

function statement(names: string[]): Statement {
  const input = { accounts: demoHistory(model, names, WINDOW, NOW_MS / 1000) };
  return buildStatement(input, (a) => termsFor(table, {}, a), WINDOW, {
    source: 'demo service',
    generatedAt: NOW_MS / 1000,
  });
}

/**
 * Written from the model alone: the demo watches every 120 s from day 3 (days 1–2 are hourly
 * buckets of the pool's series, zero = down), not on the 17th 09:00–15:30; a look finds a worker
 * missing when the model has it offline. A missing look counts as out when another missing look
 * of the same worker is within an hour and they are not in the same stretch, or its stretch
 * covers two 5-minute instants — counted here instant by instant.
 */
function independent(name: string): { up: number; down: number } {
  const account = model.find(name)!;
  let up = 0;
  let down = 0;
  const watchFrom = FROM + 2 * 86_400;
  const gap = [FROM + 16 * 86_400 + 9 * 3600, FROM + 16 * 86_400 + 15.5 * 3600];
  for (let i = 0; i < account.fleet.size; i++) {
    // Stretches: [start, end, missing]; the filled hours first, each a stretch of its own.
    const stretches: [number, number, boolean][] = [];
    for (let t = FROM; t < watchFrom; t += 3600)
      stretches.push([t, t + 3600, account.fleet.averageRate(i, t, 3600) === 0]);
    for (let t = watchFrom; t < WINDOW.to; t += 120) {
      if (t >= gap[0]! && t < gap[1]!) continue;
      const missing = account.fleet.stateAt(i, t) === 'offline';
      const last = stretches.at(-1);
      const end = Math.min(t + 120, t >= gap[0]! - 120 && t < gap[0]! ? gap[0]! : WINDOW.to);
      if (last && last[2] === missing && last[1] === t && t > watchFrom) last[1] = end;
      else stretches.push([t, end, missing]);
    }
    const instants: { t: number; k: number }[] = [];
    stretches.forEach(([s, e, missing], k) => {
      if (!missing) return;
      for (let t = Math.ceil(s / 300) * 300; t < e; t += 300) instants.push({ t, k });
    });
    const out = new Set<number>();
    for (const a of instants) {
      if (instants.some((b) => b !== a && Math.abs(b.t - a.t) < 3600)) out.add(a.k);
    }
    stretches.forEach(([s, e, missing], k) => {
      if (missing && out.has(k)) down += e - s;
      else up += e - s;
    });
  }
  return { up, down };
}

describe('the demo statement', () => {
  const s = statement([]);

  it('has one account under its SLA and one over', () => {
    const verdicts = s.accounts.map((a) => (a.credit && Number(a.credit.amount) > 0 ? 'under' : 'over'));
    expect(verdicts).toContain('under');
    expect(verdicts).toContain('over');
  });

  it('agrees with an independent computation of uptime and credit from the model', () => {
    const a = s.accounts[0]!;
    const { up, down } = independent(a.account);
    expect(a.uptime.up).toBe(up);
    expect(a.uptime.down).toBe(down);
    const sla = Number(a.terms.sla) / 100;
    const uptime = up / (up + down);
    const credit = Math.max(0, (Number(a.terms.monthlyFee) * (sla - uptime)) / sla);
    expect(Number(a.credit!.amount)).toBeCloseTo(credit, 2);
    expect(a.uptime.percent).toBe((uptime * 100).toFixed(2));
  });

  it('carries the same figures in CSV, JSON and HTML', () => {
    const json = JSON.parse(statementJson(s).join('')) as JsonStatement;
    const csv = Object.fromEntries(CSV_TABLES.map((t) => [t, csvTable(statementCsv(s, t).join(''))]));
    const html = statementHtml(s);
    const sections = html.split('<section class="account">').slice(1);
    expect(sections).toHaveLength(s.accounts.length);
    expect(json.rules).toEqual(s.rules);
    s.accounts.forEach((a, k) => {
      const ja = json.accounts[k]!;
      const mine = (t: string) => csv[t]!.filter((r) => r.account === a.account);
      const section = sections[k]!;

      // Summary: the CSV's row, JSON's figures and the HTML's marked figures.
      const figures = ja.figures;
      const { account: _a, window, ...summary } = mine('summary')[0]!;
      expect(window).toBe(s.window.label);
      expect(Object.fromEntries(Object.entries(summary).filter(([, v]) => v !== ''))).toEqual(figures);
      const fromHtml = Object.fromEntries(
        [...section.matchAll(/data-key="([^"]+)">([^<]*)</g)].map((m) => [m[1], htmlText(m[2]!)]),
      );
      for (const [key, value] of Object.entries(figures)) {
        if (key in fromHtml) expect(fromHtml[key], key).toBe(shownValue(key, value));
      }
      for (const key of [
        'uptime_percent',
        'credit',
        'rewards_btc_successful_total',
        'days_below_sla',
        'outages',
      ]) {
        if (key in figures) expect(fromHtml, key).toHaveProperty(key);
      }
      expect(ja.uptime.up).toBe(a.uptime.up);

      // Workers: JSON's seconds are the CSV's hours; the HTML's table shows the CSV's text.
      const workers = rowsOf(ja.workerRows);
      const csvWorkers = mine('workers');
      const htmlWorkers = [
        ...section.matchAll(
          /<tr><td class="name">([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>(\d+)<\/td>/g,
        ),
      ];
      expect(workers).toHaveLength(a.workers);
      expect(csvWorkers).toHaveLength(a.workers);
      expect(htmlWorkers).toHaveLength(a.workers);
      workers.forEach((w, i) => {
        const c = csvWorkers[i]!;
        const h = htmlWorkers[i]!;
        expect(c.worker).toBe(w.worker);
        expect(htmlText(h[1]!)).toBe(w.worker);
        expect(c.uptime_percent).toBe(w.percent ?? '');
        for (const [col, key] of [
          ['up_hours', 'up'],
          ['down_hours', 'down'],
          ['flap_hours', 'flaps'],
          ['unwatched_hours', 'unwatched'],
          ['filled_hours', 'filled'],
        ] as const) {
          expect(
            Math.abs(Number(c[col]) - (w[key] as number) / 3600),
            `${w.worker} ${col}`,
          ).toBeLessThanOrEqual(0.005);
        }
        expect(c.outages).toBe(String(w.outages));
        expect(c.longest_outage_s).toBe(String(w.longestOutage));
        expect(c.mean_hashrate_hs).toBe(w.meanHashrate === null ? '' : String(w.meanHashrate));
        expect([h[2], h[3], h[4], h[5], h[6], h[7]]).toEqual([
          c.uptime_percent === '' ? '—' : `${c.uptime_percent} %`,
          c.up_hours,
          c.down_hours,
          c.flap_hours,
          c.unwatched_hours,
          c.outages,
        ]);
      });

      // Days: the same in JSON and CSV; the HTML's bars say each day's percent.
      const days = rowsOf(ja.days);
      const csvDays = mine('days');
      expect(days.map((d) => d.date)).toEqual(csvDays.map((d) => d.date));
      days.forEach((d, i) => {
        const c = csvDays[i]!;
        expect(c.uptime_percent).toBe(d.percent ?? '');
        expect(Math.abs(Number(c.down_hours) - (d.down as number) / 3600)).toBeLessThanOrEqual(0.005);
        expect(c.below_sla).toBe(d.belowSla === null ? '' : d.belowSla ? 'yes' : 'no');
        expect(c.mean_hashrate_hs).toBe(d.meanHashrate === null ? '' : String(d.meanHashrate));
        if (d.percent !== null) expect(section).toContain(`<title>${d.date}: ${d.percent} %`);
      });

      // Outages: all in JSON and CSV, in the same order; the HTML's longest are among them.
      const outages = rowsOf(ja.outages);
      const csvOutages = mine('outages');
      expect(outages).toHaveLength(a.outages.length);
      expect(csvOutages).toHaveLength(a.outages.length);
      const utc = (t: unknown) =>
        t === null ? '' : new Date((t as number) * 1000).toISOString().slice(0, 19).replace('T', ' ');
      outages.forEach((o, i) => {
        const c = csvOutages[i]!;
        expect(c).toEqual({
          account: a.account,
          worker: o.worker,
          start_utc: utc(o.start),
          end_utc: utc(o.end),
          seconds: String(o.seconds),
          last_present_utc: utc(o.lastPresentAt),
          first_missing_utc: utc(o.firstMissingAt),
          filled: o.filled ? 'yes' : 'no',
        });
      });
      const listed = [
        ...section.matchAll(/<tr><td class="name">([^<]*)<\/td><td>(\d{4}-\d\d-\d\d \d\d:\d\d)<\/td>/g),
      ];
      expect(listed.length).toBe(Math.min(10, a.outages.length));
      for (const m of listed) {
        expect(
          csvOutages.some((c) => c.worker === htmlText(m[1]!) && c.start_utc!.slice(0, 16) === m[2]),
        ).toBe(true);
      }

      // The hash-rate series: JSON's rates are the chart's points, in whole H/s.
      const points = a.hashrate.points;
      expect(ja.hashrate.start).toBe(points[0]?.[0] ?? null);
      expect(ja.hashrate.rates.filter((r) => r !== null)).toEqual(points.map(([, r]) => Math.round(r)));
      expect(ja.hashrate.step).toBe(a.hashrate.step);

      // Links: the same in each.
      expect(ja.links).toEqual(a.links);
      expect(mine('links').map((l) => l.link)).toEqual(a.links.map((l) => l.link ?? ''));
    });
  });
});

type Row = Record<string, unknown>;
interface JsonTable {
  columns: string[];
  rows: unknown[][];
}
interface JsonStatement {
  rules: string[];
  accounts: {
    figures: Record<string, string>;
    uptime: { up: number };
    workerRows: JsonTable;
    days: JsonTable;
    outages: JsonTable;
    hashrate: { start: number | null; step: number | null; rates: (number | null)[] };
    links: unknown[];
  }[];
}

const rowsOf = (t: JsonTable): Row[] =>
  t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));

const htmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A CSV table as records keyed by its header (RFC 4180 quoting). */
function csvTable(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  const [head, ...rest] = records;
  for (const r of rest) expect(r).toHaveLength(head!.length);
  return rest.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i]!])));
}
