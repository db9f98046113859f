-- name: a push keeps the case or search it names
-- Subscriptions are matched on a push's case or search (court/push-target.ts). Intake's one parse
-- reads it and the row keeps it, so routing and a subscription's catch-up never parse a body (a
-- 100,000-entry push is 13 MB). NULL in all three: the push names none. Rows stored before are
-- read once here, by the same rule: a non-blank q names a search, else non-blank court and docket
-- a case (whitespace as JSON's: space, tab, newline, return), a query kept trimmed. Quarantined
-- rows too: a requeue routes by what the row names, never reading its body again. A body
-- PostgreSQL cannot read as JSON names none (docketbot_json_or_null): no old row fails the upgrade.

      ALTER TABLE pushes ADD COLUMN target_court text;
      ALTER TABLE pushes ADD COLUMN target_docket text;
      ALTER TABLE pushes ADD COLUMN target_q text;

      CREATE FUNCTION pg_temp.docketbot_json_or_null(t text) RETURNS jsonb LANGUAGE plpgsql AS $$
      BEGIN
        RETURN t::jsonb;
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$;

      WITH bodies AS (
             SELECT p.id,
                    CASE WHEN p.body_parts > 0
                         THEN (SELECT string_agg(x.body, '' ORDER BY x.part) FROM push_body_parts x WHERE x.body_key = p.body_key)
                         ELSE p.body END AS b
               FROM pushes p),
           docs AS (
             SELECT id, pg_temp.docketbot_json_or_null(CASE WHEN left(b, 1) = U&'\FEFF' THEN substr(b, 2) ELSE b END) AS j FROM bodies),
           named AS (
             SELECT id,
                    CASE WHEN jsonb_typeof(j -> 'q') = 'string' AND btrim(j ->> 'q', E' \t\n\r') <> '' THEN j ->> 'q' END AS q,
                    CASE WHEN jsonb_typeof(j -> 'court') = 'string' AND btrim(j ->> 'court', E' \t\n\r') <> '' THEN j ->> 'court' END AS court,
                    CASE WHEN jsonb_typeof(j -> 'docket') = 'string' AND btrim(j ->> 'docket', E' \t\n\r') <> '' THEN j ->> 'docket' END AS docket
               FROM docs WHERE jsonb_typeof(j) = 'object')
      UPDATE pushes p
         SET target_q = btrim(n.q, E' \t\n\r'),
             target_court = CASE WHEN n.q IS NULL THEN n.court END,
             target_docket = CASE WHEN n.q IS NULL THEN n.docket END
        FROM named n
       WHERE n.id = p.id AND (n.q IS NOT NULL OR (n.court IS NOT NULL AND n.docket IS NOT NULL));

      DROP FUNCTION pg_temp.docketbot_json_or_null(text);
