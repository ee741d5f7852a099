/** `pooltop report`'s --format and --table: the CSV's table is chosen, and only for CSV. */
import { describe, expect, it } from 'vitest';
import { parseReportArgs } from '../../src/commands/report-args.js';

const NOW = Date.UTC(2025, 6, 9, 12);

describe('report --table', () => {
  it('is the summary by default, any listed table with --format csv', () => {
    expect(parseReportArgs({ format: 'csv' }, NOW).table).toBe('summary');
    expect(parseReportArgs({ format: 'csv', table: 'outages' }, NOW).table).toBe('outages');
  });

  it('refuses another table, or a table without --format csv, in one line', () => {
    expect(() => parseReportArgs({ format: 'csv', table: 'rigs' }, NOW)).toThrow(
      "--table must be one of summary, workers, days, outages, links, got 'rigs'",
    );
    expect(() => parseReportArgs({ format: 'json', table: 'workers' }, NOW)).toThrow(
      '--table chooses the CSV table: add --format csv (JSON holds every table)',
    );
    expect(() => parseReportArgs({ table: 'workers' }, NOW)).toThrow(/add --format csv/);
  });
});
