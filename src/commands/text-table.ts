import { displayWidth, padEnd } from '../format/width.js';
import { glyphs } from '../terminal/glyphs.js';

/** Left-aligned plain-text table measured by display width (CJK and emoji stay aligned). */
export function renderTextTable(header: string[], rows: string[][], gap = '  '): string[] {
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padEnd(c, widths[i] ?? 0)))
      .join(gap)
      .trimEnd();
  return [line(header), line(widths.map((w) => glyphs().rule.repeat(w))), ...rows.map(line)];
}
