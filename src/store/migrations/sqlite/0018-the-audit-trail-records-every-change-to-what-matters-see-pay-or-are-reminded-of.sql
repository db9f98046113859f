-- name: the audit trail records every change to what matters see, pay or are reminded of
-- Budgets, fee decisions, mutes, alert and reminder settings, Calendared ✓ and retried alerts join
-- tracking and links in audit_events (subscription-records.ts CHANGE_AUDIT_ACTIONS). SQLite cannot
-- change a CHECK in place, so the table is rebuilt with its rows and ids
-- (sqlite.org/lang_altertable.html#otheralter); RENAME carries its AUTOINCREMENT counter.

      CREATE TABLE audit_events_next (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        client_matter TEXT NOT NULL,
        user_id TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('track', 'untrack', 'frequency', 'link', 'unlink', 'reconcile',
          'budget_set', 'budget_cleared', 'fee_confirmed', 'fee_cancelled', 'fee_approved', 'fee_declined', 'fee_matter_picked',
          'muted', 'unmuted', 'alert_settings', 'reminder_settings', 'calendared', 'uncalendared', 'alerts_retried')),
        court TEXT,
        docket TEXT,
        q TEXT,
        detail TEXT,
        at INTEGER NOT NULL
      ) STRICT;
      INSERT INTO audit_events_next (id, team_id, channel_id, client_matter, user_id, action, court, docket, q, detail, at)
        SELECT id, team_id, channel_id, client_matter, user_id, action, court, docket, q, detail, at FROM audit_events;
      DROP TABLE audit_events;
      ALTER TABLE audit_events_next RENAME TO audit_events;
      CREATE INDEX audit_events_by_matter_time ON audit_events (team_id, client_matter, at, id);
