/**
 * The words of the loaded list: the line above the table (progress, or what was loaded and
 * when), the footer (where the cursor is, counts by status, order, filter), the table header's
 * sort marker and the filter picker's choices. Pure.
 */
import { type FilterGroup, FILTER_GROUPS } from '../../accounts/fields.js';
import { type AccountFilter, countValues, describeFilter, isChosen } from '../../accounts/filter.js';
import { REACH_ROWS } from '../../api/load-all.js';
import type { SubAccount } from '../../api/types.js';
import { progressParts } from '../../accounts/load-progress.js';
import { formatCount } from '../../format/number.js';
import { KEEP_UNICODE, sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { timeAgo } from '../../format/time.js';
import { displayWidth, truncate } from '../../format/width.js';
import type { LoadAllState } from '../hooks/use-load-all.js';
import type { TableLayout } from './columns.js';
import type { ListGlyphs } from './list-glyphs.js';
import type { ListSort } from './list-state.js';

export type Tone = 'muted' | 'warn' | 'error';

/** The line above the table: the load's progress, or what was loaded, how it ended and when. */
export function loadStatusText(
  load: LoadAllState,
  nowMs: number,
  term: TextTarget,
): { text: string; tone: Tone; keys?: string } {
  const n = formatCount(load.rows.length);
  const what = load.search === '' ? '' : ` matching "${sanitizeLine(load.search, term)}"`;
  if (load.phase === 'loading') {
    const parts = load.progress ? progressParts(load.progress) : ['starting'];
    return { text: `loading${what}: ${parts.join(' · ')} · Esc stops`, tone: 'muted', keys: 'Esc stops' };
  }
  const age = load.loadedAt === undefined ? '' : ` ${timeAgo(load.loadedAt, nowMs)}`;
  switch (load.end) {
    case 'reach':
      return {
        text: `${n} rows${what} loaded${age}: the API stops at ${formatCount(REACH_ROWS)}, the list may go on — narrow it with / and L`,
        tone: 'warn',
      };
    case 'cancelled':
      return {
        text: `stopped at ${n} rows${what}${age} · L loads again`,
        tone: 'warn',
        keys: 'L loads again',
      };
    case 'failed':
      return {
        text: `${n} rows${what}, then a page failed: ${sanitizeLine(load.error?.message ?? 'unknown error', term)} · L tries again`,
        tone: 'error',
        keys: 'L tries again',
      };
    default:
      return {
        text: `${n} rows${what}, the whole list, loaded${age} · L reloads · B a currency · x pages`,
        tone: 'muted',
        keys: 'L reloads · B a currency · x pages',
      };
  }
}

/**
 * `line` in `room` columns; when it does not fit, the facts give way and `keys` (the end of the
 * line) stay whole: at 80 columns the progress alone would push `Esc stops` off the line.
 */
export function fitKeepingKeys(
  line: string,
  keys: string | undefined,
  room: number,
  ellipsis: string,
): string {
  const tail = keys === undefined ? '' : ` · ${keys}`;
  if (displayWidth(line) <= room || tail === '' || !line.endsWith(tail) || displayWidth(tail) >= room) {
    return truncate(line, room, ellipsis);
  }
  return truncate(line.slice(0, -tail.length), room - displayWidth(tail), ellipsis) + tail;
}

/** `1,204 active · 12 blocked · 3 frozen` */
export function statusCounts(rows: readonly SubAccount[], term: TextTarget): string {
  return countValues(rows, 'status')
    .map(({ value, count }) => `${formatCount(count)} ${sanitizeLine(value, term) || '(none)'}`)
    .join(' · ');
}

export interface ListFooterInput {
  result: readonly SubAccount[];
  /** The result's counts by status (statusCounts): counted when the rows matching change, not per frame. */
  statusLine: string;
  loaded: number;
  top: number;
  viewRows: number;
  sort: ListSort;
  filter: AccountFilter;
  text: string;
  glyphs: ListGlyphs;
  /** The balance column's heading (`BTC total`), when there is one. */
  balanceName?: string;
}

export function listFooterParts(i: ListFooterInput, term: TextTarget): string[] {
  const total = i.result.length;
  const last = Math.min(total, i.top + i.viewRows);
  const of =
    total === i.loaded ? formatCount(total) : `${formatCount(total)} (of ${formatCount(i.loaded)} loaded)`;
  const parts = [
    total === 0
      ? `no rows of ${formatCount(i.loaded)}`
      : `rows ${formatCount(i.top + 1)}–${formatCount(last)} of ${of}`,
  ];
  if (total > 0) parts.push(i.statusLine);
  if (i.sort.key !== undefined)
    parts.push(
      `sorted by ${i.sort.key === 'balance' ? (i.balanceName ?? 'balance') : i.sort.key} ${i.sort.desc ? i.glyphs.desc : i.glyphs.asc}`,
    );
  else if (i.sort.desc) parts.push('list order reversed');
  const filter = describeFilter(i.filter);
  if (filter !== '') parts.push(sanitizeLine(filter, term));
  if (i.text.trim() !== '') parts.push(`search "${sanitizeLine(i.text.trim(), term)}"`);
  return parts;
}

/** The layout with the sorted column's heading marked: `Status ▲`. */
export function withSortMarker(
  layout: TableLayout,
  sort: ListSort,
  glyphs: ListGlyphs,
  ellipsis: string,
): TableLayout {
  if (sort.key === undefined) return layout;
  const marker = sort.desc ? glyphs.desc : glyphs.asc;
  return {
    ...layout,
    columns: layout.columns.map((c) =>
      c.id === sort.key
        ? { ...c, header: `${truncate(c.header, Math.max(1, c.width - 2), ellipsis)} ${marker}` }
        : c,
    ),
  };
}

export interface PickerOption {
  group: FilterGroup;
  value: string;
  /** Rows of the loaded list holding this value. */
  count: number;
  chosen: boolean;
}

export const GROUP_LABELS: Record<FilterGroup, string> = {
  status: 'Status',
  kyc: 'KYC',
  shared: 'Shared KYC',
  spot: 'Spot',
  collateral: 'Collateral',
};

/** Every value of every group, in picker order: the loaded values by frequency, plus chosen ones not loaded. */
export function pickerOptions(rows: readonly SubAccount[], filter: AccountFilter): PickerOption[] {
  return FILTER_GROUPS.flatMap((group) => {
    const counted = countValues(rows, group);
    if (group === 'shared' || group === 'spot' || group === 'collateral') {
      // Always both, yes first, whatever was loaded.
      for (const v of ['yes', 'no'])
        if (!counted.some((c) => c.value === v)) counted.push({ value: v, count: 0 });
      counted.sort((a, b) => (a.value === b.value ? 0 : a.value === 'yes' ? -1 : 1));
    }
    for (const value of filter[group] ?? []) {
      if (!counted.some((c) => isChosen({ [group]: [value] }, group, c.value)))
        counted.push({ value, count: 0 });
    }
    return counted.map(({ value, count }) => ({
      group,
      value,
      count,
      chosen: isChosen(filter, group, value),
    }));
  });
}

/** Columns before a group's values in the filter picker (its label, padded). */
export const PICKER_LABEL_WIDTH = 12;

/** One value as the picker draws it after its `›` or space: `[x] active 12 `. */
export function pickerCell(o: PickerOption, term: TextTarget): { box: string; count: string } {
  return {
    box: `${o.chosen ? '[x]' : '[ ]'} ${sanitizeLine(o.value, term) || '(none)'}`,
    count: ` ${formatCount(o.count)} `,
  };
}

/**
 * Where an arrow key takes the picker's selection, as the values are laid out: a group a line,
 * its values along it. ← and → move along the line; ↑ and ↓ to the line above or below, to the
 * value nearest the same column. At an edge the selection stays.
 */
export function pickerMove(
  options: readonly PickerOption[],
  index: number,
  direction: 'up' | 'down' | 'left' | 'right',
): number {
  const here = options[index];
  if (!here) return index;
  if (direction === 'left' || direction === 'right') {
    const next = index + (direction === 'right' ? 1 : -1);
    return options[next]?.group === here.group ? next : index;
  }
  const groups = FILTER_GROUPS.filter((g) => options.some((o) => o.group === g));
  const target = groups[groups.indexOf(here.group) + (direction === 'down' ? 1 : -1)];
  if (target === undefined) return index;
  const column = (i: number): number => {
    let x = PICKER_LABEL_WIDTH;
    for (let j = 0; j < i; j++) {
      const o = options[j];
      if (!o || o.group !== options[i]?.group) continue;
      // Widths: the same on either terminal (an ASCII one shows `?` per column).
      const cell = pickerCell(o, KEEP_UNICODE);
      x += 1 + displayWidth(cell.box) + displayWidth(cell.count);
    }
    return x;
  };
  const at = column(index);
  let best = index;
  let distance = Infinity;
  options.forEach((o, i) => {
    if (o.group !== target) return;
    const d = Math.abs(column(i) - at);
    if (d < distance) {
      best = i;
      distance = d;
    }
  });
  return best;
}
