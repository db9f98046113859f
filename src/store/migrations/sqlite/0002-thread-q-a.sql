-- name: thread Q&A

      CREATE TABLE qa_threads (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        thread_ts TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, thread_ts)
      ) STRICT;
      CREATE TABLE qa_turns (
        id INTEGER PRIMARY KEY,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        thread_ts TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        providers TEXT NOT NULL,          -- JSON array of strings
        price_micros INTEGER,
        relevant_entries TEXT NOT NULL,   -- JSON array of strings
        asked_by TEXT NOT NULL,
        at INTEGER NOT NULL,
        FOREIGN KEY (team_id, channel_id, thread_ts) REFERENCES qa_threads ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX qa_turns_by_thread ON qa_turns (team_id, channel_id, thread_ts, id);