import { describe, expect, it } from 'vitest';
import { buildStatement } from '../../src/report/statement.js';
import { termsFor, termsFromToml } from '../../src/report/terms.js';
import type { AccountHistory, ContractTerms, PresenceSpan, StatementWindow } from '../../src/report/types.js';
import { longestOutages, outageAt } from '../../src/report/outage-table.js';
import { CSV_TABLES, statementCsv } from '../../src/report/write-csv.js';
import { statementHtml } from '../../src/report/write-html.js';
import { statementMarkdown } from '../../src/report/write-markdown.js';

const DAY = 86_400;
const FROM = Date.UTC(2025, 5, 1) / 1000;
const JUNE: StatementWindow = { from: FROM, to: FROM + 30 * DAY, label: '2025-06', calendarMonth: true };
const BASE: ContractTerms = { outageThreshold: 1800, creditRule: 'pro-rata' };

const up = (start: number, end: number): PresenceSpan => ({ state: 'up', start, end, filled: false });
const down = (start: number, end: number, filled = false): PresenceSpan => ({
  state: 'down',
  start,
  end,
  filled,
  lastPresentAt: start - 60,
  firstMissingAt: start,
});

function account(spans: PresenceSpan[][], extra: Partial<AccountHistory> = {}): AccountHistory {
  return {
    account: 'farm',
    workers: spans.map((s, i) => ({ name: `rig-${i}`, spans: s, hashrate: null })),
    hashrate: null,
    rewards: [],
    links: [],
    ...extra,
  };
}

const build = (a: AccountHistory, terms: Partial<ContractTerms> = {}, window = JUNE) =>
  buildStatement({ accounts: [a] }, () => ({ ...BASE, ...terms }), window, {
    source: 'test',
    generatedAt: 0,
  });

describe('outages', () => {
  it('are in order of start, then worker, whole seconds or not, with the longest ten apart', () => {
    // Out of order, equal starts across workers, and a start that is not a whole second.
    const starts = [[5, 1, 3], [3, 1], [4.5, 1], [3]];
    const spans = starts.map((hs) =>
      hs.map((h) => down(FROM + h * DAY, FROM + h * DAY + (2 + h) * 3600)).sort(() => -1),
    );
    const expected = starts
      .flatMap((hs, w) => hs.map((h) => ({ worker: `rig-${w}`, start: FROM + h * DAY })))
      .sort((a, b) => a.start - b.start || a.worker.localeCompare(b.worker));
    for (const names of [
      ['rig-0', 'rig-1', 'rig-2', 'rig-3'],
      ['rig-3', 'rig-2', 'rig-1', 'rig-0'],
    ]) {
      const history = account(spans);
      const workers = names.map((n) => history.workers.find((w) => w.name === n)!);
      const whole = build({
        ...history,
        workers: workers.map((w) => ({ ...w, spans: w.spans.filter((x) => Number.isInteger(x.start)) })),
      });
      const any = build({ ...history, workers });
      for (const [s, list] of [
        [whole, expected.filter((o) => Number.isInteger(o.start))],
        [any, expected],
      ] as const) {
        const t = s.accounts[0]!.outages;
        expect(
          Array.from({ length: t.length }, (_, i) => outageAt(t, i)).map(({ worker, start }) => ({
            worker,
            start,
          })),
        ).toEqual(list);
      }
      const longest = longestOutages(any.accounts[0]!.outages, 3).map((o) => [
        o.worker,
        (o.start - FROM) / DAY,
      ]);
      expect(longest).toEqual([
        ['rig-0', 5],
        ['rig-2', 4.5],
        ['rig-0', 3],
      ]);
    }
  });
});

describe('uptime by worker-hours', () => {
  it('counts up and down worker-seconds, not watched apart, and gaps as not watched', () => {
    const end = JUNE.to;
    // rig-0: down 3 h on day 2; rig-1: nothing recorded for the first day.
    const s = build(
      account([
        [up(FROM, FROM + DAY), down(FROM + DAY, FROM + DAY + 3 * 3600), up(FROM + DAY + 3 * 3600, end)],
        [up(FROM + DAY, end)],
      ]),
    );
    const a = s.accounts[0]!;
    expect(a.uptime.down).toBe(3 * 3600);
    expect(a.uptime.unwatched).toBe(DAY);
    expect(a.uptime.up).toBe(30 * DAY - 3 * 3600 + 29 * DAY);
    expect(a.uptime.percent).toBe(((100 * a.uptime.up) / (a.uptime.up + a.uptime.down)).toFixed(2));
    expect(a.days[1]!.down).toBe(3 * 3600);
    expect(a.days[0]!.unwatched).toBe(DAY);
    expect(a.outages).toHaveLength(1);
    expect(outageAt(a.outages, 0)).toMatchObject({
      worker: 'rig-0',
      seconds: 3 * 3600,
      lastPresentAt: FROM + DAY - 60,
    });
  });

  it('lets a lone drop between two samples go (a flap), and counts two drops less than an hour apart', () => {
    const t = FROM + 10 * DAY;
    // 90 s down at 12:01: holds no 5-minute instant → a flap, counted up.
    const lone = [up(FROM, t + 60), down(t + 60, t + 150), up(t + 150, JUNE.to)];
    // Two 100 s drops over the instants 12:05 and 12:35: two samples 30 min apart → out.
    const twice = [
      up(FROM, t + 250),
      down(t + 250, t + 350),
      up(t + 350, t + 2050),
      down(t + 2050, t + 2150),
      up(t + 2150, JUNE.to),
    ];
    // One such drop alone: one sample → not out.
    const once = [up(FROM, t + 250), down(t + 250, t + 350), up(t + 350, JUNE.to)];
    const s = build(account([lone, twice, once]));
    const rows = s.accounts[0]!.workerRows;
    expect(rows[0]).toMatchObject({ down: 0, flaps: 90 });
    expect(rows[1]).toMatchObject({ down: 200, flaps: 0 });
    expect(rows[2]).toMatchObject({ down: 0, flaps: 100 });
    expect(s.rules.join(' ')).toMatch(/at least two 5m 00s samples/);
  });

  it('marks time filled from the pool series and lists the periods', () => {
    const s = build(
      account([
        [
          { state: 'up', start: FROM, end: FROM + DAY, filled: true },
          down(FROM + DAY, FROM + DAY + 3600, true),
          up(FROM + DAY + 3600, JUNE.to),
        ],
      ]),
    );
    const a = s.accounts[0]!;
    expect(a.uptime.filled).toBe(DAY + 3600);
    expect(a.filledPeriods).toEqual([{ from: FROM, to: FROM + DAY + 3600 }]);
    expect(outageAt(a.outages, 0).filled).toBe(true);
  });
});

describe('credit owed', () => {
  // 2 workers × 30 days; rig-0 down 72 h: uptime = 1 − 72/1440 = 95 % exactly.
  const history = account([[down(FROM, FROM + 3 * DAY), up(FROM + 3 * DAY, JUNE.to)], [up(FROM, JUNE.to)]]);

  it('pro rata: fee × (SLA − uptime) ÷ SLA, exact; none at or above the SLA', () => {
    expect(build(history, { sla: '99', monthlyFee: '1200', currency: 'USDT' }).accounts[0]!.credit).toEqual({
      rule: 'pro-rata',
      fee: '1200.00',
      currency: 'USDT',
      amount: '48.48', // 1200 × 4/99 = 48.4848…
    });
    expect(build(history, { sla: '95', monthlyFee: '1200' }).accounts[0]!.credit?.amount).toBe('0.00');
    expect(
      build(history, { sla: '96', monthlyFee: '0.5', currency: 'BTC' }).accounts[0]!.credit?.amount,
    ).toBe('0.00520833');
  });

  it('pro rata over a window that is not one month takes the fee × days ÷ 30', () => {
    const half: StatementWindow = { from: FROM, to: FROM + 15 * DAY, label: 'x', calendarMonth: false };
    const credit = build(history, { sla: '99', monthlyFee: '1200' }, half).accounts[0]!.credit;
    // Uptime over 15 days: 1 − 72/720 = 90 %; fee 600; 600 × 9/99.
    expect(credit).toMatchObject({ fee: '600.00', amount: '54.55' });
  });

  it('tiered: the credit of the lowest tier the uptime is under', () => {
    const tiers = [
      { below: '99', credit: '5' },
      { below: '97.5', credit: '10' },
      { below: '95', credit: '25' },
    ];
    const c = build(history, { creditRule: 'tiered', creditTiers: tiers, monthlyFee: '1000' }).accounts[0]!
      .credit;
    expect(c).toMatchObject({ amount: '100.00', tier: '97.5' });
  });

  it('a missing term leaves its figure out', () => {
    const a = build(history).accounts[0]!;
    expect(a.credit).toBeUndefined();
    expect(a.daysBelowSla).toBeUndefined();
    expect(a.hashrate.ofContracted).toBeUndefined();
    const [head, row] = statementCsv(build(history)).join('').split('\r\n');
    expect(head).not.toMatch(/,credit\b|,sla_percent|days_below_sla/);
    const summary = Object.fromEntries(head!.split(',').map((k, i) => [k, row!.split(',')[i]]));
    expect(summary).toMatchObject({ account: 'farm', window: '2025-06', uptime_percent: '95.00' });
  });
});

describe('rewards', () => {
  it('sums successful, pending and canceled apart, exactly, with the yield of the days not canceled', () => {
    const row = (date: string, total: string, status: string) => ({
      date,
      currency: 'BTC',
      total,
      fee: '0.00000001',
      reward: total,
      hashRate: 1e15,
      status,
    });
    const rewards = [
      row('2025-06-01', '0.1', 'successful'),
      row('2025-06-02', '0.2', 'successful'),
      row('2025-06-03', '0.00000003', 'pending'),
      row('2025-06-04', '7', 'canceled'),
      row('2025-05-31', '9', 'successful'),
    ];
    const r = build(account([[up(FROM, JUNE.to)]], { rewards })).accounts[0]!.rewards[0]!;
    expect(r.successful).toEqual({ days: 2, total: '0.3', fee: '0.00000002', reward: '0.3' });
    expect(r.pending.total).toBe('0.00000003');
    expect(r.canceled).toMatchObject({ days: 1, total: '7' });
    // (0.1 + 0.2 + 0.00000003) ÷ (3 × 1000 TH/s)
    expect(r.yieldPerTh).toBe('0.000100000010');
  });
});

describe('terms from the preferences file', () => {
  it('reads defaults and per-account tables, flags over both', () => {
    const table = termsFromToml(
      {
        sla: '95%',
        outage_threshold: '1h',
        accounts: {
          farm: { contracted_hashrate: '100 TH/s', monthly_fee: 1200, currency: 'usdt', sla: '99.5%' },
        },
      },
      '/p.toml',
    );
    expect(termsFor(table, {}, 'farm')).toEqual({
      sla: '99.5',
      outageThreshold: 3600,
      contractedHashrate: 1e14,
      monthlyFee: '1200',
      currency: 'USDT',
      creditRule: 'pro-rata',
    });
    expect(termsFor(table, { sla: '90' }, 'other')).toMatchObject({ sla: '90', outageThreshold: 3600 });
  });

  it('refuses a bad value in one line naming the file and key', () => {
    expect(() => termsFromToml({ sla: '95' }, '/p.toml')).toThrow(
      '/p.toml: report.sla: must be a percent such as "95%"',
    );
    expect(() => termsFromToml({ accounts: { a: { monthly_fee: 12.5 } } }, '/p.toml')).toThrow(
      '/p.toml: report.accounts.a.monthly_fee: must be a string, not a float',
    );
    expect(() => termsFromToml({ fee: '1' }, '/p.toml')).toThrow(/report\.fee: unknown key/);
  });
});

describe('network text', () => {
  it('is escaped in HTML, cleaned in Markdown and guarded in CSV', () => {
    const evil = '<script>alert(1)</script>\u001b[31m|=cmd';
    const a = account([[up(FROM, JUNE.to)]], {
      account: evil,
      links: [{ name: '<img src=x>', link: 'javascript:alert(1)', permissions: [], liveUntil: null }],
    });
    const s = buildStatement(
      { accounts: [{ ...a, workers: [{ name: evil, spans: [up(FROM, JUNE.to)], hashrate: null }] }] },
      () => BASE,
      JUNE,
      { source: 'test', generatedAt: 0 },
    );
    const html = statementHtml(s);
    expect(html).not.toMatch(/<script|<img|\u001b/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const md = statementMarkdown(s);
    expect(md).not.toContain('\u001b');
    expect(md).toContain('\\<script\\>');
    for (const table of CSV_TABLES) {
      const csv = statementCsv(s, table).join('');
      expect(csv, table).not.toContain('\u001b');
      if (table !== 'outages') expect(csv, table).toContain('<script>alert(1)</script>\ufffd[31m');
    }
    const formula = buildStatement(
      { accounts: [account([[up(FROM, JUNE.to)]], { account: '=HYPERLINK(1)' })] },
      () => BASE,
      JUNE,
      { source: 'test', generatedAt: 0 },
    );
    expect(statementCsv(formula).join('')).toContain("\r\n'=HYPERLINK(1),2025-06,");
    expect(statementCsv(formula, 'workers').join('')).toContain("\r\n'=HYPERLINK(1),");
  });
});
