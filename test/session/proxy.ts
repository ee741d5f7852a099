/**
 * A loopback TCP proxy that can cut a connection at a chosen moment, to reproduce the
 * unavoidable window: `drop-response` forwards the request and, once the server has answered
 * (so it has accepted the refresh), closes the client's connection without passing the answer on.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export type ProxyMode = 'pass' | 'drop-request' | 'drop-response';

export interface CutProxy {
  baseUrl: string;
  mode: ProxyMode;
  close(): Promise<void>;
}

/** `beforeAnswer`: run once, when the first answer arrives from the server and before it is passed on. */
export async function startCutProxy(
  target: string,
  mode: ProxyMode,
  beforeAnswer?: () => void,
): Promise<CutProxy> {
  let answered = false;
  const url = new URL(target);
  const sockets = new Set<Socket>();
  const proxy: CutProxy = { baseUrl: '', mode, close: async () => undefined };
  const server = createServer((client) => {
    sockets.add(client);
    const upstream = createConnection({ host: url.hostname, port: Number(url.port) });
    sockets.add(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk) => {
      if (proxy.mode === 'drop-request') {
        client.destroy();
        upstream.destroy();
      } else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!answered) {
        answered = true;
        beforeAnswer?.();
      }
      if (proxy.mode === 'drop-response') {
        client.destroy();
        upstream.destroy();
      } else client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy: no address');
  proxy.baseUrl = `http://127.0.0.1:${address.port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
