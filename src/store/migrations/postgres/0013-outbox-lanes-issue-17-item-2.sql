-- name: outbox lanes (issue 17 item 2)

      CREATE TABLE channel_lanes (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        holder text NOT NULL,
        fence bigint NOT NULL,
        lease_until bigint NOT NULL,
        last_post_at bigint,
        PRIMARY KEY (team_id, channel_id)
      );