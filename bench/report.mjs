// The statement row: a month of 50 accounts × 2,000 workers, from plain history (each worker's
// presence spans with outages and flaps, its hourly hash rate; each account's hourly series and
// rewards) to the statement and every format, in process (src/report bundled by esbuild): each
// CSV table (summary, workers, days, outages, links), the JSON as the command writes it (with
// its terminal-safe escape), Markdown and HTML. The history is made one account at a time, as
// the store adapter hands it over, and its making is timed apart from the statement's. One
// report is one format, so the figure is the statement and its slowest format. Target ≤ 5 s.
//
//   node bench/report.mjs [--runs N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const REPORT_ACCOUNTS = 50;
export const REPORT_WORKERS = 2000;
export const REPORT_TARGET_MS = 5000;
const DAY = 86_400;

const ENTRY = `
export { buildStatement } from './src/report/statement.ts';
export { statementCsv } from './src/report/write-csv.ts';
export { statementHtml } from './src/report/write-html.ts';
export { statementJson } from './src/report/write-json.ts';
export { safeJsonText } from './src/commands/json-output.ts';
export { statementMarkdown } from './src/report/write-markdown.ts';
`;

async function bundle() {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-bench-report-'));
  const root = fileURLToPath(new URL('..', import.meta.url));
  const out = join(dir, 'report.mjs');
  await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  return { mod: await import(pathToFileURL(out).href), dir };
}

/** A deterministic month of one account: every worker up but for a few outages and flaps. */
function* history(window, made) {
  let seed = 1;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  for (let a = 0; a < REPORT_ACCOUNTS; a++) {
    const t0 = performance.now();
    const hours = (window.to - window.from) / 3600;
    const workers = [];
    for (let w = 0; w < REPORT_WORKERS; w++) {
      const spans = [];
      let t = window.from;
      while (t < window.to) {
        const upFor = Math.floor(rand() * 3 * DAY);
        const downFor = rand() < 0.3 ? 30 + Math.floor(rand() * 200) : Math.floor(rand() * 6 * 3600);
        spans.push({
          state: 'up',
          start: t,
          end: Math.min(t + upFor, window.to),
          filled: t < window.from + 2 * DAY,
        });
        t += upFor;
        if (t >= window.to) break;
        spans.push({
          state: 'down',
          start: t,
          end: Math.min(t + downFor, window.to),
          filled: false,
          lastPresentAt: t - 60,
          firstMissingAt: t,
        });
        t += downFor;
      }
      const rates = new Float64Array(hours);
      for (let h = 0; h < hours; h++) rates[h] = 1e14 * (0.9 + 0.2 * rand());
      workers.push({
        name: `rig-${String(w).padStart(4, '0')}`,
        spans,
        hashrate: { start: window.from, step: 3600, rates },
      });
    }
    const own = new Float64Array(hours);
    for (let h = 0; h < hours; h++) own[h] = 2e17 * (0.9 + 0.2 * rand());
    const rewards = Array.from({ length: 30 }, (_, d) => ({
      date: new Date((window.from + d * DAY) * 1000).toISOString().slice(0, 10),
      currency: 'BTC',
      total: '0.00961234',
      fee: '0.00014418',
      reward: '0.00946816',
      hashRate: 2e17,
      status: d === 29 ? 'pending' : 'successful',
    }));
    made.ms += performance.now() - t0;
    yield {
      account: `farm_${a}`,
      workers,
      hashrate: { start: window.from, step: 3600, rates: own },
      rewards,
      links: [],
    };
  }
}

export async function measureReport({ runs = 3, log = () => {} } = {}) {
  const { mod, dir } = await bundle();
  const window = {
    from: Date.UTC(2025, 5, 1) / 1000,
    to: Date.UTC(2025, 6, 1) / 1000,
    label: '2025-06',
    calendarMonth: true,
  };
  const terms = () => ({
    sla: '95',
    monthlyFee: '1200',
    currency: 'USDT',
    contractedHashrate: 2e17,
    outageThreshold: 1800,
    creditRule: 'pro-rata',
  });
  const out = { ms: [], input: [], build: [], bytes: {} };
  try {
    for (let i = 0; i < runs; i++) {
      const made = { ms: 0 };
      const t0 = performance.now();
      const s = mod.buildStatement({ accounts: history(window, made) }, terms, window, {
        source: 'bench',
        generatedAt: window.to,
      });
      const built = performance.now() - t0 - made.ms;
      const each = {};
      const csv = (table) => [`csv ${table}`, (x) => mod.statementCsv(x, table)];
      const utf8 = { unicode: true };
      for (const [k, render] of [
        csv('summary'),
        csv('workers'),
        csv('days'),
        csv('outages'),
        csv('links'),
        ['json', (x) => mod.statementJson(x).map((chunk) => mod.safeJsonText(chunk, utf8))],
        ['md', mod.statementMarkdown],
        ['html', mod.statementHtml],
      ]) {
        const f0 = performance.now();
        // CSV and JSON are chunks the command writes one after another; md and html one text.
        const text = render(s);
        each[k] = performance.now() - f0;
        out.bytes[k] = typeof text === 'string' ? text.length : text.reduce((n, c) => n + c.length, 0);
      }
      // One report is one format: the statement and the slowest format.
      const ms = built + Math.max(...Object.values(each));
      out.ms.push(ms);
      out.input.push(made.ms);
      out.build.push(built);
      out.each = out.each ?? [];
      out.each.push(each);
      log(
        `report ${i + 1}/${runs}: ${ms.toFixed(0)} ms (statement ${built.toFixed(0)} ms; ${Object.entries(
          each,
        )
          .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
          .join(', ')}; history made in ${made.ms.toFixed(0)} ms)`,
      );
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportLines(r) {
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = med(r.ms);
  const mb = (n) => `${(n / 1e6).toFixed(0)} MB`;
  return [
    `a month of ${REPORT_ACCOUNTS} accounts × ${REPORT_WORKERS} workers: statement and its slowest format ${ms.toFixed(0)} ms (≤ ${REPORT_TARGET_MS / 1000} s) ${ms <= REPORT_TARGET_MS ? '✓' : '✗'}  (statement ${med(r.build).toFixed(0)} ms; ${Object.keys(r.each[0])
      .map((k) => `${k} ${med(r.each.map((e) => e[k])).toFixed(0)} ms`)
      .join(', ')}; csv outages ${mb(r.bytes['csv outages'])}, csv workers ${mb(r.bytes['csv workers'])}, json ${mb(r.bytes.json)}, html ${mb(r.bytes.html)}) n=${r.ms.length}`,
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const runs = argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) : 3;
  const r = await measureReport({ runs, log: (l) => console.error(l) });
  console.log(reportLines(r).join('\n'));
}
