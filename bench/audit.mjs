// The key audit (`pooltop audit keys`): 1,000 sub-accounts with three keys each on the embedded
// service with its rate limits on (1000 requests / 10 s per key and operation): wall time, keys
// written, requests per operation and the most any one operation got in a 10 s window.
// Target: ≤ 60 s, every key, no operation over its limit (so no request answered 429).
//   node bench/audit.mjs                      standalone (builds the service bundle, needs dist/ built)
//   node bench/run.mjs --only audit           as part of the bench
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntries, makeWorkDir, root } from './bundle.mjs';
import { hostService } from './service-host.mjs';
import { fmt } from './stats.mjs';

const ACCOUNTS = 1000;
const TARGETS = { ms: 60_000, keys: ACCOUNTS * 3 };
const PATHS = {
  list: '/api/v4/sub-account/list',
  keys: '/api/v4/sub-account/api-key/list',
  ips: '/api/v4/sub-account/api-key/ip-address/list',
};

export async function measureAudit({ cliFile, serviceFile }) {
  const host = await hostService(serviceFile, { accounts: ACCOUNTS });
  try {
    const samples = [];
    const timer = setInterval(() => samples.push({ t: performance.now(), byPath: host.stats().byPath }), 250);
    const t0 = performance.now();
    const { code, lines } = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cliFile, 'audit', 'keys', '--ndjson'], {
        env: host.env(),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let count = 0;
      child.stdout.on('data', (d) => {
        for (const b of d) if (b === 10) count++;
      });
      const kill = setTimeout(() => child.kill('SIGKILL'), 180_000);
      child.on('error', reject);
      child.on('exit', (c) => {
        clearTimeout(kill);
        resolve({ code: c, lines: count });
      });
    });
    const ms = performance.now() - t0;
    clearInterval(timer);
    const byPath = host.stats().byPath;
    // The most requests of one operation within any 10 s of the run (sampled every 250 ms).
    const peak = (path) => {
      let most = 0;
      for (const a of samples) {
        const b = samples.findLast((s) => s.t <= a.t + 10_000) ?? a;
        most = Math.max(most, (b.byPath[path] ?? 0) - (a.byPath[path] ?? 0));
      }
      return most;
    };
    return {
      ms,
      code,
      keys: lines,
      requests: Object.fromEntries(Object.entries(PATHS).map(([k, p]) => [k, byPath[p] ?? 0])),
      peak10s: Object.fromEntries(Object.entries(PATHS).map(([k, p]) => [k, peak(p)])),
      writes: host.stats().writes,
    };
  } finally {
    await host.close();
  }
}

export function auditLines(r) {
  const ok =
    r.ms <= TARGETS.ms && r.keys === TARGETS.keys && Object.values(r.peak10s).every((n) => n <= 1000);
  return [
    `audit keys (1,000 sub-accounts × 3 keys): ${fmt(r.ms / 1000, 1)} s (target ≤ 60 s), ${r.keys} keys, exit ${r.code} ${ok ? 'OK' : 'MISSED'}`,
    `  requests: list ${r.requests.list}, api-key/list ${r.requests.keys}, ip-address/list ${r.requests.ips}; most in any 10 s: ${r.peak10s.keys} and ${r.peak10s.ips} (limit 1000); writes ${r.writes}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const work = makeWorkDir();
  try {
    const b = await bundleEntries(work.dir, { service: 'bench/inproc/service.mjs' });
    if (!b.service.file) throw new Error(JSON.stringify(b));
    const r = await measureAudit({ cliFile: join(root, 'dist', 'pooltop.cjs'), serviceFile: b.service.file });
    console.log(auditLines(r).join('\n'));
  } finally {
    work.cleanup();
  }
  process.exit(0);
}
