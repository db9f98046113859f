-- name: alert desk: filings, sign-off, settings, snoozes, digests

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
      CREATE INDEX digest_runs_unfinished ON digest_runs (due_at, id) WHERE status = 'pending';