/**
 * The vendor's operations that change an account, by path. pooltop never calls one: the service
 * has no route for them (an empty 404) and counts every request to one (`stats().writes`), so a
 * test can show that none was ever sent.
 */
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
