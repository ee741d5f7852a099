/**
 * contrib/: the Grafana dashboard and the Prometheus rules may only name series the exporter
 * publishes (the demo has mining accounts, so the mining series are there), so a renamed metric
 * cannot leave a dashboard panel silently empty. promtool judges the rules' syntax in
 * test/integration/prometheus.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runCli } from '../support/run-cli.js';

const CONTRIB = join(import.meta.dirname, '..', '..', 'contrib');
/** Series the dashboard reads from Prometheus itself or from prom-client's process metrics. */
const OTHERS = ['up', 'process_resident_memory_bytes'];

const names = (expr: string) =>
  [...expr.matchAll(/\b((?:whitebit|pooltop|process)_[a-z_]+|up)\b/g)].map((m) => m[1] as string);

describe('contrib/', () => {
  it('names only series the exporter publishes', async () => {
    const r = await runCli(['exporter', '--demo', '--once'], cleanEnv());
    expect(r.code).toBe(0);
    const published = new Set([...r.stdout.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1] as string));
    published.add('pooltop_threshold_status'); // only with thresholds in the preferences file
    for (const n of OTHERS) published.add(n);

    const dashboard = JSON.parse(readFileSync(join(CONTRIB, 'grafana-dashboard.json'), 'utf8'));
    const exprs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if ((k === 'expr' || k === 'definition') && typeof x === 'string') exprs.push(x);
          else walk(x);
        }
      }
    };
    walk(dashboard);
    const rules = readFileSync(join(CONTRIB, 'prometheus-rules.yml'), 'utf8');
    exprs.push(...[...rules.matchAll(/^\s+expr: (.+)$/gm)].map((m) => m[1] as string));

    for (const n of ['whitebit_mining_workers', 'whitebit_mining_reject_ratio'])
      expect(published).toContain(n);
    const used = new Set(exprs.flatMap(names));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((n) => !published.has(n))).toEqual([]);
    // and every data series the exporter publishes is on the dashboard
    const data = [...published].filter((n) => n.startsWith('whitebit_'));
    expect(data.filter((n) => !used.has(n))).toEqual([]);
  });
});
