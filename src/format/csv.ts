/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding a comma, quote, CR or LF is quoted,
 * quotes doubled), with spreadsheet formula guarding: a cell that starts with `=`, `+`, `-`, `@`,
 * tab or CR gets a leading `'`, so a spreadsheet shows it as text instead of running it.
 * Control characters other than tab, CR and LF (escape sequences, C1, bidi overrides) become
 * U+FFFD: the file may be printed to a terminal. Pure.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function csvCell(value: string): string {
  let text = value.replace(UNSAFE, '\ufffd');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
