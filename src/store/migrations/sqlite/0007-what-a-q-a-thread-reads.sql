-- name: what a Q&A thread reads
-- A follow-up reads what the thread's first question read (docket, documents or both), also
-- after a restart; threads bound before this migration have none and read the docket.

      ALTER TABLE qa_threads ADD COLUMN target TEXT CHECK (target IS NULL OR target IN ('docket', 'documents', 'both'));