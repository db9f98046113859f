-- name: a Q&A answer keeps what it read
-- A question's expected price is read from earlier answers of the same kind (docket, documents or
-- both: the service answers "both" once from the docket and once from the documents, and prices
-- each), so each answer keeps what it read; a follow-up from the Ask form may read other than its
-- thread. Answers stored before read what their thread reads (the docket when it says none).

      ALTER TABLE qa_turns ADD COLUMN target TEXT CHECK (target IS NULL OR target IN ('docket', 'documents', 'both'));
      UPDATE qa_turns SET target = COALESCE(
        (SELECT t.target FROM qa_threads t
          WHERE t.team_id = qa_turns.team_id AND t.channel_id = qa_turns.channel_id AND t.thread_ts = qa_turns.thread_ts),
        'docket');
      CREATE INDEX qa_turns_priced ON qa_turns (team_id, target, id);
