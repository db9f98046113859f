-- name: the audit trail records every change to what matters see, pay or are reminded of
-- Budgets, fee decisions, mutes, alert and reminder settings, Calendared ✓ and retried alerts join
-- tracking and links in audit_events (subscription-records.ts CHANGE_AUDIT_ACTIONS).

      ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
      ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check CHECK (action IN ('track', 'untrack', 'frequency', 'link', 'unlink', 'reconcile',
          'budget_set', 'budget_cleared', 'fee_confirmed', 'fee_cancelled', 'fee_approved', 'fee_declined', 'fee_matter_picked',
          'muted', 'unmuted', 'alert_settings', 'reminder_settings', 'calendared', 'uncalendared', 'alerts_retried'));
