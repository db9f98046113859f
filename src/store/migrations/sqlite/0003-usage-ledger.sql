-- name: usage ledger

      CREATE TABLE usage_ledger (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        team_id TEXT,
        user_id TEXT,
        channel_id TEXT,
        client_matter TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        fee_kind TEXT NOT NULL,
        may_have_incurred_fees INTEGER NOT NULL CHECK (may_have_incurred_fees IN (0, 1)),
        price_micros INTEGER,
        outcome TEXT NOT NULL,
        correlation_id TEXT
      ) STRICT;
      CREATE INDEX usage_by_matter_time ON usage_ledger (client_matter, at);