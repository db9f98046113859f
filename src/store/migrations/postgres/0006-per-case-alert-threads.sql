-- name: per-case alert threads

      CREATE TABLE case_threads (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        client_matter text NOT NULL,
        root_ts text NOT NULL,
        title text,
        new_entries integer NOT NULL DEFAULT 0,
        latest_entry_date text,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, court, docket)
      );