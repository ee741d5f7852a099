import { describe, expect, it } from 'vitest';
import { parseAllOptions, parseFilter, parseSort } from '../../src/commands/accounts-all-options.js';

const usage = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('accounts --all flags', () => {
  it('reads the format, sort and filter', () => {
    expect(
      parseAllOptions({ all: true, csv: true, sort: 'status:desc', filter: 'status=blocked,kyc=verified' }),
    ).toEqual({
      search: undefined,
      format: 'csv',
      sort: { key: 'status', desc: true },
      filter: { status: ['blocked'], kyc: ['verified'] },
    });
    expect(parseAllOptions({ all: true })?.format).toBe('text');
    expect(parseAllOptions({ json: true })).toBeUndefined();
    expect(parseSort('alias')).toEqual({ key: 'alias', desc: false });
    expect(parseSort('userId:asc')).toEqual({ key: 'userId', desc: false });
    expect(parseFilter('status=blocked|frozen,status=pending,spot=true,shared=No')).toEqual({
      status: ['blocked', 'frozen', 'pending'],
      spot: ['yes'],
      shared: ['no'],
    });
  });

  it('refuses what does not fit with one clear line', () => {
    expect(usage(() => parseAllOptions({ all: true, json: true, csv: true }))).toBe(
      'choose one output format: --json or --csv',
    );
    expect(usage(() => parseAllOptions({ csv: true }))).toBe('--csv works on the whole list: add --all');
    expect(usage(() => parseAllOptions({ sort: 'alias' }))).toBe('--sort works on the whole list: add --all');
    expect(usage(() => parseAllOptions({ all: true, offset: '100' }))).toBe(
      '--all reads every page: leave out --offset',
    );
    expect(usage(() => parseSort('colour'))).toMatch(
      /^--sort: unknown column 'colour' \(one of alias, email/,
    );
    expect(usage(() => parseSort('alias:down'))).toBe(
      "--sort: write COLUMN, COLUMN:asc or COLUMN:desc, got 'alias:down'",
    );
    expect(usage(() => parseFilter('status'))).toBe("--filter: 'status' needs a value, as in status=VALUE");
    expect(usage(() => parseFilter('tier=gold'))).toMatch(/^--filter: unknown field 'tier'/);
    expect(usage(() => parseFilter('spot=maybe'))).toBe("--filter: spot is yes or no, got 'maybe'");
  });
});
