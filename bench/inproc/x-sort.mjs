import { sortAccounts, sortText } from '../../src/accounts/sort.js';
import { fieldText } from '../../src/accounts/fields.js';
import { createClient } from '../../src/api/client.js';
import { loadAllSubAccounts } from '../../src/api/load-all.js';
import { startService } from '../../src/service/server.js';
import { setFlagsFromString } from 'node:v8';
setFlagsFromString('--turbo-filter=~'); setFlagsFromString('--no-maglev');
const service = await startService({ port: 0, accounts: 10100 });
const { apiKey, apiSecret } = service.credentials;
const client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0 });
const out = await loadAllSubAccounts({ fetchPage: (q, signal) => client.listSubAccounts(q, { signal }) });
const rows = out.rows;
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)].toFixed(1); };
for (const key of ['alias', 'email', 'id', 'userId']) {
  const t = [];
  for (let i = 0; i < 15; i++) { const t0 = performance.now(); sortAccounts(rows, { key, desc: i % 2 === 1 }); t.push(performance.now() - t0); }
  console.log(key, t[0].toFixed(1), med(t));
}

function sortNative(rows, key, desc) {
  const n = rows.length; const w = String(n).length;
  const d = new Array(n);
  for (let i = 0; i < n; i++) { const k = sortText(fieldText(rows[i], key), key === 'alias'); d[i] = k + '\u0000' + String(desc ? n - 1 - i : i).padStart(w, '0'); }
  d.sort(); if (desc) d.reverse();
  const out = new Array(n);
  for (let i = 0; i < n; i++) { const s = d[i]; let j = Number(s.slice(s.length - w)); if (desc) j = n - 1 - j; out[i] = rows[j]; }
  return out;
}
function keysOnly(rows, key) { const n = rows.length; const k = new Array(n); for (let i = 0; i < n; i++) k[i] = sortText(fieldText(rows[i], key), key === 'alias'); return k; }
for (const key of ['alias', 'email', 'id', 'userId']) {
  const t = [], u = [];
  for (let i = 0; i < 15; i++) { let t0 = performance.now(); const a = sortNative(rows, key, i % 2 === 1); t.push(performance.now() - t0);
    t0 = performance.now(); keysOnly(rows, key); u.push(performance.now() - t0);
    const b = sortAccounts(rows, { key, desc: i % 2 === 1 }); if (a.some((r, j) => r !== b[j])) console.log('MISMATCH', key, i % 2); }
  console.log('native', key, t[0].toFixed(1), med(t), 'keys only', med(u));
}
await client.close(); await service.close(); process.exit(0);
