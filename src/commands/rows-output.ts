/**
 * A list of rows in the four forms the commands print: a text table, JSON (one array), NDJSON
 * (an object a line) or CSV (RFC 4180, header first).
 */
import { csvLine } from '../format/csv.js';
import { toSafeJson } from './json-output.js';
import type { CommandIO } from './support/io.js';

export type RowsFormat = 'text' | 'json' | 'ndjson' | 'csv';

export interface Shape<R> {
  header: readonly string[];
  record: (row: R) => string[];
  text: (rows: R[], term: CommandIO['terminal']) => string;
}

export function rowsOutput<R>(rows: R[], shape: Shape<R>, format: RowsFormat, io: CommandIO): string {
  const term = io.terminal;
  switch (format) {
    case 'csv':
      return [shape.header, ...rows.map(shape.record)].map(csvLine).join('');
    case 'json':
      return `${toSafeJson(rows, term)}\n`;
    case 'ndjson':
      return rows.map((r) => `${toSafeJson(r, term)}\n`).join('');
    case 'text':
      return shape.text(rows, term);
  }
}
