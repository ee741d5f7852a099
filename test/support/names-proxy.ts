/**
 * A loopback proxy in front of the embedded service that lets a test decide which worker names
 * the Mining Pool API lists: names in `hide` are taken out of every `workers/names` page, names in
 * `extra` are added to the first page (so keep the service's own list under a page), and
 * miners/info's counts move with them (hidden names count offline, extra ones online); a worker in
 * `scale` has the newest point of its own series multiplied. Everything
 * else passes through unchanged; every request is counted by path.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MINING_PATHS } from '../../src/api/mining-types.js';

export interface NamesProxy {
  baseUrl: string;
  hide: Set<string>;
  extra: string[];
  byPath: Map<string, number>;
  /** While true every request is refused with 503 (the API is down). */
  down: boolean;
  /** Workers whose own series' newest point is multiplied by this (a rig losing hash rate). */
  scale: Map<string, number>;
  close(): Promise<void>;
}

export async function startNamesProxy(target: string): Promise<NamesProxy> {
  const upstream = new URL(target);
  const state: NamesProxy = {
    baseUrl: '',
    hide: new Set(),
    extra: [],
    byPath: new Map(),
    down: false,
    scale: new Map(),
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      state.byPath.set(path, (state.byPath.get(path) ?? 0) + 1);
      if (state.down) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('down');
        return;
      }
      const body = Buffer.concat(chunks);
      const forward = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: req.headers },
        (up) => {
          const rewrites =
            path === MINING_PATHS.workerNames || path === MINING_PATHS.minerInfo || path === MINING_PATHS.workerHashrate;
          if (!rewrites || up.statusCode !== 200) {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            return;
          }
          const parts: Buffer[] = [];
          up.on('data', (c: Buffer) => parts.push(c));
          up.on('end', () => {
            const answer = JSON.parse(Buffer.concat(parts).toString('utf8'));
            if (path === MINING_PATHS.workerHashrate) {
              const worker = (JSON.parse(body.toString('utf8')) as { worker?: string }).worker ?? '';
              const points = answer.data?.hashrates;
              const factor = state.scale.get(worker);
              if (factor !== undefined && Array.isArray(points) && points.length > 0) {
                const last = points[points.length - 1];
                last.hashrate = String(Number(last.hashrate) * factor);
              }
              const text = JSON.stringify(answer);
              res.writeHead(200, { ...up.headers, 'content-length': String(Buffer.byteLength(text)) });
              res.end(text);
              return;
            }
            if (path === MINING_PATHS.minerInfo) {
              // The counts follow the names, as the real API's do when a machine drops.
              const w = answer.data.workers;
              w.online += state.extra.length - state.hide.size;
              w.offline += state.hide.size;
              const text = JSON.stringify(answer);
              res.writeHead(200, { ...up.headers, 'content-length': String(Buffer.byteLength(text)) });
              res.end(text);
              return;
            }
            const offset = (JSON.parse(body.toString('utf8')) as { offset?: number }).offset ?? 0;
            const names: string[] = answer.data.workers.filter((n: string) => !state.hide.has(n));
            if (offset === 0) names.push(...state.extra);
            answer.data.workers = names.sort();
            const text = JSON.stringify(answer);
            const headers = { ...up.headers, 'content-length': String(Buffer.byteLength(text)) };
            res.writeHead(200, headers);
            res.end(text);
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
