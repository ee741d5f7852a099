/**
 * A statement as Markdown (GitHub tables): per account its summary, days, the longest outages,
 * workers and watcher links, then the rules. Figures are figures.ts's, shown as shown.ts shows
 * them; network text is cleaned and its `|`, `\`, `` ` ``, `<`, `*`, `_`, `[`, `]` escaped. Pure.
 */
import { formatHashRate } from '../format/hash-rate.js';
import { formatDuration } from '../format/time.js';
import { hours, summaryFigures, utcMinute } from './figures.js';
import { longestOutages } from './outage-table.js';
import { clean, shownLabel, shownValue } from './shown.js';
import type { AccountStatement, Statement } from './types.js';

/** Outages listed per account (the longest); the CSV and JSON hold them all. */
export const OUTAGES_LISTED = 10;

const md = (text: string | null | undefined) => clean(text).replace(/[\\|`<>*_[\]]/g, (c) => `\\${c}`);

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

function accountLines(a: AccountStatement): string[] {
  const lines = [`## ${md(a.account)}`, ''];
  lines.push(
    ...table(
      ['Figure', 'Value'],
      summaryFigures(a).map((f) => [shownLabel(f), md(shownValue(f.key, f.value))]),
    ),
    '',
  );
  if (a.filledPeriods.length > 0) {
    const periods = a.filledPeriods.map((p) => `${utcMinute(p.from)} – ${utcMinute(p.to)}`).join(', ');
    lines.push(`Filled from the pool's series: ${periods} UTC.`, '');
  }
  lines.push('### Days', '');
  lines.push(
    ...table(
      ['Day (UTC)', 'Uptime', 'Down (h)', 'Not watched (h)', 'Filled (h)', 'Mean hash rate', 'Below SLA'],
      a.days.map((d) => [
        d.date,
        d.percent === null ? '—' : `${d.percent} %`,
        hours(d.down),
        hours(d.unwatched),
        hours(d.filled),
        formatHashRate(d.meanHashrate),
        d.belowSla === undefined ? '—' : d.belowSla ? 'yes' : 'no',
      ]),
    ),
    '',
  );
  const listed = longestOutages(a.outages, OUTAGES_LISTED);
  lines.push(
    `### Outages of ${formatDuration(a.terms.outageThreshold * 1000)} or more: ${a.outages.length}`,
    '',
  );
  if (listed.length > 0) {
    lines.push(
      ...table(
        ['Worker', 'Down from (UTC)', 'Back at (UTC)', 'For', 'Last seen', 'How known'],
        listed.map((o) => [
          md(o.worker),
          utcMinute(o.start),
          utcMinute(o.end),
          formatDuration(o.seconds * 1000),
          o.lastPresentAt === null ? '—' : utcMinute(o.lastPresentAt),
          o.filled ? "pool's series" : 'watched',
        ]),
      ),
    );
    if (a.outages.length > listed.length)
      lines.push('', `The ${listed.length} longest; all ${a.outages.length} are in the CSV and JSON.`);
    lines.push('');
  }
  lines.push('### Workers', '');
  lines.push(
    ...table(
      ['Worker', 'Uptime', 'Up (h)', 'Down (h)', 'Not watched (h)', 'Outages', 'Longest', 'Mean hash rate'],
      a.workerRows.map((w) => [
        md(w.worker),
        w.percent === null ? '—' : `${w.percent} %`,
        hours(w.up),
        hours(w.down),
        hours(w.unwatched),
        String(w.outages),
        formatDuration(w.longestOutage * 1000),
        formatHashRate(w.meanHashrate),
      ]),
    ),
    '',
  );
  if (a.links.length > 0) {
    lines.push('### Watcher links (live view)', '');
    for (const l of a.links) lines.push(`- ${md(l.name)}: ${md(l.link)}`);
    lines.push('');
  }
  return lines;
}

export function statementMarkdown(s: Statement): string {
  const lines = [
    `# Statement ${md(s.window.label)}`,
    '',
    `${utcMinute(s.window.from)} – ${utcMinute(s.window.to)} UTC · from the ${md(s.source)} · made ${utcMinute(s.generatedAt)} UTC`,
    '',
  ];
  for (const a of s.accounts) lines.push(...accountLines(a));
  lines.push('## Rules', '', ...s.rules.map((r) => `- ${r}`), '');
  return lines.join('\n');
}
