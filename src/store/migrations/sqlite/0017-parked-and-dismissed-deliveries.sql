-- name: parked and dismissed deliveries
-- A delivery that keeps failing for a reason that is not Slack's rate limit, network or 5xx is
-- parked (dead, with its reason) after a bounded number of such faults, so its channel's lane moves
-- on; an admin may Retry it or Dismiss it. `faults` counts those failures since it was queued;
-- `dismissed` is a new state, with who and when (read by the audit trail). SQLite cannot change a
-- CHECK in place (sqlite.org/lang_altertable.html#otheralter): the table is rebuilt, its rows and
-- indexes kept, and its AUTOINCREMENT counter carried over so that no delivery id is ever reused.

      CREATE TABLE deliveries_next (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        push_id INTEGER NOT NULL REFERENCES pushes (id),
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'in_flight', 'sent', 'dead', 'dismissed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        dead_reason TEXT,
        slack_ts TEXT,
        created_at INTEGER NOT NULL,
        queued_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER,
        faults INTEGER NOT NULL DEFAULT 0,
        dismissed_by TEXT,
        dismissed_at INTEGER,
        UNIQUE (push_id, team_id, channel_id),
        CHECK ((dismissed_at IS NULL) = (dismissed_by IS NULL))
      ) STRICT;
      INSERT INTO deliveries_next (id, push_id, team_id, channel_id, client_matter, state, attempts, next_attempt_at,
                                   last_error, dead_reason, slack_ts, created_at, queued_at, updated_at, sent_at)
        SELECT id, push_id, team_id, channel_id, client_matter, state, attempts, next_attempt_at,
               last_error, dead_reason, slack_ts, created_at, queued_at, updated_at, sent_at
          FROM deliveries;
      INSERT INTO sqlite_sequence (name, seq)
        SELECT 'deliveries_keep', seq FROM sqlite_sequence WHERE name = 'deliveries';
      DROP TABLE deliveries;
      ALTER TABLE deliveries_next RENAME TO deliveries;
      INSERT INTO sqlite_sequence (name, seq)
        SELECT 'deliveries', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'deliveries')
          AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'deliveries_keep');
      UPDATE sqlite_sequence SET seq = MAX(seq, (SELECT MAX(seq) FROM sqlite_sequence WHERE name = 'deliveries_keep'))
        WHERE name = 'deliveries' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'deliveries_keep');
      DELETE FROM sqlite_sequence WHERE name = 'deliveries_keep';
      CREATE INDEX deliveries_open_by_channel ON deliveries (team_id, channel_id, id)
        WHERE state IN ('pending', 'in_flight');
      CREATE INDEX deliveries_by_matter_state ON deliveries (client_matter, state);
      CREATE INDEX deliveries_by_state ON deliveries (state, queued_at);
