/**
 * The dashboard's lifetime signal lives as long as the process and every request is tied to
 * it: after many requests nothing may be left on it (no listener, no AbortSignal.any entry),
 * or a dashboard left running for a week grows without bound. (The soak test measures the
 * same thing over minutes; this pins the cause.)
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { dependantsOf } from '../support/signals.js';
import { AccountsClient, mountAccounts, waitForFrame, waitUntil } from '../ui/helpers/accounts-fakes.js';

describe('the lifetime signal after many requests', () => {
  it('holds no listener and no dependant signal once the Sub-accounts view stops', async () => {
    const lifetime = new AbortController();
    const client = new AccountsClient();
    // Polling every 20 ms: each poll is one request tied to the lifetime signal.
    const view = mountAccounts({
      client,
      signal: lifetime.signal,
      width: 100,
      height: 20,
      intervalSec: 0.02,
    });
    await waitForFrame(view.frame, (f) => f.includes('rows 1–'));
    await waitUntil(() => client.calls.length >= 15, '15 requests', 60_000);
    view.unmount();
    await waitUntil(() => getEventListeners(lifetime.signal, 'abort').length === 0, 'no listeners');
    expect(dependantsOf(lifetime.signal)).toBe(0);
  });
});
