import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../src/api/load-all.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { layoutColumns } from '../../src/ui/accounts/columns.js';
import { ASCII_GLYPHS, listGlyphs, progressBar, UTF8_GLYPHS } from '../../src/ui/accounts/list-glyphs.js';
import { DEFAULT_TERMINAL, detectTerminal } from '../../src/terminal/capabilities.js';
import {
  initialListState,
  LIST_HINTS,
  type ListAction,
  listReducer,
  SORT_COLUMNS,
} from '../../src/ui/accounts/list-state.js';
import {
  listFooterParts,
  statusCounts,
  loadStatusText,
  pickerOptions,
  withSortMarker,
} from '../../src/ui/accounts/list-text.js';
import type { LoadAllState } from '../../src/ui/hooks/use-load-all.js';
import { subAccountModel } from '../../src/api/schemas.js';

const run = (actions: ListAction[], viewRows = 10) => actions.reduce(listReducer, initialListState(viewRows));

describe('the loaded list state', () => {
  it('moves, pages and jumps over the whole result, with hints at the ends', () => {
    const length = 95;
    let s = run([{ type: 'move', delta: -1, length }]);
    expect(s.hint).toBe(LIST_HINTS.topOfList);
    s = run([
      { type: 'page', delta: 1, length },
      { type: 'move', delta: 1, length },
    ]);
    expect(s).toMatchObject({ cursor: 11, top: 10 });
    expect(s.hint).toBeUndefined();
    s = run([{ type: 'end', length }]);
    expect(s).toMatchObject({ cursor: 94, top: 85 });
    s = listReducer(s, { type: 'move', delta: 1, length });
    expect(s.hint).toBe(LIST_HINTS.endOfList);
    s = listReducer(s, { type: 'home' });
    expect(s).toMatchObject({ cursor: 0, top: 0 });
    s = run([
      { type: 'end', length },
      { type: 'clamp', length: 20 },
    ]);
    expect(s).toMatchObject({ cursor: 19, top: 10 });
  });

  it('s steps through the columns and back to the list order; S reverses; both go to the top', () => {
    let s = run([{ type: 'end', length: 50 }]);
    const seen: (string | undefined)[] = [];
    for (let i = 0; i <= SORT_COLUMNS.length; i++) {
      s = listReducer(s, { type: 'sort-next' });
      seen.push(s.sort.key);
      expect(s.cursor).toBe(0);
    }
    expect(seen).toEqual([...SORT_COLUMNS, undefined]);
    s = listReducer(s, { type: 'sort-reverse' });
    expect(s.sort).toEqual({ key: undefined, desc: true });
  });

  it('the picker moves within its options and toggles filter values', () => {
    let s = run([{ type: 'picker-open' }, { type: 'picker-move', delta: 5, options: 3 }]);
    expect(s.pickerIndex).toBe(2);
    s = listReducer(s, { type: 'filter-toggle', group: 'status', value: 'blocked' });
    s = listReducer(s, { type: 'filter-toggle', group: 'kyc', value: 'none' });
    expect(s.filter).toEqual({ status: ['blocked'], kyc: ['none'] });
    s = listReducer(s, { type: 'filter-toggle', group: 'status', value: 'blocked' });
    expect(s.filter.status).toEqual([]);
    expect(listReducer(s, { type: 'picker-close' }).pickerOpen).toBe(false);
  });
});

describe('the loaded list text', () => {
  const rows = generateAccounts(300, 2).map(subAccountModel);
  const progress: LoadProgress = {
    rows: 3400,
    requests: 35,
    retried: 1,
    elapsedMs: 2500,
    rowsPerSecond: 1360,
    maxLeftMs: 4900,
    fraction: 0.34,
  };
  const base: LoadAllState = { phase: 'done', rows, progress, search: '', loadedAt: 1_000, end: 'end' };

  it('says what is loading, and after, how it ended and how old it is', () => {
    expect(loadStatusText({ ...base, phase: 'loading' }, 2000, DEFAULT_TERMINAL).text).toBe(
      'loading: 3,400 rows · 35 requests · 1 retried · 1,360 rows/s · ≤ 5s left · Esc stops',
    );
    expect(loadStatusText(base, 181_000, DEFAULT_TERMINAL).text).toBe(
      '300 rows, the whole list, loaded 3m ago · L reloads · B a currency · x pages',
    );
    expect(loadStatusText({ ...base, end: 'reach', search: 'bot' }, 1000, DEFAULT_TERMINAL)).toEqual({
      text: '300 rows matching "bot" loaded just now: the API stops at 10,100, the list may go on — narrow it with / and L',
      tone: 'warn',
    });
    expect(loadStatusText({ ...base, end: 'cancelled' }, 6000, DEFAULT_TERMINAL).text).toBe(
      'stopped at 300 rows 5s ago · L loads again',
    );
    expect(loadStatusText({ ...base, end: 'failed' }, 6000, DEFAULT_TERMINAL).tone).toBe('error');
  });

  it('the footer: where, counts by status, order, filter, search', () => {
    const parts = listFooterParts(
      {
        result: rows.filter((r) => r.status !== 'frozen'),
        statusLine: statusCounts(
          rows.filter((r) => r.status !== 'frozen'),
          DEFAULT_TERMINAL,
        ),
        loaded: rows.length,
        top: 10,
        viewRows: 20,
        sort: { key: 'status', desc: true },
        filter: { status: ['active', 'pending', 'blocked'] },
        text: ' x ',
        glyphs: UTF8_GLYPHS,
      },
      DEFAULT_TERMINAL,
    );
    const shown = rows.filter((r) => r.status !== 'frozen').length;
    expect(parts[0]).toBe(`rows 11–30 of ${shown} (of 300 loaded)`);
    expect(parts[1]).toMatch(/^\d+ active · \d+ pending · \d+ blocked$/);
    expect(parts.slice(2)).toEqual(['sorted by status ▼', 'status=active|pending|blocked', 'search "x"']);
  });

  it('marks the sorted column heading, in UTF-8 or ASCII', () => {
    const layout = layoutColumns(120);
    const marked = withSortMarker(layout, { key: 'kyc', desc: false }, UTF8_GLYPHS, '…');
    expect(marked.columns.find((c) => c.id === 'kyc')?.header).toBe('KYC ▲');
    expect(withSortMarker(layout, { key: 'id', desc: true }, ASCII_GLYPHS, '…').columns.at(-1)?.header).toBe(
      'ID v',
    );
    expect(withSortMarker(layout, { desc: true }, UTF8_GLYPHS, '…')).toBe(layout);
    expect(progressBar(0.5, 12, ASCII_GLYPHS)).toBe('[#####.....]');
    const glyphsFor = (env: Record<string, string>) => listGlyphs(detectTerminal({ TERM: 'xterm', ...env }));
    expect(glyphsFor({ LANG: 'C' })).toBe(ASCII_GLYPHS);
    expect(glyphsFor({ LANG: 'en_US.UTF-8' })).toBe(UTF8_GLYPHS);
    expect(glyphsFor({ LC_ALL: 'POSIX', LANG: 'en_US.UTF-8' })).toBe(ASCII_GLYPHS);
  });

  it('offers every loaded value by frequency, yes and no for permissions, and chosen values not loaded', () => {
    const options = pickerOptions(rows, { status: ['archived'] });
    const status = options.filter((o) => o.group === 'status');
    expect(status.map((o) => o.value).slice(0, 1)).toEqual(['active']);
    expect(status.at(-1)).toEqual({ group: 'status', value: 'archived', count: 0, chosen: true });
    expect(options.filter((o) => o.group === 'spot').map((o) => o.value)).toEqual(['yes', 'no']);
    const total = options.filter((o) => o.group === 'kyc').reduce((n, o) => n + o.count, 0);
    expect(total).toBe(rows.length);
  });
});
