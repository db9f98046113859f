-- name: pushes and outbox deliveries
-- AUTOINCREMENT: delivery ids go into Slack message metadata for crash recovery, so an id must
-- never be reused, even after old rows are pruned (sqlite.org/autoinc.html).

      CREATE TABLE pushes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        body_sha256 TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        stored_at INTEGER NOT NULL,
        push_type TEXT,
        client_matter TEXT,
        routing TEXT NOT NULL CHECK (routing IN ('routed', 'held', 'quarantined')),
        quarantine_reason TEXT
      ) STRICT;
      CREATE INDEX pushes_by_routing ON pushes (routing, client_matter, id);
      CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        push_id INTEGER NOT NULL REFERENCES pushes (id),
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'in_flight', 'sent', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        dead_reason TEXT,
        slack_ts TEXT,
        created_at INTEGER NOT NULL,
        queued_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER,
        UNIQUE (push_id, team_id, channel_id)
      ) STRICT;
      CREATE INDEX deliveries_open_by_channel ON deliveries (team_id, channel_id, id)
        WHERE state IN ('pending', 'in_flight');
      CREATE INDEX deliveries_by_matter_state ON deliveries (client_matter, state);
      CREATE INDEX deliveries_by_state ON deliveries (state, queued_at);