/**
 * The Sub-accounts tab of the built CLI in a real pseudo-terminal: `node dist/pooltop.cjs --demo`
 * (1000 generated accounts on the in-process embedded service) at 100×30, read back through a
 * headless xterm. Every wait polls the screen with a bound; nothing sleeps a fixed time.
 * (Same pty + xterm set-up as dashboard.test.ts.) `npm test` builds dist/pooltop.cjs first.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { keyOf, keySequence, tabKey } from '../ui/helpers/keys.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(root, 'dist', 'pooltop.cjs');
const COLS = 100;
const ROWS = 30;

type Session = PtySession;

let current: Session | undefined;
afterEach(() => {
  current?.dispose();
  current = undefined;
});

function launch(): Session {
  current = launchPty(['--demo', '--interval', '30'], {
    cols: COLS,
    rows: ROWS,
    env: { CI: '0', CONTINUOUS_INTEGRATION: '0' },
  });
  return current;
}

async function press(
  s: Session,
  keys: string,
  check: (screen: string) => boolean,
  what: string,
): Promise<string> {
  s.pty.write(keys);
  return vi.waitFor(
    () => {
      const text = s.screen();
      if (!check(text)) throw new Error(`waiting for ${what}; screen:\n${text}`);
      return text;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Table rows on screen (they start with the cursor column and hold a masked email). */
function tableRows(screen: string): string[] {
  return screen.split('\n').filter((l) => /^[› ] /.test(l) && /\S\*\*\*\S*@/.test(l));
}

const loaded = (range: string) => (t: string) => t.includes(`rows ${range} ·`);

describe('pooltop --demo: the Sub-accounts tab in a terminal', () => {
  it('searches, pages forward and back, and opens and closes the detail pane', async () => {
    expect(existsSync(cli), 'dist/pooltop.cjs is missing: run `npm run build` (npm test does)').toBe(true);
    const s = launch();
    await press(s, '', (t) => t.includes('[1 Pool]'), 'the dashboard');

    const all = await press(
      s,
      tabKey(3),
      (t) => t.includes('[3 Sub-accounts]') && loaded('1–30')(t),
      'the first page',
    );
    expect(tableRows(all).length).toBeGreaterThan(10);
    expect(all).toMatch(/Alias\s+Email\s+Status\s+KYC/);

    await press(s, keyOf('accounts', 'search'), (t) => t.includes('Search:'), 'the search box');
    const term = 'miner';
    for (let i = 1; i <= term.length; i++) {
      await press(
        s,
        term[i - 1] ?? '',
        (t) => t.includes(`Search: ${term.slice(0, i)}`),
        `"${term.slice(0, i)}" typed`,
      );
    }
    // Enter in the search box keeps the search: the box reads it as text, no action of the keymap.
    const found = await press(
      s,
      keySequence('enter'),
      (t) => t.includes(`search "${term}"`) && loaded('1–30')(t),
      'search results',
    );
    expect(found).not.toContain('Search:');
    const matching = tableRows(found);
    expect(matching.length).toBeGreaterThan(10);
    for (const row of matching) expect(row.toLowerCase()).toContain(term);

    const second = await press(s, keyOf('accounts', 'page-down'), loaded('31–60'), 'PgDn');
    expect(second).toContain(`search "${term}"`);
    for (const row of tableRows(second)) expect(row.toLowerCase()).toContain(term);
    const firstAgain = await press(s, keyOf('accounts', 'page-up'), loaded('1–30'), 'PgUp');
    expect(tableRows(firstAgain)[0]).toBe(matching[0]);

    await press(
      s,
      keyOf('accounts', 'down', 1),
      (t) => (tableRows(t)[1] ?? '').startsWith('›'),
      'the cursor on row 2',
    );
    const detail = await press(
      s,
      keyOf('accounts', 'details'),
      (t) => t.includes('User ID') && t.includes('row 2'),
      'the detail pane',
    );
    expect(detail).toMatch(/ID\s+[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(detail.toLowerCase()).toMatch(/alias\s+\S*miner/);
    await press(
      s,
      keyOf('global', 'close'),
      (t) => !t.includes('User ID') && loaded('1–30')(t),
      'the detail pane closed',
    );

    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  });
});
