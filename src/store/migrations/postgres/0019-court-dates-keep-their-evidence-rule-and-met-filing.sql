-- name: court dates keep their evidence, rule and met filing
-- What the extractor decided travels with each stored date (issue 23 items 2, 3, 5): the evidence
-- of a move or vacatur, the entry that set the date, a conflict with another date of the same name
-- and how a year or correction was read (evidence, JSON); the period or rule the date is computed
-- from (computed_from, JSON); the later filing that met a deadline (met, JSON); and, on a rule's
-- own date, the key of the court's date that replaced it (superseded_by: then it is not shown).
-- Existing rows keep NULL in each: nothing was recorded for them.

ALTER TABLE court_dates ADD COLUMN evidence text;
ALTER TABLE court_dates ADD COLUMN computed_from text;
ALTER TABLE court_dates ADD COLUMN met text;
ALTER TABLE court_dates ADD COLUMN superseded_by text;
