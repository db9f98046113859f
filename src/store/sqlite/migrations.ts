/**
 * Schema migrations, ordered: migration N brings the file to `PRAGMA user_version` N (migrate.ts
 * runs each in its own transaction). Never edit a released migration: append a new one.
 *
 * Tables are STRICT (types enforced). Times are integer milliseconds; money is integer micro-dollars.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "heartbeat and matter links",
    sql: `
      CREATE TABLE heartbeat (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        beat_at INTEGER NOT NULL,
        beats INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE matter_links (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        linked_by TEXT NOT NULL,
        linked_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, client_matter)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX matter_links_by_matter ON matter_links (client_matter, team_id, channel_id);`,
  },
  {
    version: 2,
    name: "thread Q&A",
    sql: `
      CREATE TABLE qa_threads (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        thread_ts TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, thread_ts)
      ) STRICT;
      CREATE TABLE qa_turns (
        id INTEGER PRIMARY KEY,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        thread_ts TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        providers TEXT NOT NULL,          -- JSON array of strings
        price_micros INTEGER,
        relevant_entries TEXT NOT NULL,   -- JSON array of strings
        asked_by TEXT NOT NULL,
        at INTEGER NOT NULL,
        FOREIGN KEY (team_id, channel_id, thread_ts) REFERENCES qa_threads ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX qa_turns_by_thread ON qa_turns (team_id, channel_id, thread_ts, id);`,
  },
  {
    version: 3,
    name: "usage ledger",
    sql: `
      CREATE TABLE usage_ledger (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        team_id TEXT,
        user_id TEXT,
        channel_id TEXT,
        client_matter TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        fee_kind TEXT NOT NULL,
        may_have_incurred_fees INTEGER NOT NULL CHECK (may_have_incurred_fees IN (0, 1)),
        price_micros INTEGER,
        outcome TEXT NOT NULL,
        correlation_id TEXT
      ) STRICT;
      CREATE INDEX usage_by_matter_time ON usage_ledger (client_matter, at);`,
  },
  {
    version: 4,
    name: "recent cases",
    sql: `
      CREATE TABLE recent_cases (
        team_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        title TEXT,
        client_matter TEXT,
        viewed_at INTEGER NOT NULL,
        seq INTEGER NOT NULL,             -- per-user touch order: ties on viewed_at stay ordered
        PRIMARY KEY (team_id, user_id, court, docket)
      ) STRICT;
      CREATE INDEX recent_by_user ON recent_cases (team_id, user_id, seq);`,
  },
  {
    version: 5,
    name: "pushes and outbox deliveries",
    // AUTOINCREMENT: delivery ids go into Slack message metadata for crash recovery, so an id must
    // never be reused, even after old rows are pruned (sqlite.org/autoinc.html).
    sql: `
      CREATE TABLE pushes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        body_sha256 TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        stored_at INTEGER NOT NULL,
        push_type TEXT,
        client_matter TEXT,
        routing TEXT NOT NULL CHECK (routing IN ('routed', 'held', 'quarantined')),
        quarantine_reason TEXT
      ) STRICT;
      CREATE INDEX pushes_by_routing ON pushes (routing, client_matter, id);
      CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        push_id INTEGER NOT NULL REFERENCES pushes (id),
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'in_flight', 'sent', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        dead_reason TEXT,
        slack_ts TEXT,
        created_at INTEGER NOT NULL,
        queued_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER,
        UNIQUE (push_id, team_id, channel_id)
      ) STRICT;
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
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        root_ts TEXT NOT NULL,
        title TEXT,
        new_entries INTEGER NOT NULL DEFAULT 0,
        latest_entry_date TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, court, docket)
      ) STRICT;`,
  },
  {
    version: 7,
    name: "what a Q&A thread reads",
    // A follow-up reads what the thread's first question read (docket, documents or both), also
    // after a restart; threads bound before this migration have none and read the docket.
    sql: `
      ALTER TABLE qa_threads ADD COLUMN target TEXT CHECK (target IS NULL OR target IN ('docket', 'documents', 'both'));`,
  },
  {
    version: 8,
    name: "alert desk: filings, sign-off, settings, snoozes, digests",
    // Issue 12 (filing-records.ts). AUTOINCREMENT on filings and digest runs: their ids go into
    // button values and Slack message metadata, so an id must never be reused (sqlite.org/autoinc.html).
    // A filing is unique per (channel, case, entry key) and a digest run per (channel, period, due
    // time): a redelivery or a second scheduler finds the row instead of doubling it.
    sql: `
      CREATE TABLE filings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        entry_key TEXT NOT NULL,
        entry_number TEXT,
        entry_date TEXT,
        level TEXT NOT NULL CHECK (level IN ('urgent', 'notable', 'routine')),
        kind TEXT NOT NULL,
        summary TEXT NOT NULL,
        link TEXT,
        case_title TEXT,
        delivery_id INTEGER,
        shown TEXT NOT NULL CHECK (shown IN ('channel', 'thread', 'muted')),
        message_ts TEXT,
        created_at INTEGER NOT NULL,
        docketed_by TEXT,
        docketed_at INTEGER,
        assignee TEXT,
        assigned_by TEXT,
        assigned_at INTEGER,
        CHECK ((docketed_by IS NULL) = (docketed_at IS NULL)),
        UNIQUE (team_id, channel_id, court, docket, entry_key)
      ) STRICT;
      CREATE INDEX filings_by_channel_time ON filings (team_id, channel_id, created_at, id);
      CREATE INDEX filings_undocketed ON filings (team_id, channel_id, created_at, id)
        WHERE docketed_at IS NULL AND level IN ('urgent', 'notable');
      CREATE INDEX filings_by_message ON filings (team_id, channel_id, message_ts, id)
        WHERE message_ts IS NOT NULL;
      CREATE TABLE filing_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        filing_id INTEGER NOT NULL REFERENCES filings (id),
        action TEXT NOT NULL CHECK (action IN ('docketed', 'undocketed', 'assigned', 'unassigned')),
        user_id TEXT NOT NULL,
        assignee TEXT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX filing_actions_by_filing ON filing_actions (filing_id, id);
      CREATE INDEX filing_actions_by_matter_time ON filing_actions (client_matter, at);
      CREATE TABLE alert_settings (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        post_notable INTEGER NOT NULL CHECK (post_notable IN (0, 1)),
        post_routine INTEGER NOT NULL CHECK (post_routine IN (0, 1)),
        daily_at TEXT CHECK (daily_at IS NULL OR daily_at GLOB '[0-2][0-9]:[0-5][0-9]'),
        weekly_on INTEGER CHECK (weekly_on IS NULL OR weekly_on BETWEEN 0 AND 6),
        time_zone TEXT NOT NULL,
        updated_by TEXT,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id)
      ) STRICT;
      CREATE INDEX alert_settings_with_digests ON alert_settings (team_id, channel_id)
        WHERE daily_at IS NOT NULL OR weekly_on IS NOT NULL;
      CREATE TABLE case_snoozes (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('until', 'next_order', 'unmuted')),
        until_at INTEGER CHECK ((mode = 'until') = (until_at IS NOT NULL)),
        snoozed_by TEXT NOT NULL,
        snoozed_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, court, docket)
      ) STRICT;
      CREATE TABLE digest_runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        period TEXT NOT NULL CHECK (period IN ('daily', 'weekly')),
        due_at INTEGER NOT NULL,
        since INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'posted', 'empty')),
        posted_ts TEXT,
        created_at INTEGER NOT NULL,
        finished_at INTEGER,
        UNIQUE (team_id, channel_id, period, due_at)
      ) STRICT;
      CREATE INDEX digest_runs_unfinished ON digest_runs (due_at, id) WHERE status = 'pending';`,
  },
  {
    version: 9,
    name: "tracking subscriptions and the audit trail",
    sql: `
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
      CREATE INDEX audit_events_by_matter_time ON audit_events (team_id, client_matter, at, id);`,
  },
  {
    version: 10,
    name: "budgets per matter and fee actions that wait",
    sql: `
      CREATE TABLE matter_budgets (
        client_matter TEXT PRIMARY KEY CHECK (length(client_matter) BETWEEN 1 AND 50),
        monthly_cap_micros INTEGER NOT NULL CHECK (monthly_cap_micros >= 0),
        ask_above_micros INTEGER CHECK (ask_above_micros IS NULL OR ask_above_micros >= 0),
        set_by TEXT NOT NULL,
        set_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE budget_notices (
        client_matter TEXT NOT NULL,
        month TEXT NOT NULL,
        level INTEGER NOT NULL,
        sent_at INTEGER NOT NULL,
        PRIMARY KEY (client_matter, month, level)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE fee_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) <= 50 AND (length(client_matter) > 0 OR status IN ('awaiting_matter', 'cancelled'))),
        requested_by TEXT NOT NULL,
        channel_id TEXT,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        expected_micros INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval', 'running', 'ran', 'failed', 'denied', 'cancelled')),
        decided_by TEXT,
        decided_at INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX fee_actions_awaiting ON fee_actions (client_matter, id) WHERE status = 'awaiting_approval';
      ALTER TABLE usage_ledger ADD COLUMN pages INTEGER CHECK (pages IS NULL OR pages >= 0);`,
  },
  {
    version: 11,
    name: "court dates from the docket, their Calendared sign-off and reminder runs",
    sql: `
      CREATE TABLE court_dates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        case_key TEXT NOT NULL,
        court TEXT NOT NULL,
        docket TEXT NOT NULL,
        case_title TEXT,
        date_key TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('deadline', 'hearing', 'conference', 'trial')),
        title TEXT NOT NULL,
        date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        time TEXT CHECK (time IS NULL OR time GLOB '[0-2][0-9]:[0-5][0-9]'),
        place TEXT,
        judge TEXT,
        status TEXT NOT NULL CHECK (status IN ('scheduled', 'moved', 'cancelled')),
        source_number TEXT,
        source_date TEXT NOT NULL,
        confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        history TEXT NOT NULL,
        sequence INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (case_key, date_key)
      ) STRICT;
      CREATE INDEX court_dates_by_date ON court_dates (date, time, id);
      CREATE TABLE court_date_matters (
        case_key TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        since INTEGER NOT NULL,
        PRIMARY KEY (client_matter, case_key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX court_date_matters_by_case ON court_date_matters (case_key);
      CREATE TABLE court_date_signoffs (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        court_date_id INTEGER NOT NULL REFERENCES court_dates (id),
        date TEXT NOT NULL,
        calendared_by TEXT NOT NULL,
        calendared_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id, court_date_id, date)
      ) STRICT;
      CREATE TABLE court_date_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        court_date_id INTEGER NOT NULL REFERENCES court_dates (id),
        date TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('calendared', 'uncalendared')),
        user_id TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX court_date_actions_by_date ON court_date_actions (court_date_id, id);
      CREATE TABLE court_date_reminder_settings (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        days_before TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, channel_id)
      ) STRICT;
      CREATE TABLE court_date_reminders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        court_date_id INTEGER NOT NULL REFERENCES court_dates (id),
        date TEXT NOT NULL,
        days_before INTEGER NOT NULL CHECK (days_before BETWEEN 0 AND 366),
        due_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'posted', 'skipped')),
        posted_ts TEXT,
        created_at INTEGER NOT NULL,
        finished_at INTEGER,
        UNIQUE (team_id, channel_id, court_date_id, date, days_before)
      ) STRICT;
      CREATE INDEX court_date_reminders_unfinished ON court_date_reminders (due_at, id) WHERE status = 'pending';`,
  },
  {
    version: 12,
    name: "calendar feed tokens",
    sql: `
      CREATE TABLE calendar_feeds (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        client_matter TEXT NOT NULL CHECK (length(client_matter) BETWEEN 1 AND 50),
        token_sha256 TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_by TEXT,
        revoked_at INTEGER,
        CHECK ((revoked_by IS NULL) = (revoked_at IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX calendar_feeds_live ON calendar_feeds (team_id, client_matter) WHERE revoked_at IS NULL;`,
  },
  {
    version: 13,
    name: "outbox lanes (issue 17 item 2)",
    sql: `
      CREATE TABLE channel_lanes (
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        holder TEXT NOT NULL,
        fence INTEGER NOT NULL,
        lease_until INTEGER NOT NULL,
        last_post_at INTEGER,
        PRIMARY KEY (team_id, channel_id)
      ) STRICT;`,
  },
  {
    version: 14,
    name: "once keys (issue 17 item 3)",
    sql: `
      CREATE TABLE once_keys (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (scope, key)
      ) STRICT;
      CREATE INDEX once_keys_expiry ON once_keys (expires_at);`,
  },
  {
    version: 15,
    name: "shared rate budget and login token (issue 17 item 3)",
    sql: `
      CREATE TABLE rate_slots (
        key TEXT NOT NULL,
        slot INTEGER NOT NULL,
        used_at INTEGER NOT NULL,
        PRIMARY KEY (key, slot)
      ) STRICT;
      CREATE TABLE shared_tokens (
        name TEXT PRIMARY KEY,
        token TEXT NOT NULL,
        renews_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;`,
  },
];
