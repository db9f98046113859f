-- name: shared rate budget and login token (issue 17 item 3)

      CREATE TABLE rate_slots (
        key TEXT NOT NULL,
        slot INTEGER NOT NULL,
        used_at INTEGER NOT NULL,
        PRIMARY KEY (key, slot)
      ) STRICT;
      CREATE TABLE shared_tokens (
        name TEXT PRIMARY KEY,
        token TEXT NOT NULL,
        renews_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;