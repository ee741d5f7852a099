/**
 * The statement's two charts as inline SVG (no script, no font, no image): the daily uptime as
 * bars with the SLA as a dashed line, and the account's hash rate against the contracted hash
 * rate. Colour never carries meaning alone: a day under the SLA has a dashed outline and the text
 * under the chart lists those days. Each bar and line has a <title>. Pure.
 */
import { formatHashRate } from '../format/hash-rate.js';
import { esc } from './html-escape.js';
import type { AccountStatement } from './types.js';

const W = 480;
const H = 150;
const LEFT = 46;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 20;
const PLOT_W = W - LEFT - RIGHT;
const PLOT_H = H - TOP - BOTTOM;

const n1 = (v: number) => (Math.round(v * 10) / 10).toString();

function frame(label: string, body: string): string {
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title>${body}</svg>`;
}

function hLine(y: number, cls: string, text: string, title: string): string {
  return `<g class="${cls}"><title>${esc(title)}</title><line x1="${LEFT}" x2="${W - RIGHT}" y1="${n1(y)}" y2="${n1(y)}"/><text x="${W - RIGHT - 2}" y="${n1(y - 3)}" text-anchor="end">${esc(text)}</text></g>`;
}

function yTick(y: number, text: string): string {
  return `<text class="tick" x="${LEFT - 4}" y="${n1(y + 3.5)}" text-anchor="end">${esc(text)}</text><line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${n1(y)}" y2="${n1(y)}"/>`;
}

function dayTicks(days: readonly { date: string }[], step: number): string {
  const out: string[] = [];
  days.forEach((d, i) => {
    if (i % 5 !== 0) return;
    const x = LEFT + (i + 0.5) * step;
    out.push(
      `<text class="tick" x="${n1(x)}" y="${H - 6}" text-anchor="middle">${esc(d.date.slice(5))}</text>`,
    );
  });
  return out.join('');
}

export function uptimeChart(a: AccountStatement): string {
  const days = a.days;
  const sla = a.terms.sla === undefined ? undefined : Number(a.terms.sla);
  const lowest = Math.min(
    100,
    sla ?? 100,
    ...days.map((d) => (d.percent === null ? 100 : Number(d.percent))),
  );
  const floor = Math.max(0, Math.min(80, Math.floor((lowest - 2) / 10) * 10));
  const y = (pct: number) => TOP + PLOT_H * (1 - (pct - floor) / (100 - floor));
  const step = PLOT_W / Math.max(1, days.length);
  const bars = days.map((d, i) => {
    const x = LEFT + i * step + step * 0.15;
    const w = step * 0.7;
    if (d.percent === null) {
      return `<rect class="bar none" x="${n1(x)}" y="${TOP}" width="${n1(w)}" height="${PLOT_H}"><title>${esc(d.date)}: not watched</title></rect>`;
    }
    const top = y(Math.max(floor, Number(d.percent)));
    const cls = d.belowSla ? 'bar below' : 'bar';
    const note = d.belowSla ? ', below the SLA' : '';
    return `<rect class="${cls}" x="${n1(x)}" y="${n1(top)}" width="${n1(w)}" height="${n1(TOP + PLOT_H - top)}"><title>${esc(d.date)}: ${esc(d.percent)} %${note}</title></rect>`;
  });
  const ticks = [floor, (floor + 100) / 2, 100].map((p) => yTick(y(p), `${p}%`)).join('');
  const slaLine =
    sla === undefined ? '' : hLine(y(sla), 'sla', `SLA ${a.terms.sla} %`, `SLA ${a.terms.sla} %`);
  return frame(`Daily uptime of ${a.account}`, `${ticks}${bars.join('')}${slaLine}${dayTicks(days, step)}`);
}

export function hashRateChart(a: AccountStatement): string {
  const points = a.hashrate.points;
  const contracted = a.terms.contractedHashrate;
  const top = Math.max(contracted ?? 0, ...points.map(([, r]) => r)) * 1.1 || 1;
  const from = a.days.length > 0 ? Date.parse(`${a.days[0]!.date}T00:00:00Z`) / 1000 : 0;
  const span = a.days.length * 86_400 || 1;
  const x = (t: number) => LEFT + (PLOT_W * (t - from)) / span;
  const y = (r: number) => TOP + PLOT_H * (1 - r / top);
  const path = points.map(([t, r], i) => `${i === 0 ? 'M' : 'L'}${n1(x(t))} ${n1(y(r))}`).join('');
  const ticks = [0, top / 2, top].map((r) => yTick(y(r), formatHashRate(r).replace(/\.\d+ /, ' '))).join('');
  const line =
    path === '' ? '' : `<path class="rate" d="${path}"><title>Hash rate of ${esc(a.account)}</title></path>`;
  const mean = a.hashrate.mean;
  // The mean's line is named in the caption: a label over the series would be unreadable.
  const meanLine =
    mean === null
      ? ''
      : `<g class="mean"><title>Mean ${esc(formatHashRate(mean))}</title><line x1="${LEFT}" x2="${W - RIGHT}" y1="${n1(y(mean))}" y2="${n1(y(mean))}"/></g>`;
  const contractLine =
    contracted === undefined
      ? ''
      : hLine(
          y(contracted),
          'contracted',
          `contracted ${formatHashRate(contracted)}`,
          `Contracted ${formatHashRate(contracted)}`,
        );
  const step = PLOT_W / Math.max(1, a.days.length);
  return frame(
    `Hash rate of ${a.account}`,
    `${ticks}${line}${meanLine}${contractLine}${dayTicks(a.days, step)}`,
  );
}
