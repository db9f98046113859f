-- name: shared rate budget and login token (issue 17 item 3)

      CREATE TABLE rate_slots (
        key text NOT NULL,
        slot integer NOT NULL,
        used_at bigint NOT NULL,
        PRIMARY KEY (key, slot)
      );
      CREATE TABLE shared_tokens (
        name text PRIMARY KEY,
        token text NOT NULL,
        renews_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );