/**
 * Property: whatever text the API sends, no frame of the Pool tab (the whole dashboard: tab
 * bar, view, status bar with the error line) or of the Sub-accounts tab (table, detail pane,
 * status line) contains an escape sequence or control character from it, and a clipboard copy
 * carries only clean text. Colour is off, so any ESC in a frame is a leak.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createSession } from '../../src/session/session.js';
import type { ApiClient } from '../../src/api/types.js';
import { memoryTokenStore } from '../../src/config/token-store.js';
import { SessionView } from '../../src/ui/session/session-view.js';
import {
  AccountsClient,
  KEYS,
  keyedConfig,
  mountAccounts,
  NOW,
  waitForFrame as waitForAccounts,
} from '../ui/helpers/accounts-fakes.js';
import { StubClient, unusedMining } from '../ui/helpers/fixtures.js';
import { mountView, renderApp, waitForFrame } from '../ui/helpers/harness.js';
import { checkFrames } from './frame-check.js';
import { accountArb, overviewArb, tokensArb } from './arbitraries.js';
import { hostileString } from './hostile.js';
import { tokenSetModel } from '../../src/api/schemas.js';
import { keyOf } from '../ui/helpers/keys.js';

/** Errors whose message is hostile: a plain Error is not cleaned at construction, so views must. */
const errorArb = fc
  .tuple(fc.constantFrom('plain', 'http', 'auth', 'schema'), hostileString())
  .map(
    ([kind, text]): Error =>
      kind === 'plain'
        ? new Error(text)
        : new PooltopError(kind as 'http' | 'auth' | 'schema', text, { status: kind === 'auth' ? 401 : 500 }),
  );

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

beforeAll(() => {
  // Ink alone, no harness: this checks Ink's own output, not the dashboard's.
  // The premise: with colour off nothing in a frame is an escape of Ink's own.
  const canary = render(
    <Text bold inverse color="red">
      x
    </Text>,
  );
  expect(canary.frames.join('')).not.toContain('\x1b');
  canary.unmount();
});

describe('hostile text never reaches the terminal (property)', () => {
  it('Pool tab and status bar: data, error line, clipboard copy', async () => {
    await fc.assert(
      fc.asyncProperty(overviewArb, errorArb, async (overview, error) => {
        const client = new StubClient();
        client.next = async () => {
          if (client.calls === 1) return overview;
          throw error;
        };
        const app = renderApp({ client, columns: 100, rows: 30 });
        cleanups.push(() => app.unmount());
        await waitForFrame(app.frame, (f) => f.includes('Workers'));
        app.press(keyOf('global', 'refresh'));
        await waitForFrame(app.frame, (f) => f.includes('error:'));
        app.press(keyOf('pool', 'copy-link'));
        await waitForFrame(app.frame, (f) => /Sent .* to the terminal clipboard|No connection link/.test(f));
        // The frames and what the terminal effects port sent (the clipboard).
        const report = checkFrames([...app.frames, ...app.sent]);
        app.unmount();
        expect(report.leaks).toEqual([]);
        expect(report.copied.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 12, endOnFailure: true },
    );
  });

  it('Sub-accounts tab: table, detail pane, status line, clipboard copy', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(accountArb, { minLength: 1, maxLength: 6 }),
        errorArb,
        async (accounts, error) => {
          const client = new AccountsClient(accounts);
          const view = mountAccounts({ client, width: 100, height: 30 });
          cleanups.push(() => view.unmount());
          await waitForAccounts(view.frame, (f) => f.includes('rows 1–'));
          view.stdin.write(KEYS.enter);
          await waitForAccounts(view.frame, (f) => f.includes('Sub-account, row 1'));
          view.stdin.write(keyOf('accounts', 'copy-id'));
          client.fail = () => error;
          view.stdin.write(keyOf('accounts', 'page-size-down')); // a smaller page is a new request: it fails, and says so
          await waitForAccounts(
            view.frame,
            (f) => f.includes('rows 1–20 not loaded') && f.includes('r retries'),
          );
          const report = checkFrames([...view.frames, ...view.sent]);
          view.unmount();
          expect(report.leaks).toEqual([]);
          expect(report.copied).toHaveLength(1);
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
  });

  it('Session tab: token type, scopes, masked tokens, the refresh error and its record', async () => {
    await fc.assert(
      fc.asyncProperty(tokensArb, errorArb, async (tokens, error) => {
        const config = {
          ...keyedConfig,
          clientId: 'client',
          clientSecret: 'client-secret',
          refreshToken: 'refresh-0000',
        };
        let calls = 0;
        const client: ApiClient = {
          baseUrl: config.baseUrl,
          refreshToken: async () => {
            calls++;
            if (calls === 1) return tokenSetModel(tokens);
            throw error;
          },
          getMiningPool: async () => Promise.reject(new Error('unused')),
          listSubAccounts: async () => Promise.reject(new Error('unused')),
          subAccountBalances: async () => Promise.reject(new Error('unused')),
          mining: unusedMining(),
          close: async () => {},
        };
        const session = createSession({
          config,
          client,
          store: memoryTokenStore(),
          now: () => NOW,
          sleep: async () => {},
        });
        const view = mountView(() => <SessionView width={100} height={24} visibility="active" session={session} />, {
          client,
          config,
          intervalSec: 10,
        });
        cleanups.push(() => view.unmount());
        const { frame } = view;
        await waitForFrame(frame, (f) => f.includes('Access token'));
        view.stdin.write(keyOf('session', 'refresh-token'));
        await waitForFrame(frame, (f) => f.includes('Last refresh') && !f.includes(', ok'));
        const report = checkFrames(view.frames);
        view.unmount();
        expect(report.leaks).toEqual([]);
      }),
      { numRuns: 10, endOnFailure: true },
    );
  });
});
