import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/format/csv.js';

describe('CSV (RFC 4180, formula guarding)', () => {
  it('quotes fields with commas, quotes, CR or LF, and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it("prefixes a cell starting with = + - @ tab or CR with '", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('replaces terminal control characters, keeps the rest of Unicode', () => {
    expect(csvCell('\u001b[31mred')).toBe('\ufffd[31mred');
    expect(csvCell('\u202eevil')).toBe('\ufffdevil');
    expect(csvCell('矿工 🚀 café')).toBe('矿工 🚀 café');
  });

  it('reads back through a standard parser as written', () => {
    const rows = [
      ['id', 'alias'],
      ['1', 'a,"b"\r\nc'],
      ['2', '=1+1'],
      ['3', ''],
    ];
    const text = rows.map(csvLine).join('');
    const back: string[][] = parse(text, { relax_quotes: false, relax_column_count: false });
    expect(back).toEqual([rows[0], rows[1], ['2', "'=1+1"], ['3', '']]);
  });
});
