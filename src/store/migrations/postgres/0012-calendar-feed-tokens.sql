-- name: calendar feed tokens

      CREATE TABLE calendar_feeds (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        token_sha256 text NOT NULL UNIQUE CHECK (char_length(token_sha256) = 64),
        created_by text NOT NULL,
        created_at bigint NOT NULL,
        revoked_by text,
        revoked_at bigint,
        CHECK ((revoked_by IS NULL) = (revoked_at IS NULL))
      );
      CREATE UNIQUE INDEX calendar_feeds_live ON calendar_feeds (team_id, client_matter) WHERE revoked_at IS NULL;