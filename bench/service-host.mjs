// The embedded reference service hosted in the bench runner's own process (from the bundled
// bench/inproc/service.mjs), so its counters (stats(): requests, connections, byPath) can be
// read while `pooltop` runs against it in a pty. Loopback only. Also builds the environment that
// points pooltop at it, with HOME and state dirs in a temp dir so no real config or token store
// is read or written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { childEnv } from './pty.mjs';

const open = new Set();

export async function hostService(serviceFile, options = {}) {
  const { startService } = await import(pathToFileURL(serviceFile).href);
  const service = await startService({ host: '127.0.0.1', port: 0, ...options });
  const home = mkdtempSync(join(tmpdir(), 'pooltop-bench-home-'));
  const handle = {
    service,
    baseUrl: service.baseUrl,
    stats: () => service.stats(),
    /** Environment for `pooltop` (credentials as in --demo, via env so nothing secret is on argv). */
    env() {
      const c = service.credentials;
      return childEnv({
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_STATE_HOME: join(home, '.local', 'state'),
        POOLTOP_STATE_DIR: join(home, 'state'),
        WHITEBIT_API_URL: service.baseUrl,
        WHITEBIT_API_KEY: c.apiKey,
        WHITEBIT_API_SECRET: c.apiSecret,
        WHITEBIT_CLIENT_ID: c.clientId,
        WHITEBIT_CLIENT_SECRET: c.clientSecret,
        WHITEBIT_REFRESH_TOKEN: c.refreshToken,
      });
    },
    async close() {
      open.delete(handle);
      await Promise.race([service.close(), new Promise((r) => setTimeout(r, 2000))]);
      rmSync(home, { recursive: true, force: true });
    },
  };
  open.add(handle);
  return handle;
}

export async function closeAllServices() {
  await Promise.all([...open].map((h) => h.close()));
}
