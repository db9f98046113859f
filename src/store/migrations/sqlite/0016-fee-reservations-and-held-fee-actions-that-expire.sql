-- name: fee reservations and held fee actions that expire
-- A fee action reserves its expected price in the transaction that checks the matter's cap
-- (areas/fee-reservations.ts); a held fee action expires (7 days, never past its month's end),
-- which takes a new status, so fee_actions is rebuilt (sqlite.org/lang_altertable.html#otheralter).
-- usage_ledger.service_matter: the client_matter the service was told, kept only where it differs
-- from the matter the call was made for (a tracker tagged with another subscriber's matter).

      CREATE TABLE fee_reservations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        month TEXT NOT NULL,
        kind TEXT NOT NULL,
        expected_micros INTEGER NOT NULL CHECK (expected_micros >= 0),
        status TEXT NOT NULL CHECK (status IN ('held', 'settled', 'released', 'expired')),
        correlation_id TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        settled_at INTEGER
      ) STRICT;
      CREATE INDEX fee_reservations_held ON fee_reservations (client_matter, month) WHERE status = 'held';
      CREATE TABLE fee_actions_next (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) <= 50 AND (length(client_matter) > 0 OR status IN ('awaiting_matter', 'cancelled', 'expired'))),
        requested_by TEXT NOT NULL,
        channel_id TEXT,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        expected_micros INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval', 'running', 'ran', 'failed', 'denied', 'cancelled', 'expired')),
        decided_by TEXT,
        decided_at INTEGER,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
      INSERT INTO fee_actions_next (id, team_id, client_matter, requested_by, channel_id, kind, payload, expected_micros, status, decided_by, decided_at, created_at, expires_at)
      SELECT id, team_id, client_matter, requested_by, channel_id, kind, payload, expected_micros, status, decided_by, decided_at, created_at,
             min(created_at + 604800000, CAST(strftime('%s', created_at / 1000, 'unixepoch', 'start of month', '+1 month') AS INTEGER) * 1000)
        FROM fee_actions;
      DROP TABLE fee_actions;
      ALTER TABLE fee_actions_next RENAME TO fee_actions;
      CREATE INDEX fee_actions_awaiting ON fee_actions (client_matter, id) WHERE status = 'awaiting_approval';
      CREATE INDEX fee_actions_expiring ON fee_actions (expires_at) WHERE status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval');
      ALTER TABLE usage_ledger ADD COLUMN service_matter TEXT;
