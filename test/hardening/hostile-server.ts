/**
 * A loopback server that never lets a command finish on its own: it hangs the TLS handshake,
 * never answers, trickles a body without end, rate-limits for ever, redirects to itself, or
 * answers every list with ten thousand rows whatever `limit` asked. `received(n)` resolves once
 * n requests (or, for `tls-hang`, connections) have arrived, so a test can act at that moment
 * instead of after a guessed sleep.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export const HOSTILE_MODES = ['tls-hang', 'stall', 'drip', '429-forever', 'redirect-loop'] as const;
/** Not hostile in time: `oversized-pages` ignores `limit`; `unrecognised` answers 200 with no field pooltop knows. */
export type HostileMode = (typeof HOSTILE_MODES)[number] | 'oversized-pages' | 'unrecognised';

export interface HostileServer {
  readonly url: string;
  /** Requests (connections for `tls-hang`) received so far. */
  count(): number;
  received(n?: number): Promise<void>;
  /** `limit` of each list request, in order (oversized-pages). */
  readonly limits: number[];
  close(): Promise<void>;
}

const POOL = '/api/v4/public/mining-pool';
/** Rows of the oversized pages: `{"id":"r12345"}`, small enough that 10,000 fit the 2 MiB body cap. */
export const OVERSIZED_ROWS = 10_000;

export async function startHostileServer(mode: HostileMode): Promise<HostileServer> {
  let seen = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const limits: number[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const arrive = () => {
    seen++;
    for (const w of waiters.splice(0)) {
      if (seen >= w.n) w.resolve();
      else waiters.push(w);
    }
  };

  let server: Server;
  if (mode === 'tls-hang') {
    // Accepts the connection and never answers the TLS ClientHello.
    server = createNetServer((socket) => {
      socket.on('error', () => {});
      arrive();
    });
  } else {
    server = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        arrive();
        answer(req, res, Buffer.concat(chunks).toString('utf8'));
      });
    });
  }
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
    const path = (req.url ?? '').split('?')[0] ?? '';
    switch (mode) {
      case 'stall':
        return;
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000000' });
        const step = () => {
          if (res.destroyed) return;
          res.write(' ');
          const t = setTimeout(step, 100);
          timers.add(t);
        };
        res.write('{"data":');
        step();
        return;
      }
      case '429-forever':
        return void res
          .writeHead(429, { 'content-type': 'text/plain', 'retry-after': '999999' })
          .end('Too Many Requests');
      case 'redirect-loop':
        return void res.writeHead(302, { location: req.url ?? '/' }).end();
      case 'oversized-pages': {
        if (path === POOL) return void res.writeHead(404).end();
        limits.push(Number(readJson(body).limit));
        const data = Array.from({ length: OVERSIZED_ROWS }, (_, i) => ({ id: `r${seen}-${i}` }));
        // No offset or limit echoed, and ten thousand rows whatever was asked.
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
      }
      case 'unrecognised':
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: { hashrate_now: 'fast', miners: 12 } }));
      default:
        return void res.writeHead(500).end();
    }
  }

  return {
    url: `${mode === 'tls-hang' ? 'https' : 'http'}://127.0.0.1:${port}`,
    count: () => seen,
    limits,
    received(n = 1) {
      if (seen >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
