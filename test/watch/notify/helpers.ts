/** Shared by the notify tests: a hand-driven clock, a loopback HTTP receiver, sample events. */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Round, WatchEvent } from '../../../src/watch/event.js';

/** Timers that fire only when the test moves time on. */
export function fakeClock(start = Date.parse('2026-03-01T12:00:00Z')) {
  let t = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number): unknown => {
      seq++;
      timers.set(seq, { at: t + ms, fn });
      return seq;
    },
    clearTimer: (id: unknown) => {
      timers.delete(id as number);
    },
    /** Milliseconds until each pending timer, soonest first. */
    pending: (): number[] => [...timers.values()].map((x) => x.at - t).sort((a, b) => a - b),
    /** Moves time on by `ms`, firing what falls due, in order. */
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const next = [...timers.entries()]
          .filter(([, x]) => x.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        timers.delete(next[0]);
        t = next[1].at;
        next[1].fn();
      }
      t = end;
    },
  };
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface Receiver {
  url: string;
  port: number;
  got: Received[];
  /** What the next requests are answered with (the last one repeats); 200 by default. */
  replies: Reply[];
  /** While set, answers wait for it. */
  hold?: Promise<void>;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1; `close()` then `listen()` again takes it down and back on the same port. */
export async function startReceiver(): Promise<Receiver> {
  let server: Server | undefined;
  const receiver: Receiver = {
    url: '',
    port: 0,
    got: [],
    replies: [],
    async listen() {
      const s = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const body = Buffer.concat(chunks).toString('utf8');
          receiver.got.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
          await receiver.hold;
          const reply = receiver.replies.length > 1 ? receiver.replies.shift() : receiver.replies[0];
          res.writeHead(reply?.status ?? 200, reply?.headers ?? {});
          res.end(reply?.body ?? '');
        });
      });
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(receiver.port, '127.0.0.1', () => resolve());
      });
      receiver.port = (s.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}`;
    },
    async close() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await receiver.listen();
  return receiver;
}

export function event(over: Partial<WatchEvent> = {}): WatchEvent {
  return {
    status: 'firing',
    kind: 'worker_offline',
    severity: 'critical',
    account: 'main_farm',
    worker: 'rig-07',
    metric: 'worker_offline',
    value: null,
    summary: 'main_farm: worker rig-07 offline',
    startsAt: '2026-03-01T11:58:00.000Z',
    endsAt: null,
    ...over,
  };
}

/** A round whose events and alerts are `events`, and nothing else firing. */
export const round = (...events: WatchEvent[]): Round => ({
  events,
  alerts: events,
  firing: events.filter((e) => e.status === 'firing'),
});

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'pooltop-notify-'));
