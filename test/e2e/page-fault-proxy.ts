/**
 * A loopback HTTP proxy in front of the embedded service that answers HTTP 500 to every request
 * for one path's page at one offset (read from the signed body), and passes everything else
 * through unchanged: a page that can never be fetched (until `failOffset` is set to -1).
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PATHS } from '../../src/api/types.js';

export interface PageFaultProxy {
  baseUrl: string;
  /** Requests refused so far. */
  refused: () => number;
  /** The offset refused; -1 refuses nothing. */
  failOffset: number;
  close(): Promise<void>;
}

/** Sends `req` (its `body` read already) on to `upstream` and the answer back; `onEnd` once it is through. */
export function forward(upstream: URL, req: IncomingMessage, body: Buffer, res: ServerResponse, onEnd?: () => void): void {
  const out = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      if (onEnd) up.on('end', onEnd);
    },
  );
  out.on('error', () => res.destroy());
  out.end(body);
}

export async function startPageFaultProxy(
  target: string,
  failOffset: number,
  path: string = PATHS.subAccounts,
): Promise<PageFaultProxy> {
  const upstream = new URL(target);
  let refused = 0;
  const state = { failOffset };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === path && offsetOf(body) === state.failOffset) {
        refused++;
        const text = JSON.stringify({ error: ['Internal server error.'] });
        res.writeHead(500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      forward(upstream, req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    refused: () => refused,
    get failOffset() {
      return state.failOffset;
    },
    set failOffset(v: number) {
      state.failOffset = v;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function offsetOf(body: Buffer): number | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { offset?: unknown };
    return typeof parsed.offset === 'number' ? parsed.offset : undefined;
  } catch {
    return undefined;
  }
}
