/**
 * The embedded service with its data clock frozen at `t0`, behind the names proxy (names-proxy.ts),
 * and a client of the proxy: what a test of listings and worker rules starts from.
 */
import { createClient } from '../../src/api/client.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { type NamesProxy, startNamesProxy } from './names-proxy.js';

export interface ProxiedService {
  service: ServiceHandle;
  proxy: NamesProxy;
  client: ReturnType<typeof createClient>;
  close(): Promise<void>;
}

export async function startProxiedService(t0: number, opts: { seed: number; workers: number; miningAccounts: number }) {
  const service = await startService({ port: 0, ...opts, now: () => t0, nonceNow: Date.now });
  const proxy = await startNamesProxy(service.baseUrl);
  const { apiKey, apiSecret } = service.credentials;
  const client = createClient({ baseUrl: proxy.baseUrl, apiKey, apiSecret, retries: 0 });
  const close = async () => {
    await client.close();
    await proxy.close();
    await service.close();
  };
  return { service, proxy, client, close } satisfies ProxiedService;
}
