-- name: a push keeps the case or search it names
-- Subscriptions are matched on a push's case or search (court/push-target.ts). Intake's one parse
-- reads it and the row keeps it, so routing and a subscription's catch-up never parse a body (a
-- 100,000-entry push is 13 MB). NULL in all three: the push names none. Rows stored before are
-- read once here, by the same rule: a non-blank q names a search, else non-blank court and docket
-- a case (whitespace as JSON's: space, tab, newline, return), a query kept trimmed. Quarantined
-- rows too: a requeue routes by what the row names, never reading its body again.

      ALTER TABLE pushes ADD COLUMN target_court TEXT;
      ALTER TABLE pushes ADD COLUMN target_docket TEXT;
      ALTER TABLE pushes ADD COLUMN target_q TEXT;

      CREATE TEMP TABLE push_targets AS
        WITH bodies AS (
               SELECT p.id,
                      CASE WHEN p.body_parts > 0
                           THEN (SELECT group_concat(x.body, '' ORDER BY x.part) FROM push_body_parts x WHERE x.body_key = p.body_key)
                           ELSE p.body END AS b
                 FROM pushes p),
             texts AS (SELECT id, CASE WHEN substr(b, 1, 1) = char(65279) THEN substr(b, 2) ELSE b END AS t FROM bodies),
             docs AS (SELECT id, t AS j FROM texts WHERE json_valid(t) AND json_type(t) = 'object'),
             named AS (
               SELECT id,
                      CASE WHEN json_type(j, '$.q') = 'text' AND trim(json_extract(j, '$.q'), ' ' || char(9, 10, 13)) <> ''
                           THEN json_extract(j, '$.q') END AS q,
                      CASE WHEN json_type(j, '$.court') = 'text' AND trim(json_extract(j, '$.court'), ' ' || char(9, 10, 13)) <> ''
                           THEN json_extract(j, '$.court') END AS court,
                      CASE WHEN json_type(j, '$.docket') = 'text' AND trim(json_extract(j, '$.docket'), ' ' || char(9, 10, 13)) <> ''
                           THEN json_extract(j, '$.docket') END AS docket
                 FROM docs)
        SELECT id, trim(q, ' ' || char(9, 10, 13)) AS q,
               CASE WHEN q IS NULL AND docket IS NOT NULL THEN court END AS court,
               CASE WHEN q IS NULL AND court IS NOT NULL THEN docket END AS docket
          FROM named
         WHERE q IS NOT NULL OR (court IS NOT NULL AND docket IS NOT NULL);

      UPDATE pushes
         SET target_q = (SELECT t.q FROM push_targets t WHERE t.id = pushes.id),
             target_court = (SELECT t.court FROM push_targets t WHERE t.id = pushes.id),
             target_docket = (SELECT t.docket FROM push_targets t WHERE t.id = pushes.id)
       WHERE id IN (SELECT id FROM push_targets);
      DROP TABLE push_targets;
