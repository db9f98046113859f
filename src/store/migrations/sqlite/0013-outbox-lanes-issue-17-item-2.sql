-- name: outbox lanes (issue 17 item 2)

      CREATE TABLE channel_lanes (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        holder TEXT NOT NULL,
        fence INTEGER NOT NULL,
        lease_until INTEGER NOT NULL,
        last_post_at INTEGER,
        PRIMARY KEY (team_id, channel_id)
      ) STRICT;