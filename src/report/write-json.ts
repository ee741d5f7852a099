/**
 * A statement as JSON data: the Statement itself (seconds, H/s, exact decimal strings) with
 * each account's summary figures beside it under `figures`, as the CSV names them. Pure; the
 * command writes it through its terminal-safe JSON writer.
 */
import { summaryFigures } from './figures.js';
import type { AccountStatement, Statement } from './types.js';

export interface StatementJson extends Omit<Statement, 'accounts'> {
  accounts: (AccountStatement & { figures: Record<string, string> })[];
}

export function statementJson(s: Statement): StatementJson {
  return {
    ...s,
    accounts: s.accounts.map((a) => ({
      ...a,
      figures: Object.fromEntries(summaryFigures(a).map((f) => [f.key, f.value])),
    })),
  };
}
