/**
 * Where `pooltop accounts --all` writes rows: JSON (`{"data":[…],"complete":…}`), NDJSON (one
 * account a line), CSV (RFC 4180 with formula guarding) or the readable table. JSON, NDJSON and
 * CSV are written as the rows arrive; the table needs every row to size its columns.
 */
import type { ReadSubAccount, SubAccount } from '../api/types.js';
import { csvLine } from '../format/csv.js';
import { formatCount } from '../format/number.js';
import { accountRow, ACCOUNT_HEADER } from './accounts-page.js';
import { toSafeJson } from './json-output.js';
import { renderTextTable } from './text-table.js';
import type { TextTarget } from '../format/sanitize.js';

export type OutputFormat = 'json' | 'ndjson' | 'csv' | 'text';

export interface RowSink {
  /** Whether rows can be written as they arrive. */
  readonly streams: boolean;
  begin(): void;
  rows(rows: readonly ReadSubAccount[]): void;
  end(complete: boolean): void;
}

/** CSV columns: the API's field names, nested ones with a dot. */
export const CSV_HEADER = [
  'id',
  'alias',
  'userId',
  'email',
  'status',
  'color',
  'kyc.shareKyc',
  'kyc.kycStatus',
  'permissions.spotEnabled',
  'permissions.collateralEnabled',
] as const;

/** A missing or null field is an empty cell. */
export function csvRecord(a: SubAccount): string[] {
  return [
    a.id ?? '',
    a.alias ?? '',
    a.userId ?? '',
    a.email ?? '',
    a.status ?? '',
    a.color ?? '',
    flagCell(a.kyc?.shareKyc),
    a.kyc?.kycStatus ?? '',
    flagCell(a.permissions?.spotEnabled),
    flagCell(a.permissions?.collateralEnabled),
  ];
}

function flagCell(value: boolean | null | undefined): string {
  return typeof value === 'boolean' ? String(value) : '';
}

export function createSink(format: OutputFormat, write: (text: string) => void, term: TextTarget): RowSink {
  switch (format) {
    case 'ndjson':
      return {
        streams: true,
        begin() {},
        rows: (rows) =>
          rows.length > 0 && write(rows.map((r) => `${toSafeJson(r.received, term)}\n`).join('')),
        end() {},
      };
    case 'csv':
      return {
        streams: true,
        begin: () => write(csvLine(CSV_HEADER)),
        rows: (rows) => rows.length > 0 && write(rows.map((r) => csvLine(csvRecord(r))).join('')),
        end() {},
      };
    case 'json': {
      let first = true;
      return {
        streams: true,
        begin: () => write('{"data":['),
        rows(rows) {
          if (rows.length === 0) return;
          write(`${first ? '\n' : ',\n'}${rows.map((r) => toSafeJson(r.received, term)).join(',\n')}`);
          first = false;
        },
        end: (complete) => write(`${first ? '' : '\n'}],"complete":${complete}}\n`),
      };
    }
    case 'text': {
      const all: ReadSubAccount[] = [];
      return {
        streams: false,
        begin() {},
        rows: (rows) => {
          for (const r of rows) all.push(r);
        },
        end(complete) {
          if (all.length === 0) return write('No sub-accounts.\n');
          const table = renderTextTable(
            term,
            ACCOUNT_HEADER,
            all.map((a) => accountRow(a, term)),
          );
          const footer = `${formatCount(all.length)} rows${complete ? '' : ' (not the whole list: see stderr)'}`;
          write(`${[...table, '', footer].join('\n')}\n`);
        },
      };
    }
  }
}
