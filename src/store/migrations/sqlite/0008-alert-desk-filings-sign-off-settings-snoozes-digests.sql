-- name: alert desk: filings, sign-off, settings, snoozes, digests
-- Issue 12 (filing-records.ts). AUTOINCREMENT on filings and digest runs: their ids go into
-- button values and Slack message metadata, so an id must never be reused (sqlite.org/autoinc.html).
-- A filing is unique per (channel, case, entry key) and a digest run per (channel, period, due
-- time): a redelivery or a second scheduler finds the row instead of doubling it.

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
      CREATE INDEX digest_runs_unfinished ON digest_runs (due_at, id) WHERE status = 'pending';