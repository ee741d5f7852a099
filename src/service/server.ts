/**
 * The embedded reference service: a node:http server implementing the three operations of the
 * vendor's specification and the Mining Pool read operations, used by `pooltop serve`, `pooltop --demo`
 * (in-process) and the tests. Binds 127.0.0.1 by default; keep-alive on.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createContext, snapshotStats } from './context.js';
import { createCredentials } from './credentials.js';
import { checkFailRate, resolveOptions, type ServiceHandle, type ServiceOptions } from './options.js';
import { createRequestHandler } from './router.js';

export type { ServiceCredentials, ServiceHandle, ServiceOptions, ServiceStats } from './options.js';

export async function startService(options: ServiceOptions = {}): Promise<ServiceHandle> {
  const resolved = resolveOptions(options);
  const credentials = createCredentials(options.credentials);
  const ctx = createContext(resolved, credentials);
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number): Promise<void> => {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  };

  const server = createServer({ keepAlive: true, keepAliveTimeout: 5000 }, createRequestHandler(ctx, delay));
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    ctx.counters.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const status =
      err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });

  await listen(server, resolved.port, resolved.host);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('service: no TCP address');
  const host = urlHost(address.address);

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${host}:${address.port}`,
    credentials: { ...credentials },
    miningAccounts: ctx.mining.accounts.map((a) => a.name),
    stats: () => snapshotStats(ctx),
    setFailRate(rate: number) {
      ctx.failRate = checkFailRate(rate);
    },
    changeAccount: (id, patch) => ctx.accounts.change(id, patch),
    removeAccount: (id) => ctx.accounts.remove(id),
    addTransfer: (accountId, transfer) => ctx.oversight.addTransfer(accountId, transfer),
    addKey: (accountId, key) => ctx.oversight.addKey(accountId, key),
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** The address as a URL host; an unspecified address (0.0.0.0, ::) is reached through loopback. */
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
