/**
 * The Sub-accounts tab inside the whole dashboard (App → Shell → tabs), on the embedded
 * service: the global keys stand aside while the search box is open, help lists the tab's keys
 * from the keymap, and an auth failure stays inside the tab.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { bindingsFor, HELP_NOTES } from '../../src/ui/keymap.js';
import { KEYS, keyedConfig, waitForFrame } from './helpers/accounts-fakes.js';
import { renderApp } from './helpers/harness.js';
import { keyOf, tabKey } from './helpers/keys.js';

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ port: 0, accounts: 1000, seed: 3 });
});
afterAll(() => service.close());

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

function startApp(secret = service.credentials.apiSecret) {
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: secret,
    retries: 0,
  });
  const view = renderApp({
    client,
    config: { ...keyedConfig, baseUrl: service.baseUrl },
    demo: true,
    intervalSec: 60,
    columns: 100,
    rows: 30,
    now: Date.now,
    random: Math.random,
  });
  cleanup.push(async () => {
    view.controller.abort();
    view.unmount();
    await client.close();
  });
  const frame = (): string => view.lastFrame() ?? '';
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(frame, until, 5000);
  };
  return { ...view, frame, press };
}

describe('Sub-accounts tab in the dashboard', () => {
  it('types global keys into the search box instead of quitting or switching tabs', async () => {
    const app = startApp();
    await app.press(tabKey(3), (f) => f.includes('[3 Sub-accounts]') && f.includes('rows 1–30 ·'));
    await app.press(keyOf('accounts', 'search'), (f) => f.includes('Search:'));
    for (const [i, ch] of [...'q1?r'].entries()) {
      await app.press(ch, (f) => f.includes(`Search: ${'q1?r'.slice(0, i + 1)}`));
    }
    expect(app.onQuit).not.toHaveBeenCalled();
    expect(app.frame()).toContain('[3 Sub-accounts]');
    await app.press(KEYS.escape, (f) => !f.includes('Search:') && f.includes('rows 1–30 ·'));
    // With the box closed, the global keys work again.
    let help = await app.press(keyOf('global', 'help'), (f) => f.includes('closes this help'));
    // The help may be taller than the screen: read it to its end.
    let seen = help;
    for (let end = /lines \d+–(\d+) of (\d+)/.exec(help); end && end[1] !== end[2]; ) {
      const shown = end[1];
      help = await app.press(
        keyOf('help', 'scroll-down', 1),
        (f) => /lines \d+–(\d+) of/.exec(f)?.[1] !== shown,
      );
      seen += help;
      end = /lines \d+–(\d+) of (\d+)/.exec(help);
    }
    for (const b of bindingsFor('accounts')) expect(seen).toContain(b.description.slice(0, 30));
    // And what the Keys column's marks mean.
    for (const note of HELP_NOTES.accounts ?? []) expect(seen).toContain(note.slice(0, 30));
    await app.press(KEYS.escape, (f) => !f.includes('closes this help') && f.includes('rows 1–30'));
    await app.press(tabKey(1), (f) => f.includes('[1 Pool]'));
    expect(app.onQuit).not.toHaveBeenCalled();
  });

  it('keeps an auth failure inside the tab: the pool tab still works', async () => {
    const app = startApp('wrong-secret');
    await app.press(tabKey(3), (f) => f.includes('Unauthorized request. — check its secret ('));
    await app.press(tabKey(1), (f) => f.includes('[1 Pool]') && f.includes('Workers'));
  });
});
