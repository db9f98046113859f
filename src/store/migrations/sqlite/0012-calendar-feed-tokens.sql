-- name: calendar feed tokens

      CREATE TABLE calendar_feeds (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        token_sha256 TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_by TEXT,
        revoked_at INTEGER,
        CHECK ((revoked_by IS NULL) = (revoked_at IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX calendar_feeds_live ON calendar_feeds (team_id, client_matter) WHERE revoked_at IS NULL;