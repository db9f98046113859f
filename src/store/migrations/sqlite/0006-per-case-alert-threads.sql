-- name: per-case alert threads

      CREATE TABLE case_threads (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        root_ts TEXT NOT NULL,
        title TEXT,
        new_entries INTEGER NOT NULL DEFAULT 0,
        latest_entry_date TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, court, docket)
      ) STRICT;