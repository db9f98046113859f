-- name: thread Q&A

      CREATE TABLE qa_threads (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        thread_ts text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        client_matter text NOT NULL,
        created_by text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, thread_ts)
      );
      CREATE TABLE qa_turns (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        thread_ts text NOT NULL,
        question text NOT NULL,
        answer text NOT NULL,
        providers text NOT NULL,          -- JSON array of strings, as in SQLite
        price_micros bigint,
        relevant_entries text NOT NULL,   -- JSON array of strings
        asked_by text NOT NULL,
        at bigint NOT NULL,
        FOREIGN KEY (team_id, channel_id, thread_ts) REFERENCES qa_threads ON DELETE CASCADE
      );
      CREATE INDEX qa_turns_by_thread ON qa_turns (team_id, channel_id, thread_ts, id);