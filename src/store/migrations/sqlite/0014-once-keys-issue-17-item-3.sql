-- name: once keys (issue 17 item 3)

      CREATE TABLE once_keys (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (scope, key)
      ) STRICT;
      CREATE INDEX once_keys_expiry ON once_keys (expires_at);