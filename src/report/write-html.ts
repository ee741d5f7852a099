/**
 * A statement as one self-contained HTML file: inline CSS (html-style.ts) and inline SVG charts
 * (html-charts.ts), no script, and nothing that would load: no URL in any attribute or style,
 * and a Content-Security-Policy that forbids every request should one slip in. One section per
 * account, each starting a printed page and standing alone (its window, figures, charts,
 * outages, rewards, workers, watcher links and the rules). Every figure is figures.ts's, shown
 * as shown.ts shows it and marked with `data-key`; every network string is escaped. Pure.
 */
import { formatHashRate } from '../format/hash-rate.js';
import { formatDuration } from '../format/time.js';
import { hours, summaryFigures, utcMinute } from './figures.js';
import { longestOutages } from './outage-table.js';
import { hashRateChart, uptimeChart } from './html-charts.js';
import { esc } from './html-escape.js';
import { isBelow } from './exact.js';
import { STATEMENT_CSS } from './html-style.js';
import { shownLabel, shownValue } from './shown.js';
import { OUTAGES_LISTED } from './write-markdown.js';
import type { AccountStatement, RewardSummary, Statement } from './types.js';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; font-src 'none'; form-action 'none'; base-uri 'none'";
const KEY_FIGURES = new Set(['uptime_percent', 'sla_percent', 'credit', 'hashrate_of_contracted_percent']);

function verdict(a: AccountStatement): string {
  if (a.terms.sla === undefined || a.uptime.percent === null) return '';
  const under = isBelow(a.uptime.up, a.uptime.up + a.uptime.down, a.terms.sla);
  const text = under ? `Below the SLA of ${a.terms.sla} %` : `Meets the SLA of ${a.terms.sla} %`;
  return ` <span class="verdict ${under ? 'bad' : 'ok'}">${esc(text)}</span>`;
}

function figures(a: AccountStatement): string {
  const items = summaryFigures(a)
    .filter((f) => !f.key.startsWith('rewards_'))
    .map(
      (f) =>
        `<div${KEY_FIGURES.has(f.key) ? ' class="key"' : ''}><dt>${esc(shownLabel(f))}</dt><dd data-key="${esc(f.key)}">${esc(shownValue(f.key, f.value))}</dd></div>`,
    );
  return `<dl class="figures">${items.join('')}</dl>`;
}

function rewardsTable(rewards: readonly RewardSummary[]): string {
  if (rewards.length === 0) return '<p class="note">No rewards in the window.</p>';
  const rows: string[] = [];
  for (const r of rewards) {
    const c = (r.currency ?? 'unknown').toLowerCase();
    for (const status of ['successful', 'pending', 'canceled', 'other'] as const) {
      const s = r[status];
      if (status === 'other' && s.days === 0) continue;
      const cell = (field: string, value: string) =>
        `<td data-key="rewards_${esc(c)}_${status}_${field}">${esc(value)}</td>`;
      rows.push(
        `<tr><td>${esc(status)}</td><td>${esc(r.currency)}</td>${cell('days', String(s.days))}${cell('total', s.total)}${cell('fee', s.fee)}${cell('reward', s.reward)}</tr>`,
      );
    }
    if (r.yieldPerTh !== null) {
      rows.push(
        `<tr><td colspan="5">Yield per TH/s per day (${esc(r.currency)}, canceled days left out)</td><td data-key="yield_${esc(c)}_per_th_day">${esc(r.yieldPerTh)}</td></tr>`,
      );
    }
  }
  return `<div class="scroll"><table><thead><tr><th>Status</th><th>Currency</th><th>Days</th><th>Total</th><th>Pool fee</th><th>Net</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function outagesBlock(a: AccountStatement): string {
  const listed = longestOutages(a.outages, OUTAGES_LISTED);
  const head = `<h3>Outages of ${esc(formatDuration(a.terms.outageThreshold * 1000))} or more: ${a.outages.length}</h3>`;
  if (listed.length === 0) return head;
  const rows = listed.map(
    (o) =>
      `<tr><td class="name">${esc(o.worker)}</td><td>${esc(utcMinute(o.start))}</td><td>${esc(utcMinute(o.end))}</td><td>${esc(formatDuration(o.seconds * 1000))}</td><td>${o.lastPresentAt === null ? '—' : esc(utcMinute(o.lastPresentAt))}</td><td>${o.filled ? 'pool\u2019s series' : 'watched'}</td></tr>`,
  );
  const more =
    a.outages.length > listed.length
      ? `<p class="note">The ${listed.length} longest; all ${a.outages.length} are in the CSV and JSON.</p>`
      : '';
  return `${head}<div class="scroll"><table><thead><tr><th>Worker</th><th>Down from</th><th>Back at</th><th>For</th><th>Last seen</th><th>How known</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>${more}`;
}

function workersTable(a: AccountStatement): string {
  const rows = a.workerRows.map(
    (w) =>
      `<tr><td class="name">${esc(w.worker)}</td><td>${w.percent === null ? '—' : `${esc(w.percent)} %`}</td><td>${hours(w.up)}</td><td>${hours(w.down)}</td><td>${hours(w.flaps)}</td><td>${hours(w.unwatched)}</td><td>${w.outages}</td><td>${esc(formatDuration(w.longestOutage * 1000))}</td><td>${esc(formatHashRate(w.meanHashrate))}</td></tr>`,
  );
  return `<h3>Workers</h3><div class="scroll"><table><thead><tr><th>Worker</th><th>Uptime</th><th>Up h</th><th>Down h</th><th>Flaps h</th><th>Not watched h</th><th>Outages</th><th>Longest</th><th>Mean hash rate</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function accountSection(s: Statement, a: AccountStatement): string {
  const below = a.days.filter((d) => d.belowSla).map((d) => d.date.slice(8));
  const belowText =
    a.terms.sla === undefined
      ? ''
      : below.length === 0
        ? 'No day below the SLA.'
        : `Days below the SLA: ${below.join(', ')}.`;
  const filled = a.filledPeriods.map((p) => `${utcMinute(p.from)} – ${utcMinute(p.to)}`).join(', ');
  const links =
    a.links.length === 0
      ? ''
      : `<h3>Watcher links (live, read-only)</h3><ul>${a.links.map((l) => `<li>${esc(l.name)}: <code class="link">${esc(l.link)}</code></li>`).join('')}</ul>`;
  return `<section class="account">
<h2>${esc(a.account)}${verdict(a)}</h2>
<p class="meta">${esc(s.window.label)} · ${esc(utcMinute(s.window.from))} – ${esc(utcMinute(s.window.to))} UTC · from the ${esc(s.source)}</p>
${figures(a)}
${filled === '' ? '' : `<p class="note">Filled from the pool\u2019s series: ${esc(filled)} UTC.</p>`}
<div class="charts">
<figure>${uptimeChart(a)}<figcaption>Uptime by day (worker-hours). ${esc(belowText)}</figcaption></figure>
<figure>${hashRateChart(a)}<figcaption>Hash rate${a.hashrate.step === null ? '' : `, ${a.hashrate.step === 300 ? '5-minute' : 'hourly'} points`}${a.terms.contractedHashrate === undefined ? '' : ', against the contracted hash rate (dashed)'}${a.hashrate.mean === null ? '' : `; mean ${esc(formatHashRate(a.hashrate.mean))} (dotted)`}.</figcaption></figure>
</div>
${outagesBlock(a)}
<h3>Rewards</h3>
${rewardsTable(a.rewards)}
${workersTable(a)}
${links}
<ul class="rules">${s.rules.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>
</section>`;
}

export function statementHtml(s: Statement): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Statement ${esc(s.window.label)}</title>
<style>${STATEMENT_CSS}</style>
</head>
<body>
<header class="doc"><h1>Mining statement ${esc(s.window.label)}</h1><p class="meta">Made ${esc(utcMinute(s.generatedAt))} UTC by pooltop · every time UTC</p></header>
${s.accounts.map((a) => accountSection(s, a)).join('\n')}
</body>
</html>
`;
}
