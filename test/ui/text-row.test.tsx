import fc from 'fast-check';
// Not through the harness: table rows compared with ink-table's own, outside any dashboard.
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { Table } from '@alcalzone/ink-table';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { GridLine, GridText, rowChars, textRow, textRows } from '../../src/ui/table/text-row.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

type Row = Record<string, string | number | undefined>;

/** ink-table's own lines (a rule before each data row), with every row renderer swapped for a line of one Text. */
class TextRowTable extends Table<Row> {
  constructor(props: ConstructorParameters<typeof Table<Row>>[0]) {
    super(props);
    Object.assign(this, textRows<Row>(this.getConfig(), DEFAULT_TERMINAL));
  }

  override render() {
    const columns = this.getColumns();
    const lines: ReactNode[] = [
      this.header({ key: 'header', columns, data: {} }),
      this.heading({ key: 'heading', columns, data: this.getHeadings() }),
    ];
    this.props.data.forEach((row, i) => {
      lines.push(this.separator({ key: `rule-${i}`, columns, data: {} }));
      lines.push(this.data({ key: `data-${i}`, columns, data: row }));
    });
    lines.push(this.footer({ key: 'footer', columns, data: {} }));
    return <GridText>{lines.flatMap((line, i) => (i === 0 ? [line] : ['\n', line]))}</GridText>;
  }
}

const Plain = ({ children }: { children?: ReactNode }) => <Text>{children}</Text>;
const Bracketed = ({ children }: { children?: ReactNode }) => <Text>[{children}]</Text>;
const Braced = ({ children }: { children?: ReactNode }) => <Text>{`{${children}}`}</Text>;

function frame(node: ReactElement): string {
  const view = render(node);
  const text = view.lastFrame() ?? '';
  view.unmount();
  return text;
}

const key = fc.constantFrom('a', 'Height', 'Found at', 'x');
const cellText = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '-', '.'), maxLength: 12 });
const cell = fc.oneof(cellText, fc.integer({ min: -99_999, max: 9_999_999 }), fc.constant(undefined));
const tableInput = fc
  .uniqueArray(
    fc.record({
      key,
      align: fc.constantFrom('left', 'right', 'center') as fc.Arbitrary<'left' | 'right' | 'center'>,
    }),
    {
      minLength: 1,
      maxLength: 4,
      selector: (c) => c.key,
    },
  )
  .chain((columns) =>
    fc.record({
      columns: fc.constant(columns),
      padding: fc.integer({ min: 1, max: 3 }),
      data: fc.array(fc.dictionary(fc.constantFrom(...columns.map((c) => c.key)), cell), { maxLength: 4 }),
    }),
  );

describe('textRow (ink-table rows as one Text)', () => {
  it('draws exactly what ink-table draws, for any cells, alignments and padding', () => {
    fc.assert(
      fc.property(tableInput, ({ columns, padding, data }) => {
        const props = { data: data as Row[], columns, padding, cell: Plain, header: Plain, skeleton: Plain };
        expect(frame(<TextRowTable {...props} />)).toBe(frame(<Table {...props} />));
      }),
      { numRuns: 60 },
    );
  });

  it('draws cells and rules through the cell and skeleton components (so they keep their colours)', () => {
    const row = textRow(rowChars(DEFAULT_TERMINAL).data, { cell: Bracketed, skeleton: Braced, padding: 1 });
    const columns = [
      { key: 'a', column: 'a', width: 4, align: 'left' as const },
      { key: 'b', column: 'b', width: 3, align: 'right' as const },
    ];
    expect(frame(<Text>{row({ key: 'r', columns, data: { a: 'hi', b: 7 } })}</Text>)).toBe(
      '{│}[ hi ]{│}[ 7 ]{│}',
    );
  });

  it('GridLine draws a line again only when its columns or cells change', () => {
    let draws = 0;
    const draw = ({ data }: { data: Partial<Row> }) => {
      draws++;
      return <Text>{String(data.a)}</Text>;
    };
    const columns = () => [{ key: 'a', column: 'a', width: 4, align: 'left' as const }];
    const line = (a: string, width = 4) => (
      <GridLine
        draw={draw}
        lineKey="l"
        columns={columns().map((c) => ({ ...c, width }))}
        data={{ a }}
        more={false}
      />
    );
    const view = render(line('x'));
    view.rerender(line('x')); // new but equal columns and cells
    expect(draws).toBe(1);
    view.rerender(line('y'));
    expect(draws).toBe(2);
    view.rerender(line('y', 5));
    expect(draws).toBe(3);
    expect(view.lastFrame()).toBe('y');
    view.unmount();
  });
});
