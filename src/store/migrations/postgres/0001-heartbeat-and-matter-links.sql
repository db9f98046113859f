-- name: heartbeat and matter links

      CREATE TABLE heartbeat (
        id integer PRIMARY KEY CHECK (id = 1),
        beat_at bigint NOT NULL,
        beats bigint NOT NULL
      );
      CREATE TABLE matter_links (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        linked_by text NOT NULL,
        linked_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, client_matter)
      );
      CREATE INDEX matter_links_by_matter ON matter_links (client_matter, team_id, channel_id);