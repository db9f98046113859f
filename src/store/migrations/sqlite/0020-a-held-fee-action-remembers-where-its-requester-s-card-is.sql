-- name: a held fee action remembers where its requester's card is
-- card: JSON, where the requester's "waiting" card was shown ({channel, ts} for a posted message,
-- {responseUrl, until} for an ephemeral one shown through a response_url), so an approval, a
-- decline or the expiry replaces it. Existing rows keep NULL: their cards were not recorded.

ALTER TABLE fee_actions ADD COLUMN card TEXT;
