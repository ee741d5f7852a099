/**
 * The outbox against a real loopback receiver that goes down and comes back, driven by a fake
 * clock: retries with back-off, one line per change of state, delivery exactly once and in
 * order, pending messages kept on disk across a restart, the receiver's requested waits.
 */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookTarget } from '../../../src/watch/notify/notify-config.js';
import {
  DELIVERY_BACKOFF_BASE_MS,
  backoffMs,
  createNotifier,
  type Notifier,
} from '../../../src/watch/notify/notifier.js';
import { thrown } from '../../support/failures.js';
import { event, fakeClock, type Receiver, round, startReceiver, tempDir } from './helpers.js';

const open: Array<Notifier | Receiver> = [];
afterEach(async () => {
  for (const x of open.splice(0)) await x.close();
});

const MIDDLE = () => 0.5;
/** The back-off with the jitter the tests inject. */
const wait = (failures: number) => backoffMs(failures, MIDDLE);

async function setup(dir = tempDir(), receiverAt?: Receiver) {
  const receiver = receiverAt ?? (await startReceiver());
  const clock = fakeClock();
  const log: string[] = [];
  const target: WebhookTarget = {
    type: 'webhook',
    index: 2,
    url: `${receiver.url}/T0/B0/SECRET?token=SECRET`,
    format: 'json',
    timeoutMs: 10_000,
  };
  const make = () =>
    createNotifier({ targets: [target], stateDir: dir, log: (l) => log.push(l), random: MIDDLE, ...clock });
  const notifier = make();
  open.push(notifier, receiver);
  return { receiver, clock, log, notifier, dir, make };
}

const summaries = (r: Receiver) => r.got.map((g) => (JSON.parse(g.body) as { summary: string }).summary);
const settle = (n: Notifier, pending: number) =>
  vi.waitFor(() => expect(n.pending()).toEqual([pending]), { timeout: 10_000 });

describe('outbox', () => {
  it('a receiver down for a while gets every event once it is back, once each, in order', async () => {
    const { receiver, clock, log, notifier } = await setup();
    await receiver.close();
    notifier.send(round(event({ summary: 'one' })));
    await vi.waitFor(() => expect(log).toHaveLength(1));
    const where = `notify[2] (webhook ${receiver.url})`;
    expect(log[0]).toBe(
      `pooltop: ${where}: delivery failed (connection to the receiver refused); will retry`,
    );
    expect(clock.pending()).toEqual([wait(1)]);
    notifier.send(round(event({ summary: 'two' }), event({ summary: 'three' })));
    // Still in back-off: nothing is tried before its time.
    expect(clock.pending()).toEqual([wait(1)]);
    for (let failures = 1; failures <= 3; failures++) {
      clock.advance(wait(failures));
      await vi.waitFor(() => expect(clock.pending()).toEqual([wait(failures + 1)]));
    }
    expect(log).toHaveLength(1); // one line for the whole outage
    expect(notifier.pending()).toEqual([3]);

    await receiver.listen();
    clock.advance(wait(4));
    await settle(notifier, 0);
    expect(summaries(receiver)).toEqual(['one', 'two', 'three']);
    expect(log).toEqual([log[0], `pooltop: ${where}: delivering again`]);
    expect(log.join('\n')).not.toContain('SECRET');
  });

  it('503 is retried; Retry-After is honoured to the second', async () => {
    const { receiver, clock, log, notifier } = await setup();
    receiver.replies = [{ status: 503 }, { status: 429, headers: { 'retry-after': '120' } }, { status: 200 }];
    notifier.send(round(event({ summary: 'one' })));
    await vi.waitFor(() => expect(clock.pending()).toEqual([wait(1)]));
    expect(log).toEqual([expect.stringContaining('delivery failed (HTTP 503); will retry')]);
    clock.advance(wait(1));
    await vi.waitFor(() => expect(clock.pending()).toEqual([120_000]));
    clock.advance(119_999);
    expect(receiver.got).toHaveLength(2);
    clock.advance(1);
    await settle(notifier, 0);
    expect(receiver.got).toHaveLength(3);
  });

  it.each([
    ['Discord', { retry_after: 2.5, global: false }, 2500],
    ['Telegram', { ok: false, error_code: 429, parameters: { retry_after: 31 } }, 31_000],
  ])("%s's retry_after in the body is honoured", async (_, body, ms) => {
    const { receiver, clock, notifier } = await setup();
    receiver.replies = [{ status: 429, body: JSON.stringify(body) }, { status: 200 }];
    notifier.send(round(event()));
    await vi.waitFor(() => expect(clock.pending()).toEqual([ms]));
  });

  it('the back-off doubles from 5 s to a 10-minute cap, with jitter between half and all of it', () => {
    expect([1, 2, 3, 8, 9, 50].map((n) => backoffMs(n, () => 1))).toEqual([
      5000, 10_000, 20_000, 600_000, 600_000, 600_000,
    ]);
    expect(backoffMs(1, () => 0)).toBe(DELIVERY_BACKOFF_BASE_MS / 2);
  });

  it('a restart delivers what was pending, from a private file that names no URL', async () => {
    const { receiver, log, notifier, dir, make, clock } = await setup();
    await receiver.close();
    notifier.send(round(event({ summary: 'before restart' })));
    await vi.waitFor(() => expect(log).toHaveLength(1));
    expect(await notifier.flush(1000)).toBe(1);
    await notifier.close();
    const file = join(dir, 'watch-outbox.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('before restart');
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('127.0.0.1');

    await receiver.listen();
    const again = make();
    open.push(again);
    again.send(round(event({ summary: 'after restart' })));
    await settle(again, 0);
    expect(summaries(receiver)).toEqual(['before restart', 'after restart']);
    expect(clock.pending()).toEqual([]);
    await again.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, queues: {} });
  });

  it('flush tries at once, whatever the back-off, and reports what is left', async () => {
    const { receiver, log, notifier } = await setup();
    await receiver.close();
    notifier.send(round(event({ summary: 'one' })));
    await vi.waitFor(() => expect(log).toHaveLength(1));
    await receiver.listen();
    expect(await notifier.flush(1000)).toBe(0);
    expect(summaries(receiver)).toEqual(['one']);
  });

  it('a full queue drops its oldest with one line', async () => {
    const dir = tempDir();
    const receiver = await startReceiver();
    await receiver.close();
    const log: string[] = [];
    const notifier = createNotifier({
      targets: [{ type: 'webhook', index: 1, url: `${receiver.url}/x`, format: 'json', timeoutMs: 10_000 }],
      stateDir: dir,
      log: (l) => log.push(l),
      queueCap: 2,
      ...fakeClock(),
    });
    open.push(notifier);
    notifier.send(round(event({ summary: 'a' }), event({ summary: 'b' }), event({ summary: 'c' })));
    expect(log).toEqual([
      `pooltop: notify[1] (webhook ${receiver.url}): more than 2 undelivered messages; the 1 oldest dropped`,
    ]);
    expect(notifier.pending()).toEqual([2]);
  });

  it('a damaged outbox, or one for targets no longer configured, says so in one line and starts empty', async () => {
    const dir = tempDir();
    const file = join(dir, 'watch-outbox.json');
    writeFileSync(file, '{"version":1,"queues":{"x":[{"status":"firing"', { mode: 0o600 });
    const { log, notifier } = await setup(dir);
    expect(log).toEqual([`pooltop: the notify outbox ${file} is damaged; its undelivered messages are lost`]);
    expect(notifier.pending()).toEqual([0]);
    await notifier.close();

    writeFileSync(file, JSON.stringify({ version: 1, queues: { 'gone-target': [event(), event()] } }));
    const again = await setup(dir);
    expect(again.log).toEqual([
      'pooltop: notify: 2 undelivered message(s) for targets no longer configured dropped',
    ]);
    expect(again.notifier.pending()).toEqual([0]);
  });

  it('refuses an outbox file others can write to', async () => {
    const dir = tempDir();
    const file = join(dir, 'watch-outbox.json');
    writeFileSync(file, JSON.stringify({ version: 1, queues: {} }));
    chmodSync(file, 0o666);
    const e = thrown(() =>
      createNotifier({ targets: [], stateDir: dir, log: () => undefined, ...fakeClock() }),
    );
    expect(e.kind).toBe('config');
    expect(e.message).toContain(`the notify outbox ${file} is writable by every user`);
    expect(existsSync(file)).toBe(true);
  });

  it('a queue follows its destination to a new place in the file and a new timeout', async () => {
    const { receiver, log, notifier, dir } = await setup();
    await receiver.close();
    notifier.send(round(event({ summary: 'kept' })));
    await vi.waitFor(() => expect(log).toHaveLength(1));
    await notifier.close();
    await receiver.listen();
    const url = `${receiver.url}/T0/B0/SECRET?token=SECRET`;
    const moved = createNotifier({
      targets: [
        { type: 'exec', index: 1, command: ['true'], timeoutMs: 1000 },
        { type: 'webhook', index: 3, url, format: 'json', timeoutMs: 3000 },
      ],
      stateDir: dir,
      log: (l) => log.push(l),
      ...fakeClock(),
    });
    open.push(moved);
    expect(moved.pending()).toEqual([0, 1]);
    moved.send(round());
    await vi.waitFor(() => expect(moved.pending()).toEqual([0, 0]));
    expect(summaries(receiver)).toEqual(['kept']);
  });

  it('a receiver that never answers is given up on at the timeout and tried again', async () => {
    const receiver = await startReceiver();
    receiver.hold = new Promise(() => {});
    const clock = fakeClock();
    const log: string[] = [];
    const notifier = createNotifier({
      targets: [{ type: 'webhook', index: 1, url: `${receiver.url}/x`, format: 'json', timeoutMs: 200 }],
      stateDir: tempDir(),
      log: (l) => log.push(l),
      random: MIDDLE,
      ...clock,
    });
    open.push(notifier, receiver);
    notifier.send(round(event()));
    await vi.waitFor(() =>
      expect(log).toEqual([
        `pooltop: notify[1] (webhook ${receiver.url}): delivery failed (no answer within 0.2 s); will retry`,
      ]),
    );
    expect(notifier.pending()).toEqual([1]);
    expect(clock.pending()).toEqual([wait(1)]);
  });

  it('flush gives up at its deadline with what is pending written down', async () => {
    const { receiver, clock, notifier, dir } = await setup();
    receiver.hold = new Promise(() => {});
    notifier.send(round(event({ summary: 'in flight' })));
    await vi.waitFor(() => expect(receiver.got).toHaveLength(1));
    const flushed = notifier.flush(1000);
    clock.advance(1000);
    expect(await flushed).toBe(1);
    expect(readFileSync(join(dir, 'watch-outbox.json'), 'utf8')).toContain('in flight');
  });
});
