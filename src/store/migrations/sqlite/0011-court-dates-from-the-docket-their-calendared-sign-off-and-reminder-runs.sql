-- name: court dates from the docket, their Calendared sign-off and reminder runs

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
      CREATE INDEX court_date_reminders_unfinished ON court_date_reminders (due_at, id) WHERE status = 'pending';