-- name: budgets per matter and fee actions that wait

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
      ALTER TABLE usage_ledger ADD COLUMN pages integer CHECK (pages IS NULL OR pages >= 0);