/**
 * Schema migrations in PostgreSQL's dialect, numbered and meaning what the SQLite ones
 * (../sqlite/migrations.ts) mean: migration N here builds what migration N builds there, so both
 * stores are at "version N" together. migrate.ts records each in schema_migrations. Never edit a
 * released migration: append a new one, here and in SQLite.
 *
 * Times are bigint milliseconds from the injected Clock (never now()); money is bigint
 * micro-dollars; flags are boolean. Ids whose values leave the database (Slack metadata, button
 * values) come from identity columns, whose sequences never hand out an id twice.
 */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    name: "heartbeat and matter links",
    sql: `
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
      CREATE INDEX matter_links_by_matter ON matter_links (client_matter, team_id, channel_id);`,
  },
  {
    version: 2,
    name: "thread Q&A",
    sql: `
      CREATE TABLE qa_threads (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        thread_ts text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        client_matter text NOT NULL,
        created_by text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, thread_ts)
      );
      CREATE TABLE qa_turns (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        thread_ts text NOT NULL,
        question text NOT NULL,
        answer text NOT NULL,
        providers text NOT NULL,          -- JSON array of strings, as in SQLite
        price_micros bigint,
        relevant_entries text NOT NULL,   -- JSON array of strings
        asked_by text NOT NULL,
        at bigint NOT NULL,
        FOREIGN KEY (team_id, channel_id, thread_ts) REFERENCES qa_threads ON DELETE CASCADE
      );
      CREATE INDEX qa_turns_by_thread ON qa_turns (team_id, channel_id, thread_ts, id);`,
  },
  {
    version: 3,
    name: "usage ledger",
    sql: `
      CREATE TABLE usage_ledger (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at bigint NOT NULL,
        team_id text,
        user_id text,
        channel_id text,
        client_matter text NOT NULL,
        endpoint text NOT NULL,
        fee_kind text NOT NULL,
        may_have_incurred_fees boolean NOT NULL,
        price_micros bigint,
        outcome text NOT NULL,
        correlation_id text
      );
      CREATE INDEX usage_by_matter_time ON usage_ledger (client_matter, at);`,
  },
  {
    version: 4,
    name: "recent cases",
    sql: `
      CREATE TABLE recent_cases (
        team_id text NOT NULL,
        user_id text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        title text,
        client_matter text,
        viewed_at bigint NOT NULL,
        seq bigint NOT NULL,              -- per-user touch order: ties on viewed_at stay ordered
        PRIMARY KEY (team_id, user_id, court, docket)
      );
      CREATE INDEX recent_by_user ON recent_cases (team_id, user_id, seq);`,
  },
  {
    version: 5,
    name: "pushes and outbox deliveries",
    sql: `
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
      CREATE INDEX deliveries_by_state ON deliveries (state, queued_at);`,
  },
  {
    version: 6,
    name: "per-case alert threads",
    sql: `
      CREATE TABLE case_threads (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        client_matter text NOT NULL,
        root_ts text NOT NULL,
        title text,
        new_entries integer NOT NULL DEFAULT 0,
        latest_entry_date text,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, court, docket)
      );`,
  },
  {
    version: 7,
    name: "what a Q&A thread reads",
    sql: `
      ALTER TABLE qa_threads ADD COLUMN target text CHECK (target IS NULL OR target IN ('docket', 'documents', 'both'));`,
  },
  {
    version: 8,
    name: "alert desk: filings, sign-off, settings, snoozes, digests",
    sql: `
      CREATE TABLE filings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        court text NOT NULL,
        docket text NOT NULL,
        entry_key text NOT NULL,
        entry_number text,
        entry_date text,
        level text NOT NULL CHECK (level IN ('urgent', 'notable', 'routine')),
        kind text NOT NULL,
        summary text NOT NULL,
        link text,
        case_title text,
        delivery_id bigint,
        shown text NOT NULL CHECK (shown IN ('channel', 'thread', 'muted')),
        message_ts text,
        created_at bigint NOT NULL,
        docketed_by text,
        docketed_at bigint,
        assignee text,
        assigned_by text,
        assigned_at bigint,
        CHECK ((docketed_by IS NULL) = (docketed_at IS NULL)),
        UNIQUE (team_id, channel_id, court, docket, entry_key)
      );
      CREATE INDEX filings_by_channel_time ON filings (team_id, channel_id, created_at, id);
      CREATE INDEX filings_undocketed ON filings (team_id, channel_id, created_at, id)
        WHERE docketed_at IS NULL AND level IN ('urgent', 'notable');
      CREATE INDEX filings_by_message ON filings (team_id, channel_id, message_ts, id)
        WHERE message_ts IS NOT NULL;
      CREATE TABLE filing_actions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        filing_id bigint NOT NULL REFERENCES filings (id),
        action text NOT NULL CHECK (action IN ('docketed', 'undocketed', 'assigned', 'unassigned')),
        user_id text NOT NULL,
        assignee text,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        client_matter text NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX filing_actions_by_filing ON filing_actions (filing_id, id);
      CREATE INDEX filing_actions_by_matter_time ON filing_actions (client_matter, at);
      CREATE TABLE alert_settings (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        post_notable boolean NOT NULL,
        post_routine boolean NOT NULL,
        daily_at text CHECK (daily_at IS NULL OR daily_at ~ '^[0-2][0-9]:[0-5][0-9]$'),
        weekly_on integer CHECK (weekly_on IS NULL OR weekly_on BETWEEN 0 AND 6),
        time_zone text NOT NULL,
        updated_by text,
        updated_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id)
      );
      CREATE INDEX alert_settings_with_digests ON alert_settings (team_id, channel_id)
        WHERE daily_at IS NOT NULL OR weekly_on IS NOT NULL;
      CREATE TABLE case_snoozes (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        client_matter text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('until', 'next_order', 'unmuted')),
        until_at bigint CHECK ((mode = 'until') = (until_at IS NOT NULL)),
        snoozed_by text NOT NULL,
        snoozed_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, court, docket)
      );
      CREATE TABLE digest_runs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        period text NOT NULL CHECK (period IN ('daily', 'weekly')),
        due_at bigint NOT NULL,
        since bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'posted', 'empty')),
        posted_ts text,
        created_at bigint NOT NULL,
        finished_at bigint,
        UNIQUE (team_id, channel_id, period, due_at)
      );
      CREATE INDEX digest_runs_unfinished ON digest_runs (due_at, id) WHERE status = 'pending';`,
  },
  {
    version: 9,
    name: "tracking subscriptions and the audit trail",
    sql: `
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
      CREATE INDEX audit_events_by_matter_time ON audit_events (team_id, client_matter, at, id);`,
  },
  {
    version: 10,
    name: "budgets per matter and fee actions that wait",
    sql: `
      CREATE TABLE matter_budgets (
        client_matter text PRIMARY KEY CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        monthly_cap_micros bigint NOT NULL CHECK (monthly_cap_micros >= 0),
        ask_above_micros bigint CHECK (ask_above_micros IS NULL OR ask_above_micros >= 0),
        set_by text NOT NULL,
        set_at bigint NOT NULL
      );
      CREATE TABLE budget_notices (
        client_matter text NOT NULL,
        month text NOT NULL,
        level integer NOT NULL,
        sent_at bigint NOT NULL,
        PRIMARY KEY (client_matter, month, level)
      );
      CREATE TABLE fee_actions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) <= 50 AND (char_length(client_matter) > 0 OR status IN ('awaiting_matter', 'cancelled'))),
        requested_by text NOT NULL,
        channel_id text,
        kind text NOT NULL,
        payload text NOT NULL,
        expected_micros bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval', 'running', 'ran', 'failed', 'denied', 'cancelled')),
        decided_by text,
        decided_at bigint,
        created_at bigint NOT NULL
      );
      CREATE INDEX fee_actions_awaiting ON fee_actions (client_matter, id) WHERE status = 'awaiting_approval';
      ALTER TABLE usage_ledger ADD COLUMN pages integer CHECK (pages IS NULL OR pages >= 0);`,
  },
  {
    version: 11,
    name: "court dates from the docket, their Calendared sign-off and reminder runs",
    // confidence is double precision: SQLite's REAL is an 8-byte float, so both keep the same value.
    sql: `
      CREATE TABLE court_dates (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        case_key text NOT NULL,
        court text NOT NULL,
        docket text NOT NULL,
        case_title text,
        date_key text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('deadline', 'hearing', 'conference', 'trial')),
        title text NOT NULL,
        date text NOT NULL CHECK (date ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
        time text CHECK (time IS NULL OR time ~ '^[0-2][0-9]:[0-5][0-9]$'),
        place text,
        judge text,
        status text NOT NULL CHECK (status IN ('scheduled', 'moved', 'cancelled')),
        source_number text,
        source_date text NOT NULL,
        confidence double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        history text NOT NULL,
        sequence integer NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        UNIQUE (case_key, date_key)
      );
      CREATE INDEX court_dates_by_date ON court_dates (date, time, id);
      CREATE TABLE court_date_matters (
        case_key text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        since bigint NOT NULL,
        PRIMARY KEY (client_matter, case_key)
      );
      CREATE INDEX court_date_matters_by_case ON court_date_matters (case_key);
      CREATE TABLE court_date_signoffs (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        court_date_id bigint NOT NULL REFERENCES court_dates (id),
        date text NOT NULL,
        calendared_by text NOT NULL,
        calendared_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id, court_date_id, date)
      );
      CREATE TABLE court_date_actions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        court_date_id bigint NOT NULL REFERENCES court_dates (id),
        date text NOT NULL,
        action text NOT NULL CHECK (action IN ('calendared', 'uncalendared')),
        user_id text NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX court_date_actions_by_date ON court_date_actions (court_date_id, id);
      CREATE TABLE court_date_reminder_settings (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        days_before text NOT NULL,
        updated_by text NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (team_id, channel_id)
      );
      CREATE TABLE court_date_reminders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        channel_id text NOT NULL,
        court_date_id bigint NOT NULL REFERENCES court_dates (id),
        date text NOT NULL,
        days_before integer NOT NULL CHECK (days_before BETWEEN 0 AND 366),
        due_at bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'posted', 'skipped')),
        posted_ts text,
        created_at bigint NOT NULL,
        finished_at bigint,
        UNIQUE (team_id, channel_id, court_date_id, date, days_before)
      );
      CREATE INDEX court_date_reminders_unfinished ON court_date_reminders (due_at, id) WHERE status = 'pending';`,
  },
  {
    version: 12,
    name: "calendar feed tokens",
    sql: `
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
      CREATE UNIQUE INDEX calendar_feeds_live ON calendar_feeds (team_id, client_matter) WHERE revoked_at IS NULL;`,
  },
  {
    version: 13,
    name: "outbox lanes (issue 17 item 2)",
    sql: `
      CREATE TABLE channel_lanes (
        team_id text NOT NULL,
        channel_id text NOT NULL,
        holder text NOT NULL,
        fence bigint NOT NULL,
        lease_until bigint NOT NULL,
        last_post_at bigint,
        PRIMARY KEY (team_id, channel_id)
      );`,
  },
  {
    version: 14,
    name: "once keys (issue 17 item 3)",
    sql: `
      CREATE TABLE once_keys (
        scope text NOT NULL,
        key text NOT NULL,
        expires_at bigint NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX once_keys_expiry ON once_keys (expires_at);`,
  },
  {
    version: 15,
    name: "shared rate budget and login token (issue 17 item 3)",
    sql: `
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
      );`,
  },
];
