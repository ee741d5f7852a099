/**
 * The vendor's operations that change an account, by path. pooltop never calls one: the service
 * has no route for them (an empty 404), counts every request to one (`stats().writes`) and, when
 * given a file (`writeLog`, default `$POOLTOP_SERVICE_WRITE_LOG`), appends each one's path to it,
 * so a test run can show that none was ever sent by anything in it (test/support/no-writes.ts).
 */
import { appendFileSync } from 'node:fs';

export const WRITE_LOG_ENV = 'POOLTOP_SERVICE_WRITE_LOG';

/** One line per request to a write operation; a file that cannot be written loses the line, never the answer. */
export function logWrite(file: string, path: string): void {
  try {
    appendFileSync(file, `${path}\n`);
  } catch {
    // The count (stats().writes) still has it.
  }
}

export const WRITE_PATHS: ReadonlySet<string> = new Set(
  [
    'sub-account/create',
    'sub-account/edit',
    'sub-account/delete',
    'sub-account/block',
    'sub-account/unblock',
    'sub-account/transfer',
    'sub-account/api-key/create',
    'sub-account/api-key/edit',
    'sub-account/api-key/delete',
    'sub-account/api-key/reset',
    'sub-account/api-key/ip-address/create',
    'sub-account/api-key/ip-address/delete',
    'sub-account/withdraw/confirm',
    'sub-account/withdraw/reject',
    'mining/accounts/create',
    'mining/payout-destination/edit',
    'mining/watcher-links/create',
    'main-account/withdraw',
    'main-account/transfer',
  ].map((p) => `/api/v4/${p}`),
);
