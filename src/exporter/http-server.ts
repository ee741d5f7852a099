/**
 * The exporter's HTTP side (node:http): `/metrics` in the Prometheus text format, `/` a one-line
 * page linking it, `/-/healthy` 200. GET and HEAD only. A scrape formats what the poller last
 * stored; it never reaches the API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Exposition } from './exposition.js';

export interface MetricsServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  close(): Promise<void>;
}

const LANDING =
  '<!doctype html><html><head><title>pooltop exporter</title></head><body><h1>pooltop exporter</h1><p><a href="/metrics">Metrics</a></p></body></html>\n';

function send(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export async function startMetricsServer(opts: {
  host: string;
  port: number;
  exposition: Exposition;
}): Promise<MetricsServer> {
  const { exposition } = opts;
  const server = createServer({ keepAlive: true }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      send(res, req, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n');
      return;
    }
    if (path === '/metrics') {
      exposition.text().then(
        (text) => send(res, req, 200, exposition.contentType, text),
        () => send(res, req, 500, 'text/plain; charset=utf-8', 'metrics could not be collected\n'),
      );
    } else if (path === '/') {
      send(res, req, 200, 'text/html; charset=utf-8', LANDING);
    } else if (path === '/-/healthy') {
      send(res, req, 200, 'text/plain; charset=utf-8', 'Healthy\n');
    } else {
      send(res, req, 404, 'text/plain; charset=utf-8', 'Not Found\n');
    }
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
