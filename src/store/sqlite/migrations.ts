/**
 * Schema migrations, ordered: migration N brings the file to `PRAGMA user_version` N (migrate.ts
 * runs each in its own transaction). Never edit a released migration: append a new one.
 *
 * Tables are STRICT (types enforced). Times are integer milliseconds; money is integer micro-dollars.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "heartbeat and matter links",
    sql: `
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
      CREATE INDEX matter_links_by_matter ON matter_links (client_matter, team_id, channel_id);`,
  },
  {
    version: 2,
    name: "thread Q&A",
    sql: `
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
      CREATE INDEX qa_turns_by_thread ON qa_turns (team_id, channel_id, thread_ts, id);`,
  },
  {
    version: 3,
    name: "usage ledger",
    sql: `
      CREATE TABLE usage_ledger (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        team_id TEXT,
        user_id TEXT,
        channel_id TEXT,
        client_matter TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        fee_kind TEXT NOT NULL,
        may_have_incurred_fees INTEGER NOT NULL CHECK (may_have_incurred_fees IN (0, 1)),
        price_micros INTEGER,
        outcome TEXT NOT NULL,
        correlation_id TEXT
      ) STRICT;
      CREATE INDEX usage_by_matter_time ON usage_ledger (client_matter, at);`,
  },
  {
    version: 4,
    name: "recent cases",
    sql: `
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
      CREATE INDEX recent_by_user ON recent_cases (team_id, user_id, seq);`,
  },
  {
    version: 5,
    name: "pushes and outbox deliveries",
    // AUTOINCREMENT: delivery ids go into Slack message metadata for crash recovery, so an id must
    // never be reused, even after old rows are pruned (sqlite.org/autoinc.html).
    sql: `
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
      CREATE INDEX deliveries_by_state ON deliveries (state, queued_at);`,
  },
  {
    version: 6,
    name: "per-case alert threads",
    sql: `
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
      ) STRICT;`,
  },
  {
    version: 7,
    name: "what a Q&A thread reads",
    // A follow-up reads what the thread's first question read (docket, documents or both), also
    // after a restart; threads bound before this migration have none and read the docket.
    sql: `
      ALTER TABLE qa_threads ADD COLUMN target TEXT CHECK (target IS NULL OR target IN ('docket', 'documents', 'both'));`,
  },
];
