/**
 * The dashboard's lifetime signal lives as long as the process and every request is tied to
 * it: after many requests nothing may be left on it (no listener, no AbortSignal.any entry),
 * or a dashboard left running for a week grows without bound. (The soak test measures the
 * same thing over minutes; this pins the cause.)
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { AccountsClient, KEYS, mountAccounts, waitForFrame } from '../ui/accounts-harness.js';
import { dependantsOf } from '../support/signals.js';

describe('the lifetime signal after many requests', () => {
  it('holds no listener and no dependant signal once the Sub-accounts view is idle', async () => {
    const lifetime = new AbortController();
    const client = new AccountsClient();
    const view = mountAccounts({ client, signal: lifetime.signal, width: 100, height: 20 });
    await waitForFrame(view.frame, (f) => f.includes('rows 1–'));
    const firstRow = () => Number(/rows (\d+)–/.exec(view.frame())?.[1] ?? 0);
    while (firstRow() < 151) {
      const before = firstRow();
      view.stdin.write(KEYS.pageDown);
      await vi.waitFor(() => expect(firstRow()).not.toBe(before), { timeout: 3000, interval: 20 }).catch(() => {});
    }
    expect(client.calls.length).toBeGreaterThanOrEqual(6);
    await waitForFrame(view.frame, () => getEventListeners(lifetime.signal, 'abort').length === 0);
    expect(dependantsOf(lifetime.signal)).toBe(0);
    view.unmount();
  });
});
