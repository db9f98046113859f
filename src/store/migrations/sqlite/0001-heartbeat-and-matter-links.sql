-- name: heartbeat and matter links

      CREATE TABLE heartbeat (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        beat_at INTEGER NOT NULL,
        beats INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE matter_links (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        linked_by TEXT NOT NULL,
        linked_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, client_matter)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX matter_links_by_matter ON matter_links (client_matter, team_id, channel_id);