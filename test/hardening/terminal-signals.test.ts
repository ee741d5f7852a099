/**
 * The built CLI in a real pseudo-terminal: the dashboard gives the terminal back on an external
 * SIGQUIT, takes Ctrl+\ as a key, writes nothing over the screen on SIGUSR1; a one-shot command
 * says on a terminal stderr what it is waiting for (and nothing of it when stderr is a pipe).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LEAVE_ALT_SCREEN, ENTER_ALT_SCREEN } from '../../src/ui/terminal.js';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { type FaultServer, type Mode, startFaultServer } from './fault-server.js';

let current: PtySession | undefined;
const servers: FaultServer[] = [];
afterEach(() => {
  current?.dispose();
  current = undefined;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

function launch(args: string[], env: Record<string, string> = {}): PtySession {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-pty-home-'));
  current = launchPty(args, {
    cols: 100,
    rows: 30,
    env: { HOME: home, XDG_STATE_HOME: join(home, 's'), XDG_CONFIG_HOME: join(home, 'c'), ...env },
  });
  return current;
}

const dashboardUp = (s: PtySession) => waitForScreen(s, (t) => /Workers/.test(t), 'the pool overview');

/** The alternate screen was left after it was last entered. */
function restored(raw: string): boolean {
  return raw.lastIndexOf(LEAVE_ALT_SCREEN) > raw.lastIndexOf(ENTER_ALT_SCREEN);
}

describe('the dashboard and signals', () => {
  it('restores the terminal on an external SIGQUIT and exits 131', async () => {
    const s = launch(['--demo']);
    await dashboardUp(s);
    s.pty.kill('SIGQUIT');
    expect(await s.exit).toBe(131);
    expect(restored(s.raw())).toBe(true);
  });

  it('takes Ctrl+\\ as a key in raw mode, not as SIGQUIT', async () => {
    const s = launch(['--demo']);
    await dashboardUp(s);
    s.pty.write('\x1c');
    s.pty.write('q');
    expect(await s.exit).toBe(0);
    expect(restored(s.raw())).toBe(true);
  });

  it('writes nothing over the screen on SIGUSR1 and opens no inspector', async () => {
    const s = launch(['--demo'], { DEBUG: 'pooltop' });
    await dashboardUp(s);
    s.pty.kill('SIGUSR1');
    s.pty.write('q');
    expect(await s.exit).toBe(0);
    const raw = s.raw();
    expect(raw).not.toContain('Debugger listening');
    // The debug line was held while the dashboard owned the screen, and printed after it.
    const at = raw.indexOf('SIGUSR1 ignored');
    expect(at).toBeGreaterThan(raw.lastIndexOf(LEAVE_ALT_SCREEN));
  });
});

describe('a one-shot command says what it waits for', () => {
  async function server(mode: Mode): Promise<FaultServer> {
    const s = await startFaultServer(mode);
    servers.push(s);
    return s;
  }

  it.each([
    ['429-retry-after', /pooltop: waiting 1 s: rate limited by the server \(HTTP 429\)\r?\n/],
    ['503-html', /pooltop: waiting 1 s: the server failed \(HTTP 503\)\r?\n/],
  ] as const)('on a terminal, before each retry wait (%s)', async (mode, line) => {
    const api = await server(mode);
    const s = launch(['pool', '--timeout', '60'], { WHITEBIT_API_URL: api.url });
    expect(await s.exit).toBe(1);
    // Two retries, two waits (the second is 1–2 s: its figure varies). On a slow machine the
    // command may also pass the 3 s mark and say it waits for an answer: not a retry wait.
    expect(s.raw()).toMatch(line);
    expect(s.raw().match(/pooltop: waiting \d+ s: /g)).toHaveLength(2);
  });

  it('on a terminal, an answer that is slow to come', async () => {
    const api = await server('stall');
    const s = launch(['pool', '--timeout', '5'], { WHITEBIT_API_URL: api.url });
    expect(await s.exit).toBe(1);
    const host = new URL(api.url).host;
    expect(s.raw()).toContain(`pooltop: waiting for ${host} to answer (gives up after 5 s: --timeout)`);
    expect(s.raw()).toContain('pooltop: no complete answer within 5 s (--timeout)');
  });

  it('nothing of it when stderr is not a terminal', async () => {
    const api = await server('503-html');
    const r = await runCli(['pool', '--timeout', '60'], cleanEnv({ WHITEBIT_API_URL: api.url }));
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).not.toContain('waiting');
  });
});
