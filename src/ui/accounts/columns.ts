/**
 * Table columns of the Sub-accounts browser and how they share the terminal width. Pure: the
 * row component pads/truncates each cell to the width given here.
 */
import { graphemes } from '../../format/graphemes.js';

export type ColumnId =
  | 'alias'
  | 'email'
  | 'status'
  | 'kyc'
  | 'shared'
  | 'spot'
  | 'collateral'
  | 'id'
  /** One currency's amount per account, on the loaded list (`B`). */
  | 'balance'
  /** Each account's API key count and the marks of their findings (key-marks.ts). */
  | 'keys';

export interface Column {
  id: ColumnId;
  header: string;
  width: number;
}

export interface TableLayout {
  columns: Column[];
  /** Whether ids are shortened to their first 8 characters. */
  shortId: boolean;
}

/** Cursor marker (`› `) and swatch (`██ `) before the first column. */
export const LEAD_WIDTH = 5;
export const SHORT_ID_LENGTH = 8;
const FULL_ID_LENGTH = 36;
const GAP = 1;

interface Spec {
  id: ColumnId;
  header: string;
  min: number;
  max: number;
}

/**
 * In order of display; `min` is used when the terminal is narrow. `max` bounds a column's growth
 * (the longest value it is known to hold: `under_review` is 12).
 */
const SPECS: readonly Spec[] = [
  { id: 'alias', header: 'Alias', min: 10, max: 32 },
  { id: 'email', header: 'Email', min: 12, max: 40 },
  { id: 'status', header: 'Status', min: 7, max: 9 },
  { id: 'kyc', header: 'KYC', min: 8, max: 12 },
  { id: 'shared', header: 'Shared', min: 6, max: 6 },
  { id: 'spot', header: 'Spot', min: 4, max: 4 },
  { id: 'collateral', header: 'Coll', min: 4, max: 10 },
];

/** Spare cells alias and email must still get before the id is shown in full. */
const FULL_ID_SPARE = 14;

/** Display width of the widest value of each column on the page (account-cells.ts measures them). */
export type ContentWidths = Partial<Record<ColumnId, number>>;

/**
 * Columns for `width` terminal cells. Each column first grows to the widest value on the page
 * (`content`), the short ones first (a status or KYC word is read whole, an address by its start),
 * then alias and email share what is left; ids are shortened unless alias and email keep some room.
 */
export function layoutColumns(width: number, content: ContentWidths = {}): TableLayout {
  const narrowest = LEAD_WIDTH + SPECS.reduce((sum, s) => sum + s.min, 0) + SPECS.length * GAP;
  const shortId = width - narrowest - FULL_ID_LENGTH < FULL_ID_SPARE;
  const idWidth = shortId ? SHORT_ID_LENGTH : FULL_ID_LENGTH;
  let spare = width - narrowest - idWidth;
  const widths = new Map<ColumnId, number>(SPECS.map((s) => [s.id, s.min]));
  const grow = (order: readonly ColumnId[], limit: (spec: Spec) => number): void => {
    let grew = true;
    while (spare > 0 && grew) {
      grew = false;
      for (const id of order) {
        const spec = SPECS.find((s) => s.id === id);
        const current = widths.get(id) ?? 0;
        if (spare > 0 && spec && current < Math.min(spec.max, limit(spec))) {
          widths.set(id, current + 1);
          spare--;
          grew = true;
        }
      }
    }
  };
  // What the page holds, one cell at a time so alias and email grow together; then the room left.
  // The heading counts too, with room for the loaded list's sort marker (`Status ▲`).
  const wanted = (spec: Spec) => Math.max(content[spec.id] ?? 0, spec.header.length + 2);
  grow(['kyc', 'status'], wanted);
  grow(['alias', 'email'], wanted);
  grow(['alias', 'email', 'kyc', 'status', 'collateral'], (spec) => spec.max);
  const columns: Column[] = SPECS.map((s) => ({
    id: s.id,
    header: s.id === 'collateral' && (widths.get(s.id) ?? 0) >= 10 ? 'Collateral' : s.header,
    width: widths.get(s.id) ?? s.min,
  }));
  columns.push({ id: 'id', header: 'ID', width: idWidth });
  return { columns, shortId };
}

/**
 * `layoutColumns` with the Keys column of `keysWidth` cells before the id: the other columns laid
 * out in what it leaves. Left out when even their narrowest no longer fit beside it (the detail
 * pane still shows the keys).
 */
export function layoutWithKeys(width: number, content: ContentWidths, keysWidth: number): TableLayout {
  const narrower = layoutColumns(width - keysWidth - GAP, content);
  const columns = [...narrower.columns];
  const at = columns.findIndex((c) => c.id === 'id');
  columns.splice(at < 0 ? columns.length : at, 0, { id: 'keys', header: 'Keys', width: keysWidth });
  return usedBy(columns) <= width ? { ...narrower, columns } : layoutColumns(width, content);
}

const usedBy = (columns: readonly Column[]) =>
  LEAD_WIDTH + columns.reduce((sum, c) => sum + c.width + GAP, 0) - GAP;

/**
 * The layout of `total` cells with a balance column of `width` cells before the id, its room
 * taken from the text columns down to their minimum, then from the id, which is left out when
 * it no longer fits shortened (the detail pane still shows it).
 */
export function withBalanceColumn(
  layout: TableLayout,
  total: number,
  header: string,
  width: number,
): TableLayout {
  const columns = layout.columns.map((c) => ({ ...c }));
  const used = () => LEAD_WIDTH + columns.reduce((sum, c) => sum + c.width + GAP, 0) - GAP;
  const at = columns.findIndex((c) => c.id === 'id');
  columns.splice(at < 0 ? columns.length : at, 0, { id: 'balance', header, width });
  for (const id of ['email', 'alias', 'kyc', 'status', 'collateral'] as const) {
    const column = columns.find((c) => c.id === id);
    const min = SPECS.find((s) => s.id === id)?.min ?? 0;
    if (column) column.width -= Math.max(0, Math.min(used() - total, column.width - min));
  }
  const id = columns.find((c) => c.id === 'id');
  if (id && used() > total) {
    if (layout.shortId || used() - total > id.width - SHORT_ID_LENGTH) {
      return { shortId: true, columns: columns.filter((c) => c !== id) };
    }
    id.width = SHORT_ID_LENGTH;
    return { shortId: true, columns };
  }
  return { ...layout, columns };
}

/** The first SHORT_ID_LENGTH characters (whole graphemes: an emoji or accent is never cut in two). */
export function shortenId(id: string, short: boolean): string {
  if (!short || id.length <= SHORT_ID_LENGTH) return id;
  const parts = Array.from(graphemes(id), (s) => s.segment);
  return parts.length > SHORT_ID_LENGTH ? parts.slice(0, SHORT_ID_LENGTH).join('') : id;
}
