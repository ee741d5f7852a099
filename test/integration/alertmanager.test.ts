/**
 * The Alertmanager sink judged by the real engine: Debian's `prometheus-alertmanager` (.ci/run
 * installs it), started on its own loopback port with a config and data directory in a temp dir,
 * grouping on a one-second clock and a webhook receiver on loopback with `send_resolved`.
 * pooltop posts a firing alert, then the same alert resolved; Alertmanager must relay both with
 * pooltop's labels. Skipped, saying so, only when the binary is not installed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNotifier, type Notifier } from '../../src/watch/notify/notifier.js';
import { event, type Receiver, startReceiver, tempDir } from '../watch/notify/helpers.js';

const BIN = 'prometheus-alertmanager';
const installed = spawnSync(BIN, ['--version'], { stdio: 'ignore' }).status === 0;
const title = installed
  ? 'real Alertmanager'
  : `real Alertmanager — SKIPPED: ${BIN} not installed (apt-get install -y prometheus-alertmanager)`;
if (!installed) console.warn(`test/integration/alertmanager.test.ts: ${title}`);

interface Notification {
  status: string;
  alerts: Array<{ status: string; labels: Record<string, string>; annotations: Record<string, string> }>;
}

describe.skipIf(!installed)(title, () => {
  const dir = tempDir();
  let am: ChildProcess | undefined;
  let amLog = '';
  let api = '';
  let hook: Receiver;
  let notifier: Notifier;
  const log: string[] = [];

  beforeAll(async () => {
    hook = await startReceiver();
    // A port nobody listens on: taken by a receiver, then given back.
    const probe = await startReceiver();
    await probe.close();
    api = `http://127.0.0.1:${probe.port}`;
    const config = join(dir, 'am.yml');
    writeFileSync(
      config,
      [
        'route:',
        '  receiver: hook',
        "  group_by: ['alertname', 'account', 'worker']",
        '  group_wait: 1s',
        '  group_interval: 1s',
        '  repeat_interval: 1h',
        'receivers:',
        '  - name: hook',
        '    webhook_configs:',
        `      - url: ${JSON.stringify(`${hook.url}/am-hook`)}`,
        '        send_resolved: true',
        '',
      ].join('\n'),
    );
    am = spawn(
      BIN,
      [
        `--config.file=${config}`,
        `--storage.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${probe.port}`,
        '--cluster.listen-address=',
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    am.stderr?.setEncoding('utf8').on('data', (d: string) => (amLog += d));
    await vi.waitFor(
      async () => {
        if (am?.exitCode !== null) throw new Error(`alertmanager exited: ${amLog}`);
        expect((await fetch(`${api}/-/ready`)).status).toBe(200);
      },
      { timeout: 15_000, interval: 100 },
    );
    notifier = createNotifier({
      targets: [{ type: 'alertmanager', index: 1, url: api, timeoutMs: 5000 }],
      stateDir: join(dir, 'state'),
      log: (l) => log.push(l),
    });
  });

  afterAll(async () => {
    await notifier?.close();
    if (am && am.exitCode === null) {
      const gone = new Promise((r) => am?.once('exit', r));
      am.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      am.kill('SIGKILL');
    }
    await hook?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The first notification the receiver got with `status`, waited for (bounded). */
  async function notification(status: string): Promise<Notification> {
    let found: Notification | undefined;
    await vi.waitFor(
      () => {
        found = hook.got.map((g) => JSON.parse(g.body) as Notification).find((n) => n.status === status);
        expect(found, `no ${status} notification yet; alertmanager said: ${amLog}`).toBeDefined();
      },
      { timeout: 10_000, interval: 100 },
    );
    return found as Notification;
  }

  it('relays the firing alert and then its resolve, with pooltop labels', async () => {
    const startsAt = new Date(Date.now() - 120_000).toISOString();
    const firing = event({ account: 'main_farm', worker: 'rig-07', startsAt });
    notifier.send({ events: [], alerts: [firing], firing: [firing] });
    const fired = await notification('firing');
    expect(fired.alerts).toHaveLength(1);
    expect(fired.alerts[0]?.labels).toEqual({
      alertname: 'PooltopWorkerOffline',
      severity: 'critical',
      account: 'main_farm',
      worker: 'rig-07',
      metric: 'worker_offline',
    });
    expect(fired.alerts[0]?.annotations.summary).toBe('main_farm: worker rig-07 offline');

    const resolved = { ...firing, status: 'resolved' as const, endsAt: new Date().toISOString() };
    notifier.send({ events: [], alerts: [resolved], firing: [] });
    const done = await notification('resolved');
    expect(done.alerts[0]?.status).toBe('resolved');
    expect(done.alerts[0]?.labels.worker).toBe('rig-07');
    expect(log).toEqual([]);
  });
});
