/**
 * The statement's one stylesheet, inlined: readable on a phone (fluid, tables scroll inside
 * their box), printable on A4 (each account from a new page, no chart, summary or table row
 * split over a page, table heads repeated). No font, image or URL is referred to.
 */
export const STATEMENT_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #5b6470; --rule: #d5d9de; --ok: #2e7d32; --bad: #c62828; --rate: #1565c0; --gold: #8d6e00; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--ink); background: #fff; }
header.doc { border-bottom: 2px solid var(--ink); margin-bottom: 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.3rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
p.meta { color: var(--muted); margin: 0 0 .75rem; font-size: .9rem; }
section.account { margin-bottom: 2rem; }
.verdict { display: inline-block; padding: .1rem .5rem; border-radius: .25rem; font-weight: 600; font-size: .9rem; }
.verdict.ok { background: #e8f5e9; color: var(--ok); }
.verdict.bad { background: #ffebee; color: var(--bad); }
dl.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: .4rem .75rem; margin: .5rem 0; }
dl.figures div { border-left: 3px solid var(--rule); padding-left: .5rem; break-inside: avoid; }
dl.figures dt { color: var(--muted); font-size: .78rem; }
dl.figures dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
dl.figures div.key { border-left-color: var(--ink); }
.charts { display: grid; grid-template-columns: 1fr; gap: .75rem; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-size: .85rem; color: var(--muted); }
svg.chart { display: block; width: 100%; height: auto; max-width: 40rem; }
svg.chart text { font: 10px system-ui, sans-serif; fill: var(--muted); }
svg.chart .grid { stroke: #eceff1; stroke-width: 1; }
svg.chart .bar { fill: var(--ok); }
svg.chart .bar.below { fill: var(--bad); stroke: var(--ink); stroke-width: .6; stroke-dasharray: 2 1; }
svg.chart .bar.none { fill: #eceff1; }
svg.chart .sla line, svg.chart .contracted line { stroke: var(--ink); stroke-width: 1.2; stroke-dasharray: 5 3; }
svg.chart .sla text, svg.chart .contracted text { fill: var(--ink); font-weight: 600; }
svg.chart .mean line { stroke: var(--gold); stroke-width: 1.5; stroke-dasharray: 1 2; }
svg.chart path.rate { fill: none; stroke: var(--rate); stroke-width: 1.5; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; font-variant-numeric: tabular-nums; }
th, td { text-align: right; padding: .2rem .45rem; border-bottom: 1px solid var(--rule); white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
td.name { white-space: nowrap; }
code.link { overflow-wrap: anywhere; font-size: .8rem; }
ul.rules { color: var(--muted); font-size: .8rem; padding-left: 1.1rem; }
.note { color: var(--muted); font-size: .8rem; }
@media (min-width: 52rem) { .charts { grid-template-columns: 1fr 1fr; } }
@media (max-width: 32rem) {
  body { padding: .6rem; font-size: 14px; }
  dl.figures { grid-template-columns: 1fr 1fr; }
  svg.chart text { font-size: 12px; }
}
@page { size: A4; margin: 12mm; }
@media print {
  html { font-size: 8.5pt; }
  body { max-width: none; padding: 0; font-size: 1rem; line-height: 1.25; }
  ul { margin: .2rem 0; }
  section.account { margin: 0; }
  section.account + section.account { break-before: page; page-break-before: always; }
  header.doc { margin-bottom: .4rem; }
  h2 { font-size: 13pt; }
  h3 { margin: .5rem 0 .2rem; font-size: 9.5pt; }
  dl.figures { grid-template-columns: repeat(5, 1fr); gap: .1rem .5rem; margin: .3rem 0; }
  p.meta { margin-bottom: .3rem; }
  figcaption, .note { font-size: 7pt; }
  ul.rules { font-size: 6.5pt; margin: .3rem 0 0; }
  ul.rules li { break-inside: avoid; }
  dl.figures dt { font-size: 7pt; }
  .charts { grid-template-columns: 1fr 1fr; }
  svg.chart { max-width: none; }
  table { font-size: 7.5pt; }
  th, td { padding: .05rem .3rem; }
  .scroll { overflow: visible; }
  td.name { white-space: normal; overflow-wrap: anywhere; }
}
`;
