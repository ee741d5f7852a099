import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import {
  type BrowserAction,
  type BrowserState,
  browserReducer,
  HINTS,
  initialBrowserState,
  nextPageOffset,
} from '../../src/ui/browser/browser-state.js';
import { layoutColumns, SHORT_ID_LENGTH } from '../../src/ui/accounts/columns.js';
import { contentWidths } from '../../src/ui/accounts/account-cells.js';
import type { SubAccount } from '../../src/api/types.js';
import { adviceFor, adviceLine } from '../../src/ui/shared/error-advice.js';
import { emptyText } from '../../src/ui/accounts/empty-text.js';
import { footerParts } from '../../src/ui/shared/footer-text.js';
import { nextPageSize } from '../../src/ui/browser/page-size.js';
import { searchKey } from '../../src/ui/browser/search-input.js';
import { nearestXterm256, parseHexColor, swatchColor } from '../../src/ui/accounts/swatch-color.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

const full = { rows: 30 };

function run(state: BrowserState, ...actions: BrowserAction[]): BrowserState {
  return actions.reduce(browserReducer, state);
}

function at(over: Partial<BrowserState>): BrowserState {
  return { ...initialBrowserState({ viewRows: 10 }), ...over };
}

describe('browser state: cursor and paging', () => {
  it('moves the cursor within the page and scrolls the view with it', () => {
    let s = at({});
    for (let i = 0; i < 12; i++) s = browserReducer(s, { type: 'move', delta: 1, page: full });
    expect(s.cursor).toBe(12);
    expect(s.top).toBe(3); // rows 3..12 visible in a 10-row view
    for (let i = 0; i < 5; i++) s = browserReducer(s, { type: 'move', delta: -1, page: full });
    expect(s.cursor).toBe(7);
    expect(s.top).toBe(3); // still visible: no scroll
    s = run(s, { type: 'move', delta: -1, page: full }, { type: 'move', delta: -1, page: full });
    s = run(s, { type: 'move', delta: -1, page: full }, { type: 'move', delta: -1, page: full });
    s = run(s, { type: 'move', delta: -1, page: full });
    expect(s.cursor).toBe(2);
    expect(s.top).toBe(2);
  });

  it('continues on the next page past the last row, and back past the first', () => {
    let s = run(at({ cursor: 29, top: 20 }), { type: 'move', delta: 1, page: full });
    expect(s).toMatchObject({ offset: 30, cursor: 0, top: 0 });
    s = browserReducer(s, { type: 'move', delta: -1, page: full });
    expect(s).toMatchObject({ offset: 0, cursor: 29, top: 20 });
  });

  it('goes back to the row just above when the offset is not a multiple of the limit', () => {
    const s = browserReducer(at({ offset: 20, cursor: 0 }), { type: 'move', delta: -1, page: full });
    expect(s).toMatchObject({ offset: 0, cursor: 19 });
  });

  it('stops at the end of a short page and at the top of the list, with a hint', () => {
    const end = browserReducer(at({ cursor: 9 }), { type: 'move', delta: 1, page: { rows: 10 } });
    expect(end).toMatchObject({ offset: 0, cursor: 9, hint: HINTS.endOfList });
    const top = browserReducer(at({}), { type: 'move', delta: -1, page: full });
    expect(top).toMatchObject({ offset: 0, cursor: 0, hint: HINTS.topOfList });
    // The next key clears the hint.
    expect(browserReducer(top, { type: 'home' }).hint).toBeUndefined();
  });

  it('pages by the limit, keeping the cursor row; not past a short page', () => {
    let s = run(at({ cursor: 4 }), { type: 'page', delta: 1, page: full });
    expect(s).toMatchObject({ offset: 30, cursor: 4 });
    s = browserReducer(s, { type: 'page', delta: 1, page: { rows: 7 } });
    expect(s).toMatchObject({ offset: 30, hint: HINTS.endOfList });
    s = run(s, { type: 'page', delta: -1, page: full }, { type: 'page', delta: -1, page: full });
    expect(s).toMatchObject({ offset: 0, cursor: 0 });
  });

  it('does not page forward before the page on screen has loaded', () => {
    const s = browserReducer(at({}), { type: 'page', delta: 1, page: undefined });
    expect(s).toMatchObject({ offset: 0, hint: HINTS.loading });
  });

  it('jumps to the first and last row of the page', () => {
    const s = browserReducer(at({ cursor: 5 }), { type: 'end', page: { rows: 17 } });
    expect(s).toMatchObject({ cursor: 16, top: 7 });
    expect(browserReducer(s, { type: 'home' })).toMatchObject({ cursor: 0, top: 0 });
  });

  it('clamps the cursor when a shorter page arrives', () => {
    const s = browserReducer(at({ cursor: 20, top: 11 }), { type: 'page-loaded', page: { rows: 4 } });
    expect(s).toMatchObject({ cursor: 3, top: 3 });
  });
});

describe('browser state: bounds', () => {
  it('never sends an offset past 10000', () => {
    expect(nextPageOffset(9990, 30)).toBe(10000);
    expect(nextPageOffset(10000, 30)).toBeUndefined();
    const clamped = browserReducer(at({ offset: 9990, cursor: 3 }), { type: 'page', delta: 1, page: full });
    expect(clamped.offset).toBe(10000);
    const stuck = browserReducer(clamped, { type: 'page', delta: 1, page: full });
    expect(stuck).toMatchObject({ offset: 10000, hint: HINTS.offsetBound });
    const down = browserReducer(at({ offset: 10000, cursor: 29 }), { type: 'move', delta: 1, page: full });
    expect(down).toMatchObject({ offset: 10000, cursor: 29, hint: HINTS.offsetBound });
  });

  it('keeps the page size within 1–100, stepping through round sizes', () => {
    expect(nextPageSize(30, 1)).toBe(40);
    expect(nextPageSize(30, -1)).toBe(20);
    expect(nextPageSize(33, 1)).toBe(40);
    expect(nextPageSize(5, -1)).toBe(1);
    expect(nextPageSize(100, 1)).toBe(100);
    expect(nextPageSize(1, -1)).toBe(1);
    const max = browserReducer(at({ limit: 100 }), { type: 'page-size', delta: 1 });
    expect(max).toMatchObject({ limit: 100, hint: HINTS.limitMax });
    const min = browserReducer(at({ limit: 1 }), { type: 'page-size', delta: -1 });
    expect(min).toMatchObject({ limit: 1, hint: HINTS.limitMin });
  });

  it('keeps the selected row on the page when the page size changes', () => {
    const s = browserReducer(at({ offset: 30, cursor: 25 }), { type: 'page-size', delta: -1 });
    expect(s.limit).toBe(20);
    expect(s.offset + s.cursor).toBe(55);
    expect(s.cursor).toBeLessThan(20);
    const bigger = browserReducer(at({ offset: 30, cursor: 25 }), { type: 'page-size', delta: 1 });
    expect(bigger).toMatchObject({ offset: 30, cursor: 25, limit: 40 });
  });
});

describe('browser state: search and detail', () => {
  it('opens the box with the current term, commits typed terms from offset 0, Enter keeps, Esc clears', () => {
    let s = run(
      at({ offset: 60, cursor: 4 }),
      { type: 'search-open' },
      { type: 'search-edit', draft: 'min' },
    );
    expect(s).toMatchObject({ searchOpen: true, draft: 'min', search: '', offset: 60 });
    s = browserReducer(s, { type: 'search-commit', term: 'min' });
    expect(s).toMatchObject({ search: 'min', offset: 0, cursor: 0 });
    s = run(s, { type: 'search-edit', draft: 'miner' }, { type: 'search-accept' });
    expect(s).toMatchObject({ searchOpen: false, search: 'miner' });
    s = run(s, { type: 'search-open' });
    expect(s.draft).toBe('miner');
    s = browserReducer(s, { type: 'search-cancel' });
    expect(s).toMatchObject({ searchOpen: false, search: '', draft: '' });
  });

  it('does not restart from offset 0 when the term is unchanged', () => {
    const s = browserReducer(at({ search: 'ops', offset: 30 }), { type: 'search-commit', term: 'ops ' });
    expect(s.offset).toBe(30);
  });

  it('opens the detail pane only on a row, and closes it when the page changes', () => {
    expect(browserReducer(at({}), { type: 'detail-open', page: { rows: 0 } }).detailOpen).toBe(false);
    const open = browserReducer(at({ cursor: 29 }), { type: 'detail-open', page: full });
    expect(open.detailOpen).toBe(true);
    expect(browserReducer(open, { type: 'move', delta: 1, page: full }).detailOpen).toBe(false);
    expect(browserReducer(open, { type: 'detail-close' }).detailOpen).toBe(false);
  });
});

describe('swatch colours', () => {
  it('parses strict #RRGGBB only', () => {
    expect(parseHexColor('#FF5733')).toEqual({ r: 255, g: 87, b: 51 });
    expect(parseHexColor('#ff5733')).toEqual({ r: 255, g: 87, b: 51 });
    for (const bad of ['FF5733', '#FFF', '#GG0000', '#FF5733\u001b[2J', 'red', '']) {
      expect(parseHexColor(bad), bad).toBeUndefined();
    }
  });

  it('finds the nearest xterm-256 colour in the cube or on the grey ramp', () => {
    expect(nearestXterm256({ r: 0, g: 0, b: 0 })).toBe(16);
    expect(nearestXterm256({ r: 255, g: 255, b: 255 })).toBe(231);
    expect(nearestXterm256({ r: 255, g: 0, b: 0 })).toBe(196);
    expect(nearestXterm256({ r: 0, g: 135, b: 255 })).toBe(33);
    expect(nearestXterm256({ r: 128, g: 128, b: 128 })).toBe(244); // grey 128 beats cube 102 (135,135,135)
    expect(nearestXterm256({ r: 0xff, g: 0x57, b: 0x33 })).toBe(203);
    for (let v = 0; v < 256; v += 17) {
      const n = nearestXterm256({ r: v, g: (v * 7) % 256, b: 255 - v });
      expect(n).toBeGreaterThanOrEqual(16);
      expect(n).toBeLessThanOrEqual(255);
    }
  });

  it('uses the depth the terminal advertises, and none without colour', () => {
    expect(swatchColor('#ff5733', 'truecolor')).toBe('#FF5733');
    expect(swatchColor('#FF5733', '256')).toBe('ansi256(203)');
    expect(swatchColor('#FF5733', '16')).toBe('redBright');
    expect(swatchColor('#1010a0', '16')).toBe('blue');
    expect(swatchColor('#FF5733', 'none')).toBeUndefined();
    expect(swatchColor('not a colour', 'truecolor')).toBeUndefined();
  });
});

describe('columns', () => {
  it('fits 80 columns with short ids, and shows full ids when there is room', () => {
    for (const width of [80, 100, 120, 200]) {
      const layout = layoutColumns(width);
      const used = 5 + layout.columns.reduce((sum, c) => sum + c.width, 0) + layout.columns.length - 1;
      expect(used, `width ${width}`).toBeLessThanOrEqual(width);
    }
    expect(layoutColumns(80).shortId).toBe(true);
    expect(layoutColumns(80).columns.find((c) => c.id === 'id')?.width).toBe(SHORT_ID_LENGTH);
    expect(layoutColumns(120).shortId).toBe(false);
  });

  it('gives the columns the room there is: the values of the page whole at 120 columns', () => {
    const page = [
      {
        id: 'a',
        alias: 'market_maker_1',
        email: 't***r@corp.example.net',
        status: 'active',
        kyc: { kycStatus: 'under_review' },
      },
      { id: 'b', alias: 'ops', email: null, status: 'suspended', kyc: { kycStatus: 'verified' } },
    ] as SubAccount[];
    const layout = layoutColumns(120, contentWidths(page, DEFAULT_TERMINAL));
    const width = (id: string) => layout.columns.find((c) => c.id === id)?.width ?? 0;
    expect(layout.shortId).toBe(false);
    expect(width('alias')).toBeGreaterThanOrEqual('market_maker_1'.length);
    expect(width('email')).toBeGreaterThanOrEqual('t***r@corp.example.net'.length);
    expect(width('status')).toBeGreaterThanOrEqual('suspended'.length);
    expect(width('kyc')).toBeGreaterThanOrEqual('under_review'.length);
    // And every cell of the line is used: no room is left on the right.
    expect(5 + layout.columns.reduce((sum, c) => sum + c.width + 1, 0) - 1).toBe(120);
  });

  it('measures a reordered or filtered list from its per-account widths, the same as measured afresh', () => {
    const rows = [
      { id: 'a', alias: 'market_maker_1', email: null, status: 'active', kyc: { kycStatus: 'verified' } },
      { id: 'b', alias: 'ops', email: 'x@y.example', status: 'suspended', kyc: null },
      {
        id: 'c',
        alias: '日本語のエイリアス',
        email: 'long.address@corp.example.net',
        status: null,
        kyc: null,
      },
    ] as SubAccount[];
    const cache = new WeakMap();
    expect(contentWidths(rows, DEFAULT_TERMINAL, cache)).toEqual(contentWidths(rows, DEFAULT_TERMINAL));
    const reversed = [...rows].reverse();
    expect(contentWidths(reversed, DEFAULT_TERMINAL, cache)).toEqual(contentWidths(rows, DEFAULT_TERMINAL));
    // A filter that drops the widest rows narrows the columns, cache or not.
    const few = rows.slice(0, 2);
    expect(contentWidths(few, DEFAULT_TERMINAL, cache)).toEqual(contentWidths(few, DEFAULT_TERMINAL));
    expect(contentWidths(few, DEFAULT_TERMINAL, cache).alias).toBe('market_maker_1'.length);
    expect(contentWidths(rows, DEFAULT_TERMINAL, cache).alias).toBe(18);
  });
});

describe('footer and messages', () => {
  it('says which rows are shown, the term, the size and the end; never a total', () => {
    expect(footerParts({ offset: 30, limit: 30, search: '', rows: 30 }, DEFAULT_TERMINAL)).toEqual([
      'rows 31–60',
      'page size 30',
    ]);
    expect(footerParts({ offset: 60, limit: 30, search: 'min', rows: 12 }, DEFAULT_TERMINAL)).toEqual([
      'rows 61–72',
      'search "min"',
      'page size 30',
      'end of list',
    ]);
    expect(footerParts({ offset: 0, limit: 30, search: 'zz', rows: 0 }, DEFAULT_TERMINAL)).toEqual([
      'no rows',
      'search "zz"',
      'page size 30',
      'end of list',
    ]);
    expect(emptyText('zz\u001b[31m', 0, DEFAULT_TERMINAL)).toBe(
      'No sub-accounts match "zz". Esc clears the search.',
    );
  });

  it('gives the server message and the likely fix for auth errors', () => {
    const advice = adviceFor(new PooltopError('auth', 'Unauthorized request.', { status: 401 }));
    expect(adviceLine(advice)).toMatch(/^Unauthorized request\. — check the API secret/);
    expect(
      adviceFor(new PooltopError('auth', "You don't have permission to use this endpoint.", { status: 403 }))
        .fix,
    ).toMatch(/allow this endpoint for the key/);
    // With the settings: which key was refused (where it came from, never its value), what to check.
    const fromEnv = {
      profile: 'default',
      configPath: '/home/me/.whitebit/config.toml',
      sources: { apiKey: 'env', apiSecret: 'env' },
    } as const;
    expect(
      adviceLine(adviceFor(new PooltopError('auth', 'Unauthorized request.', { status: 401 }), fromEnv)),
    ).toBe(
      'API key from WHITEBIT_API_KEY refused: Unauthorized request. — check its secret (WHITEBIT_API_SECRET)',
    );
    const fromFile = { ...fromEnv, sources: { apiKey: 'profile', apiSecret: 'profile' } } as const;
    expect(
      adviceFor(new PooltopError('auth', 'Unauthorized request.', { status: 401 }), fromFile).message,
    ).toBe(
      'API key from api_key in profile "default" of /home/me/.whitebit/config.toml refused: Unauthorized request.',
    );
    expect(adviceFor(new PooltopError('config', 'API key and secret are required')).kind).toBe('credentials');
    expect(adviceFor(new PooltopError('network', 'connection refused')).kind).toBe('other');
  });
});

describe('search input keys', () => {
  const key = (name: string, text = '') => ({ name, text });

  it('types every printable key, including the global single letters', () => {
    let draft = '';
    for (const ch of 'q1r p?') {
      const r = searchKey(draft, key(ch, ch));
      if (r.type === 'edit') draft = r.draft;
    }
    expect(draft).toBe('q1r p?');
    expect(searchKey('abc', key('backspace'))).toEqual({ type: 'edit', draft: 'ab' });
    expect(searchKey('abc', key('ctrl+u'))).toEqual({ type: 'edit', draft: '' });
    expect(searchKey('abc def', key('ctrl+w'))).toEqual({ type: 'edit', draft: 'abc ' });
    expect(searchKey('abc', key('enter'))).toEqual({ type: 'accept' });
    expect(searchKey('abc', key('escape'))).toEqual({ type: 'cancel' });
    expect(searchKey('abc', key('down'))).toEqual({ type: 'pass' });
    expect(searchKey('abc', key('ctrl+l'))).toEqual({ type: 'pass' });
  });

  it('takes a paste as text on one line, never as keys', () => {
    expect(searchKey('', { paste: 'a\u001b[2Jb\nq' })).toEqual({ type: 'edit', draft: 'ab q' });
    expect(searchKey('x', { paste: '\u001b[2J' })).toEqual({ type: 'pass' });
    expect(searchKey('', { paste: 'y'.repeat(500) })).toEqual({ type: 'edit', draft: 'y'.repeat(100) });
  });
});
