-- name: recent cases

      CREATE TABLE recent_cases (
        team_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        title TEXT,
        client_matter TEXT,
        viewed_at INTEGER NOT NULL,
        seq INTEGER NOT NULL,             -- per-user touch order: ties on viewed_at stay ordered
        PRIMARY KEY (team_id, user_id, court, docket)
      ) STRICT;
      CREATE INDEX recent_by_user ON recent_cases (team_id, user_id, seq);