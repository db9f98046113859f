-- name: parked and dismissed deliveries
-- A delivery that keeps failing for a reason that is not Slack's rate limit, network or 5xx is
-- parked (dead, with its reason) after a bounded number of such faults, so its channel's lane moves
-- on; an admin may Retry it or Dismiss it. `faults` counts those failures since it was queued;
-- `dismissed` is a new state, with who and when (read by the audit trail).

      ALTER TABLE deliveries DROP CONSTRAINT deliveries_state_check;
      ALTER TABLE deliveries ADD CONSTRAINT deliveries_state_check
        CHECK (state IN ('pending', 'in_flight', 'sent', 'dead', 'dismissed'));
      ALTER TABLE deliveries ADD COLUMN faults integer NOT NULL DEFAULT 0;
      ALTER TABLE deliveries ADD COLUMN dismissed_by text;
      ALTER TABLE deliveries ADD COLUMN dismissed_at bigint;
      ALTER TABLE deliveries ADD CONSTRAINT deliveries_dismissed_check
        CHECK ((dismissed_at IS NULL) = (dismissed_by IS NULL));
