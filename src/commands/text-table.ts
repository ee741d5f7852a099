import { displayWidth, padEnd, padStart } from '../format/width.js';
import { glyphs } from '../terminal/glyphs.js';

/**
 * Plain-text table measured by display width (CJK and emoji stay aligned); columns are left-aligned
 * unless `right` names them (numbers).
 */
export function renderTextTable(
  header: string[],
  rows: string[][],
  gap = '  ',
  right: ReadonlySet<number> = new Set(),
): string[] {
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const pad = (c: string, i: number) =>
    right.has(i) ? padStart(c, widths[i] ?? 0) : i === widths.length - 1 ? c : padEnd(c, widths[i] ?? 0);
  const line = (cells: string[]) => cells.map(pad).join(gap).trimEnd();
  return [line(header), line(widths.map((w) => glyphs().rule.repeat(w))), ...rows.map(line)];
}
