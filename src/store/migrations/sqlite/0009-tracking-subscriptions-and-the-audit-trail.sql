-- name: tracking subscriptions and the audit trail

      CREATE TABLE track_subscriptions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        court TEXT,
        docket TEXT,
        q TEXT,
        frequency TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        subscribed_by TEXT NOT NULL,
        subscribed_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        ended_by TEXT,
        ended_at INTEGER,
        CHECK ((q IS NULL) = (court IS NOT NULL AND docket IS NOT NULL)),
        CHECK ((ended_by IS NULL) = (ended_at IS NULL))
      ) STRICT;
      CREATE INDEX track_subscriptions_by_matter ON track_subscriptions (team_id, client_matter);
      CREATE INDEX track_subscriptions_active ON track_subscriptions (id) WHERE ended_at IS NULL;
      CREATE TABLE audit_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        user_id TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('track', 'untrack', 'frequency', 'link', 'unlink', 'reconcile')),
        court TEXT,
        docket TEXT,
        q TEXT,
        detail TEXT,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX audit_events_by_matter_time ON audit_events (team_id, client_matter, at, id);