-- name: fee reservations and held fee actions that expire
-- A fee action reserves its expected price in the transaction that checks the matter's cap
-- (areas/fee-reservations.ts); a held fee action expires (7 days, never past its month's end).
-- usage_ledger.service_matter: the client_matter the service was told, kept only where it differs
-- from the matter the call was made for (a tracker tagged with another subscriber's matter).

      CREATE TABLE fee_reservations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id text NOT NULL,
        client_matter text NOT NULL CHECK (char_length(client_matter) BETWEEN 1 AND 50),
        month text NOT NULL,
        kind text NOT NULL,
        expected_micros bigint NOT NULL CHECK (expected_micros >= 0),
        status text NOT NULL CHECK (status IN ('held', 'settled', 'released', 'expired')),
        correlation_id text,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        settled_at bigint
      );
      CREATE INDEX fee_reservations_held ON fee_reservations (client_matter, month) WHERE status = 'held';
      ALTER TABLE fee_actions DROP CONSTRAINT fee_actions_check;
      ALTER TABLE fee_actions DROP CONSTRAINT fee_actions_status_check;
      ALTER TABLE fee_actions ADD CONSTRAINT fee_actions_check
        CHECK (char_length(client_matter) <= 50 AND (char_length(client_matter) > 0 OR status IN ('awaiting_matter', 'cancelled', 'expired')));
      ALTER TABLE fee_actions ADD CONSTRAINT fee_actions_status_check
        CHECK (status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval', 'running', 'ran', 'failed', 'denied', 'cancelled', 'expired'));
      ALTER TABLE fee_actions ADD COLUMN expires_at bigint;
      UPDATE fee_actions SET expires_at = LEAST(created_at + 604800000,
        CAST(extract(epoch FROM date_trunc('month', to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC') + interval '1 month') * 1000 AS bigint));
      ALTER TABLE fee_actions ALTER COLUMN expires_at SET NOT NULL;
      CREATE INDEX fee_actions_expiring ON fee_actions (expires_at) WHERE status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval');
      ALTER TABLE usage_ledger ADD COLUMN service_matter text;
