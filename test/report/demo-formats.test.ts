/**
 * The demo's statement against an independent computation from the model, and the same figures
 * in CSV, JSON and HTML (each parsed back).
 */
import { describe, expect, it } from 'vitest';
import { demoHistory, demoTerms } from '../../src/report/demo-input.js';
import { buildStatement } from '../../src/report/statement.js';
import { termsFor } from '../../src/report/terms.js';
import type { Statement, StatementWindow } from '../../src/report/types.js';
import { statementCsv } from '../../src/report/write-csv.js';
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
    const json = JSON.parse(JSON.stringify(statementJson(s)));
    const csv = statementCsv(s)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    const html = statementHtml(s);
    const sections = html.split('<section class="account">').slice(1);
    expect(sections).toHaveLength(s.accounts.length);
    s.accounts.forEach((a, k) => {
      const figures: Record<string, string> = json.accounts[k].figures;
      const fromCsv = Object.fromEntries(
        csv.filter((r) => r[0] === a.account && r[1] === 'summary').map((r) => [r[3], r[4]]),
      );
      expect(fromCsv).toEqual(figures);
      const fromHtml = Object.fromEntries(
        [...sections[k]!.matchAll(/data-key="([^"]+)">([^<]*)</g)].map((m) => [
          m[1],
          m[2]!.replace(/&amp;/g, '&'),
        ]),
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
      expect(json.accounts[k].uptime.up).toBe(a.uptime.up);
    });
  });
});
