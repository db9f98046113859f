-- name: push bodies over a megabyte are kept in parts
-- A body over a megabyte (a 100,000-entry docket is 13 MB) is written as parts of about a megabyte,
-- each in a transaction of its own before the push's row, and read back a part per statement, so
-- neither holds the event loop for one 13 MB value (areas/push-bodies.ts). The row names its parts
-- (body_key, body_parts) and keeps an empty body; rows stored before keep their body and NULL.

      CREATE TABLE push_body_parts (
        body_key text NOT NULL,
        part integer NOT NULL,
        body text NOT NULL,
        stored_at bigint NOT NULL,
        PRIMARY KEY (body_key, part)
      );
      ALTER TABLE pushes ADD COLUMN body_key text;
      ALTER TABLE pushes ADD COLUMN body_parts integer NOT NULL DEFAULT 0;
      CREATE INDEX pushes_by_body_key ON pushes (body_key) WHERE body_key IS NOT NULL;
