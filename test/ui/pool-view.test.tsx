/** The Pool tab inside the whole dashboard (App → Shell), on a stub client. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { NOW, overviewFixture, wireOverviewFixture } from './helpers/fixtures.js';
import { loaded, startApp as start, unmountApps, waitForFrame } from './helpers/harness.js';
import { withTempStateDir } from './helpers/state-dir.js';
import { keyOf } from './helpers/keys.js';

withTempStateDir();
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterEach(unmountApps);

const http503 = () => new PooltopError('http', 'whitebit.com answered 503: maintenance', { status: 503 });

describe('pool tab', () => {
  it('shows a spinner while the first load is in flight', async () => {
    const { app } = start({}, (c) => {
      c.next = () => new Promise(() => {});
    });
    const f = await waitForFrame(
      app.frame,
      (x) => x.includes('Loading the pool overview') && x.includes('loading…'),
    );
    expect(f).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Loading the pool overview from http:\/\/127\.0\.0\.1:1\//);
    expect(f).toMatch(/every 60s · loading…/);
  });

  it('shows the headline, links, chart and blocks once data arrives', async () => {
    const { app } = start();
    const f = await waitForFrame(app.frame, (x) => loaded(x) && x.includes('updated'));
    expect(f).toContain('Hash rate 184 TH/s · Workers 1,234');
    expect(f).toContain('Location EU · Assets BTC · Rewards FPPS, PPLNS');
    expect(f).toContain('Links › stratum+tcp://eu1.pool.example:3333  1/2 · ↑↓ select · y copy');
    expect(f).toMatch(/\n {8}stratum\+tcp:\/\/eu2\.pool\.example:443\n/);
    expect(f).toContain('Hash rate, last 7 days');
    expect(f).toMatch(/\d+ TH\/s[┼┤]/);
    expect(f).toContain('╵Nov 21');
    expect(f).toMatch(/│ 870010 │ 2025-11-22 11:55:00 │ 5m ago\s+│\s+│/);
    expect(f).toMatch(/127\.0\.0\.1:1 · profile default · every 60s · updated just now\s+12:00:00/);
    expect(f).toContain('? help · q quit');
    expect(f).toContain('● LIVE');
  });

  it('says LIVE only while the last poll succeeded within two intervals: ERROR, STALE otherwise', async () => {
    let now = NOW;
    const { app, client } = start({ now: () => now }, (c) => {
      c.next = async () => {
        throw http503();
      };
    });
    // Every request fails: never LIVE.
    let f = await waitForFrame(app.frame, (x) => x.includes('Could not load the pool overview'));
    expect(f.split('\n')[0]).toMatch(/ERROR$/);
    expect(f).not.toContain('LIVE');
    client.next = async () => overviewFixture();
    app.press(keyOf('global', 'refresh'));
    f = await waitForFrame(app.frame, loaded);
    expect(f.split('\n')[0]).toMatch(/● LIVE$/);
    // The last success is more than two intervals (60 s) old and nothing new came: STALE.
    client.next = () => new Promise(() => {});
    now = NOW + 121_000;
    app.press(keyOf('global', 'refresh'));
    f = await waitForFrame(app.frame, (x) => x.split('\n')[0]!.endsWith('STALE'));
    expect(f).not.toContain('LIVE');
    // A failed poll after good data: ERROR, the data kept and marked stale.
    client.next = async () => {
      throw http503();
    };
    now = NOW + 122_000;
    app.press(keyOf('global', 'refresh'));
    f = await waitForFrame(app.frame, (x) => x.split('\n')[0]!.endsWith('ERROR'));
    expect(f).toContain('STALE');
    expect(f).toContain('Workers 1,234');
  });

  it('keeps the header true while the help covers the tab: polls that land under it count', async () => {
    let now = NOW;
    const { app, client } = start({ now: () => now });
    await waitForFrame(app.frame, (x) => loaded(x) && x.split('\n')[0]!.endsWith('LIVE'));
    app.press(keyOf('global', 'help'));
    await waitForFrame(app.frame, (x) => x.includes('closes this help'));
    // Three intervals later a poll lands while the help is open: still LIVE, not STALE.
    now = NOW + 180_000;
    app.press(keyOf('global', 'refresh'));
    // The clock has ticked past the change (12:03:00), so the header has judged the new time.
    const f = await waitForFrame(
      app.frame,
      (x) => client.calls === 2 && x.includes('12:03:00') && x.includes('updated just now'),
    );
    expect(f.split('\n')[0]).toMatch(/● LIVE$/);
    expect(f).not.toContain('STALE');
  });

  it('makes one request when the dashboard mounts', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    expect(client.calls).toBe(1);
    expect(client.signals[0]).toBeInstanceOf(AbortSignal);
  });

  it('keeps the last data, marked stale, with the error and its next retry', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    client.next = async () => {
      throw http503();
    };
    app.press(keyOf('global', 'refresh'));
    const f = await waitForFrame(app.frame, (x) => x.includes('STALE'));
    expect(f).toContain('error: whitebit.com answered 503: maintenance · next retry 12:00:01 (in 1s)');
    expect(f).toContain('Workers 1,234');
    expect(f).toContain('870010');
  });

  it('says when a failure is not retried automatically', async () => {
    const { app } = start({}, (c) => {
      c.next = async () => {
        throw new PooltopError('auth', 'the API key was refused', { status: 401 });
      };
    });
    const f = await waitForFrame(app.frame, (x) => x.includes('error: the API key'));
    expect(f).toContain('Could not load the pool overview: the API key was refused');
    expect(f).toContain('no automatic retry: r retries');
    expect(f).not.toContain('STALE'); // nothing on screen to be stale
  });

  it('marks data older than three intervals stale', async () => {
    let now = NOW;
    const { app } = start({ now: () => now, intervalSec: 60 });
    await waitForFrame(app.frame, loaded);
    now += 181_000;
    const f = await waitForFrame(app.frame, (x) => x.includes('STALE'), 3000);
    expect(f).toContain('updated 3m ago');
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
    app.press(keyOf('global', 'pause'));
    let f = await waitForFrame(app.frame, (x) => x.includes('‖ PAUSED'));
    expect(f).toContain('every 60s · PAUSED · updated');
    app.press(keyOf('global', 'refresh')); // one refresh, still paused
    f = await waitForFrame(app.frame, (x) => x.includes('Refreshed once; polling stays paused'));
    await waitForFrame(app.frame, () => client.calls === 2);
    expect(app.frame()).toContain('‖ PAUSED');
    app.press(keyOf('global', 'pause'));
    await waitForFrame(app.frame, (x) => x.includes('● LIVE'));
    await waitForFrame(app.frame, () => client.calls === 3);
  });

  it('highlights a block that arrived with the last poll, for one cycle, and shows changes', async () => {
    const { app, client } = start();
    await waitForFrame(app.frame, loaded);
    expect(app.frame()).not.toMatch(/│ new/);
    const next = overviewFixture({
      workers: 1240,
      current_hash_rate: '183000000000000',
      blocks: [
        { block_found_at: NOW / 1000 - 20, block_height: 870_011 },
        ...(wireOverviewFixture().blocks ?? []),
      ],
    });
    client.next = async () => next;
    app.press(keyOf('global', 'refresh'));
    let f = await waitForFrame(app.frame, (x) => x.includes('870011'));
    expect(f).toMatch(/870011 │ 2025-11-22 11:59:40 │ 20s ago\s+│ new\s+│/);
    expect(f).toMatch(/870010 │ 2025-11-22 11:55:00 │ 5m ago\s+│\s+│/);
    expect(f).not.toMatch(/┤\n│ +870010/); // no rule between data rows
    expect(f).toContain('Hash rate 183 TH/s ▼ 1.43 TH/s · Workers 1,240 ▲ 6');
    app.press(keyOf('global', 'refresh')); // same data again: the highlight lasts one cycle
    f = await waitForFrame(app.frame, (x) => x.includes('±0') && !/│ new/.test(x));
    expect(f).toContain('Workers 1,240 ±0');
  });

  it('toggles the chart between 7 days and the last 24 hours with t', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press(keyOf('pool', 'chart-range'));
    let f = await waitForFrame(app.frame, (x) => x.includes('last 24 hours'));
    expect(f).toMatch(/╵\d\d:00/);
    expect(f).not.toContain('╵Nov 16');
    app.press(keyOf('pool', 'chart-range'));
    f = await waitForFrame(app.frame, (x) => x.includes('last 7 days'));
    expect(f).toContain('╵Nov 16');
  });

  it('selects a link with ↓/j and ↑/k and copies it with y through OSC 52', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press(keyOf('pool', 'next-link'));
    await waitForFrame(app.frame, (x) => x.includes('2/2 · ↑↓ select') && x.includes('› stratum+tcp://eu2'));
    app.press(keyOf('pool', 'copy-link'));
    await waitForFrame(app.frame, (x) =>
      x.includes('Sent stratum+tcp://eu2.pool.example:443 to the terminal clipboard (OSC 52)'),
    );
    const b64 = Buffer.from('stratum+tcp://eu2.pool.example:443').toString('base64');
    expect(app.sent).toEqual([`\x1b]52;c;${b64}\x07`]);
    app.press(keyOf('pool', 'prev-link', 1));
    await waitForFrame(app.frame, (x) => x.includes('1/2 · ↑↓ select') && x.includes('› stratum+tcp://eu1'));
  });
});
