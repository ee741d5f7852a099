import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/api/errors.js';
import { bindingsFor, keysLabel } from '../../src/ui/keymap.js';
import { TABS } from '../../src/ui/tabs.js';
import { NOW, overviewFixture, StubClient } from './helpers/fixtures.js';
import { renderApp, resize, waitForFrame } from './helpers/render-app.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function start(opts: Partial<Parameters<typeof renderApp>[0]> = {}, prepare?: (client: StubClient) => void) {
  const client = new StubClient();
  prepare?.(client);
  const app = renderApp({ client, ...opts });
  cleanup.push(() => app.unmount());
  return { client, app };
}

const loaded = (f: string) => f.includes('Workers 1,234');

describe('pool tab', () => {
  it('shows a spinner line while the first load is in flight', async () => {
    const client = new StubClient();
    client.next = () => new Promise(() => {});
    const app = renderApp({ client });
    cleanup.push(() => app.unmount());
    const f = await waitForFrame(app.frame, (x) => x.includes('Loading the pool overview'));
    expect(f).toContain('http://127.0.0.1:1/');
  });

  it('shows the overview, the chart and the blocks once data arrives', async () => {
    const { app } = start();
    const f = await waitForFrame(app.frame, loaded);
    expect(f).toContain('Location EU · Assets BTC · Rewards FPPS, PPLNS');
    expect(f).toContain('Hash rate 184 TH/s');
    expect(f).toContain('stratum+tcp://eu1.pool.example:3333');
    expect(f).toContain('Hash rate, last 7 days');
    expect(f).toMatch(/TH\/s[┼┤]/);
    expect(f).toMatch(/│\s+870010 │ 5m ago\s+│/);
    expect(f).toContain('updated just now');
    expect(f).toContain('● LIVE every 60s');
  });

  it('makes one request when the dashboard mounts', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    expect(client.calls).toBe(1);
    expect(client.signals[0]).toBeInstanceOf(AbortSignal);
  });

  it('keeps the last data, marked stale, when a refresh fails', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    client.next = async () => {
      throw new PooltopError('http', 'whitebit.com answered 503: maintenance', { status: 503 });
    };
    app.press('r');
    const f = await waitForFrame(app.frame, (x) => x.includes('STALE'));
    expect(f).toContain('error: whitebit.com answered 503: maintenance');
    expect(f).toContain('Workers 1,234');
    expect(f).toContain('870010');
  });

  it('sanitises network text before it reaches the terminal', async () => {
    const { app } = start({}, (client) => {
      client.next = async () => overviewFixture({ location: 'EU\x1b[2J\x1b]0;pwned\x07\u202eWEST' });
    });
    const f = await waitForFrame(app.frame, loaded);
    expect(f).toContain('Location EUWEST ·');
    expect(f).not.toContain('\x1b');
  });

  it('pauses and resumes polling with p', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    app.press('p');
    let f = await waitForFrame(app.frame, (x) => x.includes('‖ PAUSED'));
    expect(f).toContain('polling paused (p resumes)');
    app.press('r');
    f = await waitForFrame(app.frame, (x) => x.includes('Paused: press p to resume'));
    expect(client.calls).toBe(1);
    app.press('p');
    f = await waitForFrame(app.frame, (x) => x.includes('● LIVE'));
    await waitForFrame(app.frame, () => client.calls === 2);
  });

  it('highlights a block that appears while watching', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    expect(app.frame()).not.toMatch(/│ new/);
    const before = overviewFixture();
    client.next = async () =>
      overviewFixture({ blocks: [{ block_found_at: NOW / 1000 - 20, block_height: 870_011 }, ...before.blocks] });
    app.press('r');
    const f = await waitForFrame(app.frame, (x) => x.includes('870011'));
    expect(f).toMatch(/870011 │ 20s ago\s+│ new\s+│/);
    expect(f).toMatch(/870010 │ 5m ago\s+│\s+│/);
    expect(f).not.toMatch(/├[─┼]+┤\n│ +870010/); // no rule between data rows
  });

  it('toggles block times between relative and absolute with t', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press('t');
    let f = await waitForFrame(app.frame, (x) => x.includes('2025-11-22 11:55:00'));
    expect(f).toContain('local time');
    expect(f).not.toContain('5m ago');
    app.press('t');
    f = await waitForFrame(app.frame, (x) => x.includes('5m ago'));
    expect(f).not.toContain('2025-11-22 11:55:00');
  });

  it('copies the selected stratum link with OSC 52 and says so', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press('l');
    await waitForFrame(app.frame, (x) => x.includes('(2/2 · l next · y copy)'));
    app.press('y');
    await waitForFrame(app.frame, (x) => x.includes('Copied stratum+tcp://eu2.pool.example:443'));
    const b64 = Buffer.from('stratum+tcp://eu2.pool.example:443').toString('base64');
    expect(app.stdout.frames).toContain(`\x1b]52;c;${b64}\x07`);
  });
});

describe('shell', () => {
  it('switches tabs with 1/2/3, Tab and Shift+Tab', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press('2');
    let f = await waitForFrame(app.frame, (x) => x.includes('[2 Sub-accounts]'));
    expect(f).toContain('--api-key');
    expect(f).toContain('WHITEBIT_API_SECRET');
    expect(f).not.toContain('Workers 1,234');
    app.press('\t');
    f = await waitForFrame(app.frame, (x) => x.includes('[3 Session]'));
    expect(f).toContain('--refresh-token');
    expect(f).toContain('WHITEBIT_CLIENT_ID');
    app.press('\x1b[Z');
    await waitForFrame(app.frame, (x) => x.includes('[2 Sub-accounts]'));
    app.press('\t');
    app.press('\t');
    await waitForFrame(app.frame, (x) => x.includes('[1 Pool]') && loaded(x));
    app.press('3');
    await waitForFrame(app.frame, (x) => x.includes('[3 Session]'));
    app.press('1');
    await waitForFrame(app.frame, (x) => x.includes('[1 Pool]') && loaded(x));
  });

  it.each(TABS.map((t, i) => [t.title, i] as const))('help lists every key of the global and %s scopes', async (_title, index) => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press(String(index + 1));
    app.press('?');
    const tab = TABS[index]!;
    const f = await waitForFrame(app.frame, (x) => x.includes('closes this help'));
    for (const b of [...bindingsFor('global'), ...bindingsFor(tab.scope)]) {
      expect(f).toContain(b.description);
      expect(f).toMatch(new RegExp(`${keysLabel(b).replace(/[?+/]/g, '\\$&')}\\s+${b.description.replace(/[()/]/g, '\\$&')}`));
    }
    app.press('\x1b');
    await waitForFrame(app.frame, (x) => !x.includes('closes this help'));
  });

  it('asks for a bigger terminal below 80×24 and comes back when resized', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    resize(app.stdout, 79, 24);
    let f = await waitForFrame(app.frame, (x) => x.includes('Terminal too small: 79×24'));
    expect(f).toContain('at least 80×24');
    expect(f).not.toContain('Workers');
    resize(app.stdout, 80, 23);
    await waitForFrame(app.frame, (x) => x.includes('Terminal too small: 80×23'));
    resize(app.stdout, 80, 24);
    f = await waitForFrame(app.frame, loaded);
    for (const line of f.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(f.split('\n').length).toBeLessThanOrEqual(23);
    app.press('q');
    expect(app.onQuit).toHaveBeenCalledWith(0);
  });

  it('quits with q and with Ctrl+C', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press('q');
    app.press('\x03');
    expect(app.onQuit.mock.calls).toEqual([[0], [0]]);
  });
});
