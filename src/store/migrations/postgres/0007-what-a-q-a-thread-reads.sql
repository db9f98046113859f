-- name: what a Q&A thread reads

      ALTER TABLE qa_threads ADD COLUMN target text CHECK (target IS NULL OR target IN ('docket', 'documents', 'both'));