-- name: once keys (issue 17 item 3)

      CREATE TABLE once_keys (
        scope text NOT NULL,
        key text NOT NULL,
        expires_at bigint NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX once_keys_expiry ON once_keys (expires_at);