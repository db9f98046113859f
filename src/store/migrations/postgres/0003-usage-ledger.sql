-- name: usage ledger

      CREATE TABLE usage_ledger (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at bigint NOT NULL,
        team_id text,
        user_id text,
        channel_id text,
        client_matter text NOT NULL,
        endpoint text NOT NULL,
        fee_kind text NOT NULL,
        may_have_incurred_fees boolean NOT NULL,
        price_micros bigint,
        outcome text NOT NULL,
        correlation_id text
      );
      CREATE INDEX usage_by_matter_time ON usage_ledger (client_matter, at);