/**
 * A small purpose-built HTTP server for the api client's tests: real sockets on 127.0.0.1, an
 * ephemeral port, scripted replies per route, every request recorded (headers and raw body).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Raw body bytes exactly as received. */
  raw: Buffer;
  body: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void;

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Scripts replies for `"METHOD /path"`: one handler per request in turn, the last one repeating. */
  on(route: string, ...handlers: Handler[]): void;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  const routes = new Map<string, Handler[]>();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        raw,
        body: raw.toString('utf8'),
      };
      requests.push(recorded);
      const queue = routes.get(`${recorded.method} ${recorded.url}`);
      const handler = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (handler) handler(recorded, res);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    on(route, ...handlers) {
      routes.set(route, handlers);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Replies with a JSON body. */
export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

/** Replies with a raw text body (HTML, plain text, empty). */
export const text =
  (status: number, body: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
  };

/** Accepts the request and never answers. */
export const hang: Handler = () => {};

/** Sends a TCP reset instead of an answer. */
export const reset: Handler = (_req, res) => {
  res.socket?.resetAndDestroy();
};

/** A loopback port nobody listens on (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Records sleeps instead of waiting; rejects when the signal is already aborted. */
export function recordingSleep(): {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  waits: number[];
} {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      waits.push(ms);
    },
  };
}
