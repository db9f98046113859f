-- name: pushes and outbox deliveries

      CREATE TABLE pushes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        body_sha256 text NOT NULL UNIQUE,
        body text NOT NULL,
        received_at bigint NOT NULL,
        stored_at bigint NOT NULL,
        push_type text,
        client_matter text,
        routing text NOT NULL CHECK (routing IN ('routed', 'held', 'quarantined')),
        quarantine_reason text
      );
      CREATE INDEX pushes_by_routing ON pushes (routing, client_matter, id);
      CREATE TABLE deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        push_id bigint NOT NULL REFERENCES pushes (id),
        team_id text NOT NULL,
        channel_id text NOT NULL,
        client_matter text NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'in_flight', 'sent', 'dead')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at bigint NOT NULL,
        last_error text,
        dead_reason text,
        slack_ts text,
        created_at bigint NOT NULL,
        queued_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        sent_at bigint,
        UNIQUE (push_id, team_id, channel_id)
      );
      CREATE INDEX deliveries_open_by_channel ON deliveries (team_id, channel_id, id)
        WHERE state IN ('pending', 'in_flight');
      CREATE INDEX deliveries_by_matter_state ON deliveries (client_matter, state);
      CREATE INDEX deliveries_by_state ON deliveries (state, queued_at);