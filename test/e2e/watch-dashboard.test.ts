/**
 * The dashboard left on the Pool tab judges every mining account: with mining thresholds that
 * every demo account crosses, the status bar lists each account's alert and `!` each firing,
 * the Mining tab never opened. In a real terminal (tmux); skipped, with a message, without tmux.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTmux, type TmuxServer, tmuxMissing } from '../support/tmux-session.js';
import { tmuxKeyOf } from '../ui/helpers/keys.js';

const missing = tmuxMissing();
if (missing) console.warn(`test/e2e/watch-dashboard: ${missing}`);

let server: TmuxServer;
const ACCOUNTS = ['hosting_kz', 'main_farm', 'solar_shed'];

beforeAll(() => {
  if (missing) return;
  server = startTmux('watchdash');
  mkdirSync(join(server.home, 'config', 'pooltop'), { recursive: true });
  writeFileSync(
    join(server.home, 'config', 'pooltop', 'config.toml'),
    [
      '[thresholds.mining]',
      'workers_online = { critical = "100000:" }',
      '[watch]',
      'interval = "1s"',
      'for = "0s"',
      '[watch.workers]',
      'offline = false',
      '',
    ].join('\n'),
  );
});
afterAll(() => server?.kill());

describe.skipIf(Boolean(missing))('alerts with the Mining tab never opened', () => {
  it('the Pool tab shows every account crossing its threshold, in the status bar and in !', async () => {
    const s = server.pooltop('pool', 230, 40, ['--demo'], { XDG_CONFIG_HOME: join(server.home, 'config') });
    const bar = await s.waitFor(
      (x) => ACCOUNTS.every((a) => x.includes(`CRIT ${a}/workers_online`)),
      'every account in the status bar',
    );
    expect(bar).toMatch(/\[1 Pool\]/);
    s.keys(tmuxKeyOf('global', 'alerts'));
    const history = await s.waitFor(
      (x) => x.includes('Alert history') && ACCOUNTS.every((a) => new RegExp(`${a}/workers_online +OK → CRITICAL`).test(x)),
      'every account in the history',
    );
    expect(history).not.toContain('Mining fleet');
    s.keys(tmuxKeyOf('global', 'quit'));
  });
});
