-- name: court dates from the docket, their Calendared sign-off and reminder runs
-- confidence is double precision: SQLite's REAL is an 8-byte float, so both keep the same value.

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
      CREATE INDEX court_date_reminders_unfinished ON court_date_reminders (due_at, id) WHERE status = 'pending';