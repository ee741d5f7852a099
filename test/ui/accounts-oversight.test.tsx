/**
 * The Sub-accounts tab's oversight parts against the embedded service over loopback HTTP: the
 * Keys column and its marks, the detail pane's key view (a hostile title sanitised) and recent
 * transfers, the line of withdrawals awaiting confirmation, and none where that operation answers
 * 404. Expected marks and rows come from the service's model, not from pooltop's code; what
 * reaches the server is counted with `stats()`. No assertion is about time or renders.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { OVERSIGHT_PATHS } from '../../src/api/oversight-types.js';
import { displayWidth } from '../../src/format/width.js';
import { generateAccounts } from '../../src/service/accounts.js';
import {
  accountKeys,
  keyIps,
  type ModelKey,
  transferAt,
  transferCount,
} from '../../src/service/oversight-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { HELP_NOTES } from '../../src/ui/keymap.js';
import {
  AccountsClient,
  KEYS,
  keyedConfig,
  keyOf,
  mountAccounts,
  waitForFrame,
  waitUntil,
} from './helpers/accounts-fakes.js';

const SEED = 11;
const COUNT = 200;
const generated = generateAccounts(COUNT, SEED);

let service: ServiceHandle;
let off: ServiceHandle;
beforeAll(async () => {
  [service, off] = await Promise.all([
    startService({ port: 0, accounts: COUNT, seed: SEED }),
    startService({ port: 0, accounts: COUNT, seed: SEED, withdrawalsDisabled: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([service.close(), off.close()]);
});

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

const requests = (s: ServiceHandle, path: string) => s.stats().byPath[path] ?? 0;

function mount(s: ServiceHandle, width = 120, height = 40) {
  const client = createClient({
    baseUrl: s.baseUrl,
    apiKey: s.credentials.apiKey,
    apiSecret: s.credentials.apiSecret,
    retries: 0,
  });
  const view = mountAccounts({
    client,
    config: { ...keyedConfig, baseUrl: s.baseUrl },
    width,
    height,
    now: Date.now,
  });
  cleanup.push(async () => {
    view.unmount();
    await client.close();
  });
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until, 10_000);
  };
  return { ...view, press };
}

const DAY = 86_400;
/** What the legend says of one key, worked out from the model (key-marks.ts is what is tested). */
function modelMarks(k: ModelKey, nowSec: number, ips?: readonly string[]): string {
  const money =
    k.type === '2' ||
    k.accessEndpoints.some((e) => /withdraw|transfer/i.test(e.name)) ||
    (ips !== undefined && k.isEnabled && ips.length === 0);
  const idle = k.lastActivity === 0 || nowSec - k.lastActivity > 90 * DAY;
  return `${money ? '!' : ''}${idle ? '~' : ''}${k.isEnabled ? '' : '-'}`;
}

const keysOf = (index: number) =>
  accountKeys(SEED, index, generated[index]?.id ?? '', Math.floor(Date.now() / 1000));

/** The Keys cell of the row showing the account at `index` (its id's start identifies the row). */
function keysCellOf(frame: string, index: number): string | undefined {
  const id = (generated[index]?.id ?? '').slice(0, 8);
  const line = frame.split('\n').find((l) => /^[› ] /.test(l) && l.includes(id));
  return line && /\s(\d+\+?(?: [!~-]+)?)\s+[0-9a-f]{8}/.exec(line)?.[1];
}

const tableRows = (f: string) => f.split('\n').filter((l) => /^[› ] .*[0-9a-f]{8}/.test(l));
const rowsLoaded = (f: string) => /rows 1–30 ·/.test(f);

describe('the Keys column', () => {
  it('shows each drawn account’s key count and marks, one listing per row drawn, no IP list', async () => {
    const v = mount(service);
    const nowSec = Math.floor(Date.now() / 1000);
    const f = await waitForFrame(
      v.frame,
      (x) => rowsLoaded(x) && tableRows(x).every((l) => /\s3(?: [!~-]+)?\s+[0-9a-f]{8}/.test(l)),
      10_000,
    );
    expect(f).toMatch(/Coll(?:ateral)? +Keys +ID/);
    const drawn = tableRows(f).length;
    expect(drawn).toBeGreaterThan(5);
    for (let i = 0; i < drawn; i++) {
      const marks = [...new Set(keysOf(i).flatMap((k) => [...modelMarks(k, nowSec)]))];
      const ordered = ['!', '~', '-'].filter((m) => marks.includes(m)).join('');
      expect(keysCellOf(f, i)).toBe(ordered ? `3 ${ordered}` : '3');
    }
    // Every mark of the legend occurs on the first rows of this model.
    expect(f).toMatch(/ 3 !/);
    expect(f).toMatch(/ 3 [!]?~/);
    expect(f).toMatch(/ 3 [!~]*-/);
    expect(requests(service, OVERSIGHT_PATHS.apiKeys)).toBe(drawn);
    expect(requests(service, OVERSIGHT_PATHS.ipAddresses)).toBe(0);

    // A page flip asks for the new rows only; back again, the kept listings are drawn, none asked.
    const before = requests(service, OVERSIGHT_PATHS.apiKeys);
    await v.press(KEYS.pageDown, (x) => /rows 31–60 ·/.test(x) && /\s3(?: [!~-]+)?\s+[0-9a-f]{8}/.test(x));
    await waitUntil(
      () => requests(service, OVERSIGHT_PATHS.apiKeys) >= before + drawn,
      'the new rows’ listings',
    );
    const afterFlip = requests(service, OVERSIGHT_PATHS.apiKeys);
    expect(afterFlip - before).toBe(drawn);
    const back = await v.press(KEYS.pageUp, (x) => rowsLoaded(x) && keysCellOf(x, 0) !== undefined);
    expect(keysCellOf(back, 0)).toMatch(/^3/);
    v.settle();
    expect(requests(service, OVERSIGHT_PATHS.apiKeys)).toBe(afterFlip);
    expect(requests(service, OVERSIGHT_PATHS.ipAddresses)).toBe(0);
  });

  it('fits 80×24, 120×40 and 200×60, and drops out where the other columns need the room', async () => {
    for (const [width, height] of [
      [80, 24],
      [120, 40],
      [200, 60],
    ] as const) {
      const v = mount(service, width, height);
      const f = await waitForFrame(v.frame, (x) => /\s3(?: [!~-]+)?\s+[0-9a-f]{8}/.test(x), 10_000);
      expect(f).toContain('Keys');
      for (const line of f.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      // The detail's key view fits too.
      await v.press(KEYS.enter, (x) => x.includes('Sub-account, row 1'));
      const keys = await v.press(keyOf('accounts', 'pane-section'), (x) => /API keys +updated/.test(x));
      for (const line of keys.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      v.unmount();
    }
    const narrow = mount(service, 72, 24);
    const f = await waitForFrame(narrow.frame, (x) => /rows 1–\d+ ·/.test(x) && tableRows(x).length > 0);
    expect(f).not.toContain('Keys');
    for (const line of f.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(72);
    expect(requests(service, OVERSIGHT_PATHS.ipAddresses)).toBe(0);
  });

  it('is left out, with the pane’s key view, for a client without the oversight reads', async () => {
    const v = mountAccounts({ client: new AccountsClient(), width: 120, height: 30 });
    const f = await waitForFrame(v.frame, (x) => /rows 1–\d+ ·/.test(x));
    expect(f).not.toContain('Keys');
    expect(f).not.toContain('Withdrawals');
    v.stdin.write(KEYS.enter);
    await waitForFrame(v.frame, (x) => x.includes('Sub-account, row 1'));
    v.stdin.write(keyOf('accounts', 'pane-section'));
    await waitForFrame(v.frame, (x) => x.includes('v: no API key reads on this client'));
    v.unmount();
  });
});

describe('the detail pane', () => {
  it('shows each key with its IP list and findings in words, a hostile title sanitised', async () => {
    const v = mount(service);
    await waitForFrame(v.frame, (x) => rowsLoaded(x) && keysCellOf(x, 1) !== undefined, 10_000);
    await v.press(KEYS.down, (x) => /^› /m.test(x) && (tableRows(x)[1] ?? '').startsWith('›'));
    // v outside the pane only says where it acts.
    await v.press(keyOf('accounts', 'pane-section'), (x) =>
      x.includes('v: API keys and transfers, in the detail pane'),
    );
    await v.press(KEYS.enter, (x) => x.includes('Sub-account, row 2') && x.includes('v keys'));
    const f = await v.press(
      keyOf('accounts', 'pane-section'),
      (x) => x.includes('API keys') && !x.includes('IPs: …') && x.includes('IPs: '),
    );
    const keys = keysOf(1);
    // The second account's third key carries colour escapes in its title (the model's hostile titles).
    const hostile = keys[2];
    expect(hostile?.title).toContain('\u001b[31m');
    expect(f).not.toContain('\u001b');
    expect(f).toContain('ops RED key');
    const nowSec = Math.floor(Date.now() / 1000);
    // Every key is there with its findings; the IP lists were read for these keys only.
    expect(requests(service, OVERSIGHT_PATHS.ipAddresses)).toBe(keys.length);
    const lines = f.split('\n');
    keys.forEach((k, j) => {
      const title = k.title.includes('\u001b') ? 'ops RED key' : k.title;
      const at = lines.findIndex((l) => l.includes(title));
      const [head = '', access = '', found = ''] = lines.slice(at, at + 3);
      expect(head).toContain(k.isEnabled ? 'enabled' : 'disabled');
      expect(head).toContain(`type ${k.type}`);
      expect(head).toContain(k.lastActivity === 0 ? 'never used' : 'last used');
      const ips = keyIps(SEED, 1, j);
      expect(access).toContain(ips.length === 0 ? 'IPs: any (no restriction)' : `IPs: ${ips.join(', ')}`);
      // The marks before the title and the findings in words, as the model implies.
      const marks = modelMarks(k, nowSec, ips);
      expect(/^│ (\S*) /.exec(head)?.[1] ?? '').toBe(marks);
      const idle = k.lastActivity !== 0 && nowSec - k.lastActivity > 90 * DAY;
      const words = [
        k.isEnabled && ips.length === 0 ? 'enabled without IP restriction' : '',
        k.lastActivity === 0 ? 'never used' : '',
        idle ? 'idle for over 90 days' : '',
        k.type === '2' ? 'may withdraw or transfer' : '',
        k.isEnabled ? '' : 'disabled but kept',
      ].filter(Boolean);
      if (words.length === 0) expect(found).toContain('nothing found');
      for (const w of words) expect(found).toContain(w);
    });
  });

  it('shows the account’s recent transfers, newest first, amounts exact', async () => {
    // An account with a few transfers (the first account has 14,000: its page is the newest 50).
    const index = [2, 3, 4, 5, 6].find((i) => transferCount(i, SEED) >= 3) ?? 2;
    const count = transferCount(index, SEED);
    const v = mount(service);
    await waitForFrame(v.frame, (x) => rowsLoaded(x) && keysCellOf(x, index) !== undefined, 10_000);
    for (let i = 0; i < index; i++) v.stdin.write(KEYS.down);
    await waitForFrame(v.frame, (x) => (tableRows(x)[index] ?? '').startsWith('›'));
    await v.press(KEYS.enter, (x) => x.includes(`Sub-account, row ${index + 1}`));
    await v.press(keyOf('accounts', 'pane-section'), (x) => x.includes('API keys'));
    const f = await v.press(keyOf('accounts', 'pane-section'), (x) =>
      /Time +Direction +Currency +Amount/.test(x),
    );
    const startSec = Math.floor(Date.now() / 1000);
    const newest = [0, 1, 2].map((k) => transferAt(SEED, index, count - 1 - k, count, startSec));
    const shown = f.split('\n').filter((l) => /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +(in|out),/.test(l));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    newest.forEach((t, k) => {
      const line = shown[k] ?? '';
      expect(line).toContain(t.direction === 'main_to_sub' ? 'in, from main' : 'out, to main');
      expect(line).toContain(t.currency);
      expect(line).toMatch(new RegExp(`\\s${t.amount.replace('.', '\\.')}\\s*│?$`));
    });
    expect(requests(service, OVERSIGHT_PATHS.transfers)).toBeGreaterThanOrEqual(1);
  });
});

describe('the marks’ legend', () => {
  it('is the same in the help and in docs/usage.md, and names every mark the column draws', () => {
    const usage = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');
    const legend = (HELP_NOTES.accounts ?? []).filter((n) => /^[!~?-] /.test(n));
    expect(legend.map((n) => n[0])).toEqual(['!', '~', '-', '?']);
    for (const note of legend) {
      const mark = note[0] ?? '';
      const row = usage.split('\n').find((l) => l.startsWith(`| \`${mark}\` |`)) ?? '';
      // The same first words of meaning in both.
      expect(row, mark).toContain(note.slice(2, 24));
    }
  });
});

describe('withdrawals awaiting confirmation', () => {
  it('draws one line: how many, the oldest’s age, each with its account', async () => {
    const client = createClient({
      baseUrl: service.baseUrl,
      apiKey: service.credentials.apiKey,
      apiSecret: service.credentials.apiSecret,
    });
    const answer = await client.oversight.unconfirmedWithdrawals({ limit: 100 });
    await client.close();
    if (!answer.enabled) throw new Error('the service should list withdrawals');
    const n = answer.page.items.length;
    expect(n).toBeGreaterThan(0);
    const v = mount(service, 200, 40);
    const f = await waitForFrame(v.frame, (x) => x.includes('Withdrawals awaiting confirmation:'), 10_000);
    const line = f.split('\n').find((l) => l.startsWith('Withdrawals awaiting confirmation:')) ?? '';
    expect(line).toMatch(
      new RegExp(`^Withdrawals awaiting confirmation: ${n}${n >= 100 ? '\\+' : ''} waiting, oldest \\d+`),
    );
    // The newest first, named by its alias when its account is on the page shown.
    const first = answer.page.items[0];
    const index = generated.findIndex((a) => a.id === first?.subAccountId);
    const who = index >= 0 && index < 30 ? generated[index]?.alias : first?.subAccountId?.slice(0, 8);
    expect(line).toContain(`waiting, oldest `);
    expect(line).toContain(` · ${who} ${first?.currency} ${first?.amount} `);
  });

  it('draws nothing where the operation is not enabled (404), and says nothing is wrong', async () => {
    const v = mount(off);
    await waitUntil(() => requests(off, OVERSIGHT_PATHS.unconfirmedWithdrawals) >= 1, 'the withdrawals read');
    const f = await waitForFrame(v.frame, (x) => rowsLoaded(x) && keysCellOf(x, 0) !== undefined, 10_000);
    v.settle();
    expect(v.frame()).not.toContain('Withdrawals');
    expect(f).not.toMatch(/error|STALE/i);
  });
});
