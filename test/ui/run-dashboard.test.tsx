import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDashboard } from '../../src/ui/run-dashboard.js';
import { HIDE_CURSOR, LEAVE_ALT_SCREEN, SHOW_CURSOR } from '../../src/ui/terminal.js';
import { TITLE_POP, TITLE_PUSH } from '../../src/terminal/title.js';
import type { PoolOverview } from '../../src/api/types.js';
import { configFixture, overviewFixture, StubClient } from './helpers/fixtures.js';
import { asReadStream, asWriteStream, FakeStdin, FakeStdout } from './helpers/fake-tty.js';
import { withTempStateDir } from './helpers/state-dir.js';
import { keyOf } from './helpers/keys.js';

withTempStateDir();

const ENTER = '\x1b[?1049h';

function launch(client = new StubClient(), config = configFixture, { title }: { title?: boolean } = {}) {
  const stdin = new FakeStdin();
  const stdout = new FakeStdout();
  const done = runDashboard({
    client,
    config,
    demo: false,
    intervalSec: 60,
    color: false,
    stdin: asReadStream(stdin),
    stdout: asWriteStream(stdout),
    title,
  });
  return { stdin, stdout, done, client };
}

const until = (check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('not yet');
    },
    { timeout: 5000, interval: 10 },
  );

/** The shell's window title is saved first and restored last, once; the screen likewise. */
function expectRestored(output: string): void {
  const leave = output.lastIndexOf(LEAVE_ALT_SCREEN);
  expect(output.startsWith(TITLE_PUSH + ENTER + HIDE_CURSOR)).toBe(true);
  expect(leave).toBeGreaterThan(0);
  expect(output.indexOf(SHOW_CURSOR, leave)).toBeGreaterThan(leave);
  expect(output.split(LEAVE_ALT_SCREEN)).toHaveLength(2); // exactly once
  expect(output.endsWith(TITLE_POP)).toBe(true);
  expect(output.split(TITLE_POP)).toHaveLength(2);
}

const listeners = () =>
  ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit', 'uncaughtException', 'unhandledRejection'].map((e) =>
    process.listenerCount(e),
  );
// Ink's dependencies (signal-exit via restore-cursor) keep one listener per signal for good;
// what matters is that a run leaves nothing of its own behind, so counts must not grow.
let baseline: number[] | undefined;
afterEach(() => {
  const now = listeners();
  if (baseline) expect(now).toEqual(baseline);
  baseline = now;
});

describe('runDashboard', () => {
  it('enters the alternate screen, and on q restores it, returns 0 and aborts requests', async () => {
    const client = new StubClient();
    client.next = () => new Promise(() => {}); // a request that never answers
    const { stdin, stdout, done } = launch(client);
    await until(() => stdout.output.includes('Loading the pool overview'));
    stdin.press(keyOf('global', 'quit'));
    expect(await done).toBe(0);
    expectRestored(stdout.output);
    expect(client.signals[0]?.aborted).toBe(true);
    expect(stdin.isRaw).toBe(false);
  });

  it('sets the window title to pooltop, and with --no-title (title: false) leaves it alone', async () => {
    const on = launch();
    await until(() => on.stdout.output.includes('Workers 1,234'));
    expect(on.stdout.output).toContain('\x1b]2;pooltop\x07');
    on.stdin.press(keyOf('global', 'quit'));
    expect(await on.done).toBe(0);

    const off = launch(new StubClient(), configFixture, { title: false });
    await until(() => off.stdout.output.includes('Workers 1,234'));
    off.stdin.press(keyOf('global', 'quit'));
    expect(await off.done).toBe(0);
    for (const sequence of [TITLE_PUSH, TITLE_POP, '\x1b]2;'])
      expect(off.stdout.output).not.toContain(sequence);
    expect(off.stdout.output.startsWith(ENTER + HIDE_CURSOR)).toBe(true);
  });

  it('draws the pool in its first frame when the first poll answers at once: one request, no loading frame', async () => {
    const { stdin, stdout, done, client } = launch();
    await until(() => stdout.output.includes('Workers 1,234'));
    expect(stdout.output).not.toContain('Loading the pool overview');
    expect(client.calls).toBe(1);
    stdin.press(keyOf('global', 'quit'));
    expect(await done).toBe(0);
  });

  it('takes the keys (raw mode, no echo) before its first frame is written, and gives them back', async () => {
    const stdin = new FakeStdin();
    const stdout = new FakeStdout();
    let writtenWhenRaw: string | undefined;
    const setRawMode = stdin.setRawMode.bind(stdin);
    stdin.setRawMode = (mode: boolean) => {
      if (mode && writtenWhenRaw === undefined) writtenWhenRaw = stdout.output;
      return setRawMode(mode);
    };
    const done = runDashboard({
      client: new StubClient(),
      config: configFixture,
      demo: false,
      intervalSec: 60,
      color: false,
      stdin: asReadStream(stdin),
      stdout: asWriteStream(stdout),
    });
    await until(() => stdout.output.includes('Workers 1,234'));
    expect(writtenWhenRaw).toBeDefined();
    expect(writtenWhenRaw).not.toContain('pooltop');
    stdin.press(keyOf('global', 'quit'));
    expect(await done).toBe(0);
    expect(stdin.isRaw).toBe(false);
  });

  it('draws the loading frame when the first poll is slow, then the pool from that same request', async () => {
    const client = new StubClient();
    let answer: (overview: PoolOverview) => void = () => {};
    client.next = () => new Promise((resolve) => (answer = resolve));
    const { stdin, stdout, done } = launch(client);
    await until(() => stdout.output.includes('Loading the pool overview'));
    answer(overviewFixture());
    await until(() => stdout.output.includes('Workers 1,234'));
    expect(client.calls).toBe(1);
    stdin.press(keyOf('global', 'quit'));
    expect(await done).toBe(0);
  });

  it('quits on Ctrl+C too', async () => {
    const { stdin, stdout, done } = launch();
    await until(() => stdout.output.includes('Workers 1,234'));
    stdin.press(keyOf('global', 'quit', 1));
    expect(await done).toBe(0);
    expectRestored(stdout.output);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('restores the terminal on %s and returns %i', async (signal, code) => {
    const { stdout, done } = launch();
    await until(() => stdout.output.includes('Workers 1,234'));
    process.emit(signal, signal);
    expect(await done).toBe(code);
    expectRestored(stdout.output);
  });

  it('restores the terminal when rendering fails and returns 1', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const broken = {
      ...configFixture,
      get sources(): never {
        throw new Error('boom\x1b[2J in render');
      },
    };
    const { stdout, done } = launch(new StubClient(), broken);
    expect(await done).toBe(1);
    expectRestored(stdout.output);
    expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('pooltop: boom in render');
    stderr.mockRestore();
  });
});

describe('Ctrl+Z', () => {
  // The grace timer (suspend.ts) runs on fake time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the terminal back before stopping, and takes it again once, with a full repaint, on SIGCONT', async () => {
    const { suspendDashboard, STOP_GRACE_MS } = await import('../../src/ui/suspend.js');
    const { stdin, stdout, events } = fakeTerminal();
    suspendDashboard({
      stdin,
      stdout,
      repaint: () => events.push('repaint'),
      stop: () => events.push('SIGTSTP'),
    });
    // Nothing right after the stop: kill() may return before the process has stopped.
    expect(events).toEqual([
      JSON.stringify(`\x1b[?2004l${LEAVE_ALT_SCREEN}${SHOW_CURSOR}`),
      'raw false',
      'SIGTSTP',
    ]);
    process.emit('SIGCONT'); // fg
    process.emit('SIGCONT');
    expect(events.slice(3)).toEqual([
      'raw true',
      JSON.stringify(`${ENTER}${HIDE_CURSOR}\x1b[?2004h`),
      'repaint',
    ]);
    expect(process.listenerCount('SIGCONT')).toBe(0);
    vi.advanceTimersByTime(STOP_GRACE_MS + 50);
    expect(events).toHaveLength(6); // the grace timer was cancelled
  });

  it("gives the shell's window title back while stopped, and takes it again on SIGCONT", async () => {
    const { suspendDashboard } = await import('../../src/ui/suspend.js');
    const { stdin, stdout, events } = fakeTerminal();
    suspendDashboard({ stdin, stdout, title: true, repaint: () => events.push('repaint'), stop: () => {} });
    expect(events[0]).toBe(JSON.stringify(`\x1b[?2004l${LEAVE_ALT_SCREEN}${SHOW_CURSOR}${TITLE_POP}`));
    process.emit('SIGCONT');
    expect(events.slice(-2)).toEqual([
      JSON.stringify(`${TITLE_PUSH}${ENTER}${HIDE_CURSOR}\x1b[?2004h`),
      'repaint',
    ]);
  });

  it('reads the terminal size again on SIGCONT, before the repaint: it may have changed while stopped', async () => {
    const { suspendDashboard } = await import('../../src/ui/suspend.js');
    const { stdin, stdout, events } = fakeTerminal();
    Object.assign(stdout, { isTTY: true, _refreshSize: () => events.push('size read') });
    suspendDashboard({ stdin, stdout, repaint: () => events.push('repaint'), stop: () => {} });
    expect(events).not.toContain('size read');
    process.emit('SIGCONT');
    expect(events.slice(-2)).toEqual(['size read', 'repaint']);
  });

  it('takes the terminal back by itself when the stop never comes (SIGTSTP ignored)', async () => {
    const { suspendDashboard, STOP_GRACE_MS } = await import('../../src/ui/suspend.js');
    const { stdin, stdout, events } = fakeTerminal();
    suspendDashboard({ stdin, stdout, repaint: () => events.push('repaint'), stop: () => {} });
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(STOP_GRACE_MS - 1);
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(events.slice(2)).toEqual([
      'raw true',
      JSON.stringify(`${ENTER}${HIDE_CURSOR}\x1b[?2004h`),
      'repaint',
    ]);
    expect(process.listenerCount('SIGCONT')).toBe(0);
  });
});

function fakeTerminal() {
  const events: string[] = [];
  const stdin = {
    isTTY: true,
    setRawMode: (on: boolean) => events.push(`raw ${on}`),
  } as unknown as NodeJS.ReadStream;
  const stdout = {
    write: (text: string) => events.push(JSON.stringify(text)),
  } as unknown as NodeJS.WriteStream;
  return { stdin, stdout, events };
}
