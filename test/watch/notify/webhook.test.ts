/** Each webhook format as its receiver gets it, over real HTTP on loopback. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WatchEvent } from '../../../src/watch/event.js';
import type { WebhookTarget } from '../../../src/watch/notify/notify-config.js';
import { createNotifier } from '../../../src/watch/notify/notifier.js';
import { event, fakeClock, type Receiver, round, startReceiver, tempDir } from './helpers.js';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const HOSTILE = 'rig-07\r\nX-Evil: 1\u001b]52;c;aGk=\u0007 <@everyone> & *bold* _x_ 矿机';

/** Delivers one event through a notifier with one webhook target; what the receiver got, and the log. */
async function deliver(options: Partial<WebhookTarget>, ev: WatchEvent = event()) {
  const clock = fakeClock();
  const log: string[] = [];
  const before = receiver.got.length;
  const target: WebhookTarget = {
    type: 'webhook',
    index: 1,
    url: `${receiver.url}/hook/SECRET-PATH?token=SECRET-QUERY`,
    format: 'json',
    timeoutMs: 10_000,
    ...options,
  };
  const notifier = createNotifier({
    targets: [target],
    stateDir: tempDir(),
    log: (l) => log.push(l),
    ...clock,
  });
  notifier.send(round(ev));
  await vi.waitFor(() => expect(notifier.pending()).toEqual([0]), { timeout: 10_000 });
  await notifier.close();
  return { got: receiver.got.slice(before), log };
}

describe('webhook formats', () => {
  it('json: one POST per event, the event object itself', async () => {
    receiver.replies = [{ status: 204 }];
    const ev = event({ kind: 'worker_offline', worker: null, value: 3, workers: ['a', 'b', 'c'] });
    const { got } = await deliver({ format: 'json' }, ev);
    expect(got).toHaveLength(1);
    expect(got[0]?.method).toBe('POST');
    expect(got[0]?.url).toBe('/hook/SECRET-PATH?token=SECRET-QUERY');
    expect(got[0]?.headers['content-type']).toBe('application/json');
    expect(got[0]?.headers['user-agent']).toMatch(/^pooltop\//);
    expect(JSON.parse(got[0]?.body ?? '')).toEqual(ev);
  });

  it('slack: {"text"} with <, > and & escaped, names cleaned', async () => {
    const { got } = await deliver(
      { format: 'slack' },
      event({ worker: HOSTILE, summary: `main_farm: worker ${HOSTILE} offline` }),
    );
    const body = JSON.parse(got[0]?.body ?? '') as Record<string, string>;
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toContain(
      'FIRING critical: main_farm: worker rig-07 X-Evil: 1 &lt;@everyone&gt; &amp; *bold*',
    );
    expect(body.text).not.toMatch(/[<>\u0000-\u0009\u000b-\u001f]/);
    expect(body.text).toContain('矿机');
  });

  it('discord: {"content"} of at most 2,000 characters, mentions off', async () => {
    const many = Array.from({ length: 400 }, (_, i) => `worker-with-a-long-name-${i}`);
    const ev = event({
      worker: null,
      workers: many,
      summary: 'main_farm: 400 workers offline: worker-with-a-long-name-0, …',
    });
    const { got } = await deliver({ format: 'discord' }, ev);
    const body = JSON.parse(got[0]?.body ?? '') as { content: string; allowed_mentions: unknown };
    expect([...body.content].length).toBeLessThanOrEqual(2000);
    expect(body.content).toContain('workers (400): worker-with-a-long-name-0, ');
    expect(body.content).toContain('and 350 more');
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('telegram: sendMessage with chat_id and text, no parse_mode, at most 4,096 characters', async () => {
    const long = 'x'.repeat(5000);
    const { got } = await deliver({ format: 'telegram', chatId: -100123 }, event({ summary: `*${long}*` }));
    const body = JSON.parse(got[0]?.body ?? '') as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['chat_id', 'text']);
    expect(body.chat_id).toBe(-100123);
    expect([...String(body.text)].length).toBe(4096);
    expect(String(body.text).endsWith('…')).toBe(true);
  });

  it('ntfy: plain text body, Title/Priority/Tags headers in plain ASCII without line breaks', async () => {
    const ev = event({ worker: HOSTILE, summary: `main_farm: worker ${HOSTILE} offline` });
    const { got } = await deliver({ format: 'ntfy', tags: ['pool'] }, ev);
    const req = got[0];
    expect(req?.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(req?.headers['x-evil']).toBeUndefined();
    const title = String(req?.headers.title);
    expect(title).toMatch(/^[\x20-\x7e]+$/);
    expect(title).toContain('pooltop FIRING critical: main_farm: worker rig-07 X-Evil: 1 <@everyone>');
    expect(req?.headers.priority).toBe('4');
    expect(req?.headers.tags).toBe('rotating_light,pool');
    expect(req?.body.split('\n')[0]).toBe(
      `FIRING critical: main_farm: worker rig-07 X-Evil: 1 <@everyone> & *bold* _x_ 矿机 offline`,
    );
  });

  it('ntfy: a resolved event is low priority unless priority is set', async () => {
    const resolved = event({ status: 'resolved', endsAt: '2026-03-01T12:05:00.000Z' });
    const { got } = await deliver({ format: 'ntfy' }, resolved);
    expect(got[0]?.headers.priority).toBe('2');
    expect(got[0]?.headers.tags).toBe('white_check_mark');
    expect(got[0]?.body).toContain('from 2026-03-01T11:58:00.000Z to 2026-03-01T12:05:00.000Z');
    const { got: set } = await deliver({ format: 'ntfy', priority: 5 }, resolved);
    expect(set[0]?.headers.priority).toBe('5');
  });

  it('user:pass@ in the URL becomes Basic authentication', async () => {
    const url = `http://alice:p%40ss@127.0.0.1:${receiver.port}/topic`;
    const { got } = await deliver({ format: 'ntfy', url });
    expect(got[0]?.headers.authorization).toBe(`Basic ${Buffer.from('alice:p@ss').toString('base64')}`);
  });

  it('a 4xx answer drops the message with one line that names no secret', async () => {
    receiver.replies = [
      { status: 400, body: '{"ok":false,"description":"Bad Request: chat not found for SECRET-PATH"}' },
    ];
    const { got, log } = await deliver({ format: 'telegram', chatId: 1 });
    receiver.replies = [];
    expect(got).toHaveLength(1);
    expect(log).toEqual([
      `pooltop: notify[1] (webhook ${receiver.url}): message refused (HTTP 400 (Bad Request: chat not found for …)); dropped`,
    ]);
  });
});
