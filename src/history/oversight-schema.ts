/**
 * The tables of the oversight commands (`accounts transfers`, `accounts changes`), one forward
 * migration of schema.ts. Self-contained: it touches no table of the others.
 *
 * Sub-accounts are kept per API base URL, so a profile pointed at the demo or a test service never
 * mixes with production. A transfer is one row keyed by its id; a snapshot of the list is one row
 * of its time, and each account's compared fields are versions: one row from the snapshot that
 * first had them until the first one that differs or lacks the account, so a list that did not
 * change costs one row however often it is taken.
 */
export const OVERSIGHT_TABLES = `
  CREATE TABLE IF NOT EXISTS sub_account (
    id INTEGER PRIMARY KEY,
    base TEXT NOT NULL,
    uid TEXT NOT NULL,
    -- the last whole transfer sync (Unix seconds), NULL before the first
    transfers_synced_at INTEGER,
    -- directions whose first sync met the API's reach, comma-separated
    transfers_capped TEXT NOT NULL DEFAULT '',
    UNIQUE (base, uid)
  );
  CREATE TABLE IF NOT EXISTS transfer (
    sub_account_id INTEGER NOT NULL,
    -- the transfer's id, or for one without, its fields (accounts/transfer-ledger.ts transferKey)
    key TEXT NOT NULL,
    id TEXT,
    direction TEXT,
    currency TEXT,
    amount TEXT,
    created_at INTEGER,
    PRIMARY KEY (sub_account_id, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS transfer_time ON transfer (sub_account_id, created_at);
  -- Each time the list was taken whole; versions below name snapshots by seq (commit order).
  CREATE TABLE IF NOT EXISTS list_snapshot (
    seq INTEGER PRIMARY KEY,
    base TEXT NOT NULL,
    taken_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS list_snapshot_time ON list_snapshot (base, taken_at);
  -- Values are kept as they came (no type affinity): text, or 0/1 for a boolean.
  CREATE TABLE IF NOT EXISTS sub_account_fields (
    sub_account_id INTEGER NOT NULL,
    -- the first snapshot (seq) with these values, and the first without them; NULL: still so
    since INTEGER NOT NULL,
    until INTEGER,
    alias, email, status, color, kyc_status, share_kyc, spot_enabled, collateral_enabled,
    PRIMARY KEY (sub_account_id, since)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS sub_account_fields_open ON sub_account_fields (until);
`;
