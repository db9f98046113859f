-- name: budgets per matter and fee actions that wait

      CREATE TABLE matter_budgets (
        client_matter TEXT PRIMARY KEY CHECK (length(client_matter) BETWEEN 1 AND 50),
        monthly_cap_micros INTEGER NOT NULL CHECK (monthly_cap_micros >= 0),
        ask_above_micros INTEGER CHECK (ask_above_micros IS NULL OR ask_above_micros >= 0),
        set_by TEXT NOT NULL,
        set_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE budget_notices (
        client_matter TEXT NOT NULL,
        month TEXT NOT NULL,
        level INTEGER NOT NULL,
        sent_at INTEGER NOT NULL,
        PRIMARY KEY (client_matter, month, level)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE fee_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) <= 50 AND (length(client_matter) > 0 OR status IN ('awaiting_matter', 'cancelled'))),
        requested_by TEXT NOT NULL,
        channel_id TEXT,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        expected_micros INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval', 'running', 'ran', 'failed', 'denied', 'cancelled')),
        decided_by TEXT,
        decided_at INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX fee_actions_awaiting ON fee_actions (client_matter, id) WHERE status = 'awaiting_approval';
      ALTER TABLE usage_ledger ADD COLUMN pages INTEGER CHECK (pages IS NULL OR pages >= 0);