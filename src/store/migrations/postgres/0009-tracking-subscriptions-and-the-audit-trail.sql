-- name: tracking subscriptions and the audit trail

      CREATE TABLE track_subscriptions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        court text,
        docket text,
        q text,
        frequency text NOT NULL,
        channel_id text NOT NULL,
        subscribed_by text NOT NULL,
        subscribed_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        ended_by text,
        ended_at bigint,
        CHECK ((q IS NULL) = (court IS NOT NULL AND docket IS NOT NULL)),
        CHECK ((ended_by IS NULL) = (ended_at IS NULL))
      );
      CREATE INDEX track_subscriptions_by_matter ON track_subscriptions (team_id, client_matter);
      CREATE INDEX track_subscriptions_active ON track_subscriptions (id) WHERE ended_at IS NULL;
      CREATE TABLE audit_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        client_matter text NOT NULL,
        user_id text NOT NULL,
        action text NOT NULL CHECK (action IN ('track', 'untrack', 'frequency', 'link', 'unlink', 'reconcile')),
        court text,
        docket text,
        q text,
        detail text,
        at bigint NOT NULL
      );
      CREATE INDEX audit_events_by_matter_time ON audit_events (team_id, client_matter, at, id);