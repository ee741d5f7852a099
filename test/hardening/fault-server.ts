/**
 * A loopback server for fault tests whose behaviour is switched at run time (`setMode`). It
 * answers the pool overview, the sub-account list and the token refresh (no signature checks)
 * with good data in `ok`, with good data in another shape or degraded (fields missing or
 * unreadable: the parsing policy shows placeholders) in the valid modes, and with one kind of
 * failure in every fault mode. Every request is counted, per mode it arrived in.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MAINTENANCE_PAGE } from '../../src/service/faults.js';

export const FAULT_MODES = [
  'refused',
  'reset',
  'stall',
  'stall-body',
  'drip',
  '429',
  '429-retry-after',
  '503-html',
  '500-json',
  '404-empty',
  'malformed-json',
  'no-data',
  'too-large',
  'hostile-header',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
/** Answers that degrade fields, never the answer (docs/design.md, "Parsing policy"). */
export const DEGRADED_MODES = [
  'missing-field',
  'wrong-types',
  'negative-workers',
  'ms-timestamps',
  'nan-hashrate',
] as const;
/**
 * Modes that are not faults: the camelCase overviews (an object, the legacy one-element array),
 * extra fields and degraded fields are valid data.
 */
export type Mode = 'ok' | 'legacy' | 'camel' | 'extra-fields' | (typeof DEGRADED_MODES)[number] | FaultMode;

const POOL = '/api/v4/public/mining-pool';
const LIST = '/api/v4/sub-account/list';
const REFRESH = '/oauth2/refresh_token';
const BODY_CAP = 2 * 1024 * 1024;

export interface FaultServer {
  readonly url: string;
  readonly mode: Mode;
  /** Requests received, by the mode they arrived in. */
  readonly requests: Record<string, number>;
  total(): number;
  setMode(mode: Mode): Promise<void>;
  close(): Promise<void>;
}

/** `dripMs`: pause between the bytes of a `drip` body (default one second). */
export async function startFaultServer(
  initial: Mode = 'ok',
  opts: { dripMs?: number } = {},
): Promise<FaultServer> {
  let mode: Mode = initial;
  let served = 0;
  const requests: Record<string, number> = {};
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    requests[mode] = (requests[mode] ?? 0) + 1;
    req.resume();
    req.on('end', () => answer(req, res));
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;

  function pool(): Record<string, unknown> {
    served++;
    const now = Math.floor(Date.now() / 1000);
    const history = [{ timestamp: now - 3600, hashrate: '150000000000000.5' }];
    const blocks = [{ block_found_at: now - 300, block_height: 870_000 + served }];
    if (mode === 'legacy' || mode === 'camel') {
      const camel = {
        connectionLinks: ['stratum+tcp://legacy.example:3333'],
        location: 'EU',
        assets: ['BTC'],
        rewardSchemes: ['FPPS'],
        workers: 1000 + served,
        currentHashRate: '184425100325925.9259259259259259',
        last7daysHashRate: history,
        blocks: blocks.map((b) => ({ blockFoundAt: b.block_found_at, blockHeight: b.block_height })),
      };
      return { data: mode === 'legacy' ? [camel] : camel };
    }
    if (mode === 'no-data') return { success: true };
    const data: Record<string, unknown> = {
      connection_links: ['stratum+tcp://eu1.example:3333'],
      location: 'EU',
      assets: ['BTC'],
      reward_schemes: ['FPPS'],
      workers: 1000 + served,
      current_hash_rate: '184425100325925.9259259259259259',
      last7days_hash_rate: history,
      blocks,
    };
    if (mode === 'extra-fields')
      Object.assign(data, {
        beta: true,
        nested: { x: [1] },
        blocks: blocks.map((b) => ({ ...b, extra: 'x' })),
      });
    if (mode === 'missing-field') delete data.workers;
    if (mode === 'wrong-types') Object.assign(data, { workers: '12', location: 5 });
    if (mode === 'negative-workers') data.workers = -3;
    if (mode === 'ms-timestamps')
      data.blocks = blocks.map((b) => ({ ...b, block_found_at: b.block_found_at * 1000 }));
    if (mode === 'nan-hashrate') data.current_hash_rate = 'fast';
    return mode === 'extra-fields' ? { data, success: true, served } : { data };
  }

  function body(path: string): string {
    if (path === POOL) return JSON.stringify(pool());
    if (path === REFRESH) {
      return JSON.stringify({
        data: {
          access_token: `access-${++served}`,
          expires_in: 300,
          refresh_token: `refresh-${served}`,
          scope: 'a,b',
          token_type: 'Bearer',
        },
      });
    }
    const account = {
      id: `id-${++served}`,
      alias: 'bot',
      userId: 'u-1',
      email: 'b***@example.com',
      status: 'active',
      color: '#FF5733',
      kyc: { shareKyc: false, kycStatus: 'verified' },
      permissions: { spotEnabled: true, collateralEnabled: false },
    };
    if (mode === 'no-data') return JSON.stringify({ offset: 0, limit: 30 });
    const wrong = mode === 'wrong-types' || mode === 'missing-field' || mode === 'negative-workers';
    return JSON.stringify({
      offset: wrong ? -1 : 0,
      limit: 30,
      data: [mode === 'extra-fields' ? { ...account, extra: 1 } : account],
    });
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path !== POOL && path !== LIST && path !== REFRESH) return void res.writeHead(404).end();
    const json = { 'content-type': 'application/json' };
    switch (mode) {
      case 'reset': {
        const text = body(path);
        res.writeHead(200, { ...json, 'content-length': String(text.length) });
        res.write(text.slice(0, 10), () => res.socket?.resetAndDestroy());
        return;
      }
      case 'stall':
        return;
      case 'stall-body':
        res.writeHead(200, json);
        res.write('{"data":');
        return;
      case 'drip':
        drip(res, body(path));
        return;
      case '429':
        return void res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests');
      case '429-retry-after':
        return void res
          .writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' })
          .end('Too Many Requests');
      case '503-html':
        return void res.writeHead(503, { 'content-type': 'text/html' }).end(MAINTENANCE_PAGE);
      case '500-json':
        return void res.writeHead(500, json).end('{"error":["Internal server error."]}');
      case '404-empty':
        return void res.writeHead(404).end();
      case 'malformed-json':
        return void res.writeHead(200, json).end('{"data": {"workers": 1,');
      case 'too-large':
        return void res.writeHead(200, json).end(`{"pad":"${'x'.repeat(BODY_CAP)}"}`);
      case 'hostile-header':
        // Raw bytes: node:http would refuse to send these header values.
        res.socket?.end(
          'HTTP/1.1 503 \x1b]0;pwned\x07\r\nRetry-After: 5\x1b[2J\r\nX-Echo: \x9b2J\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      default:
        return void res.writeHead(200, json).end(body(path));
    }
  }

  function drip(res: ServerResponse, text: string): void {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
    let i = 0;
    const step = (): void => {
      if (res.destroyed || i >= text.length) return void res.end();
      res.write(text[i++] ?? '');
      const t = setTimeout(() => {
        timers.delete(t);
        step();
      }, opts.dripMs ?? 1000);
      timers.add(t);
    };
    step();
  }

  const dropConnections = () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    for (const s of sockets) s.destroy();
  };

  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    requests,
    total: () => Object.values(requests).reduce((a, b) => a + b, 0),
    async setMode(next) {
      const was = mode;
      mode = next;
      if (next === 'refused' && was !== 'refused') {
        dropConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (was === 'refused' && next !== 'refused') {
        await listen(server, port);
      } else if (was === 'stall' || was === 'stall-body' || was === 'drip') dropConnections();
    },
    async close() {
      dropConnections();
      if (mode !== 'refused') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
