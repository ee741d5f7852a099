import stringWidth from 'string-width';

/** Left-aligned plain-text table measured by display width (CJK and emoji stay aligned). */
export function renderTextTable(header: string[], rows: string[][], gap = '  '): string[] {
  const widths = header.map((h, i) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - stringWidth(c))))
      .join(gap)
      .trimEnd();
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)];
}
