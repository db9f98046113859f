-- name: recent cases

      CREATE TABLE recent_cases (
        team_id text NOT NULL,
        user_id text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        title text,
        client_matter text,
        viewed_at bigint NOT NULL,
        seq bigint NOT NULL,              -- per-user touch order: ties on viewed_at stay ordered
        PRIMARY KEY (team_id, user_id, court, docket)
      );
      CREATE INDEX recent_by_user ON recent_cases (team_id, user_id, seq);