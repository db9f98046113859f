/**
 * Every channel's head (its oldest pending or in-flight delivery, deliveries.ts), found by walking
 * the partial index deliveries_open_by_channel (team_id, channel_id, id) one channel at a time: from
 * one head, the next is the first open row after its (team_id, channel_id) in index order: the next
 * channel of its team, else the first of the next team, an index seek each (a row-value comparison
 * against the previous row would be seeked on team_id alone, reading the channel's whole backlog) (a "skip scan", written as a recursive CTE: sqlite.org/lang_with.html,
 * postgresql.org/docs/current/queries-with.html#QUERIES-WITH-RECURSIVE). So the three reads the
 * outbox makes on every wake cost a seek per channel with work, whatever the number of deliveries
 * waiting. (A GROUP BY over the index read every waiting delivery: 5.7 ms at 15,000 waiting on
 * SQLite, which runs it on the event loop, for each of three reads per stored push.)
 *
 * The walk starts below every real key ('', ''): Slack team and channel ids are never empty.
 */
import type { Dialect } from "../sql/context.ts";
import { statement, type Statement } from "../sql/statement.ts";

export interface HeadReads {
  /** Channels whose head is pending and due at :now, the longest-waiting first. */
  dueChannels: Statement;
  /** The earliest next_attempt_at of a pending head. */
  nextWakeAt: Statement;
  /** Channels whose head is in flight while no lane's lease runs past :now (its replica died mid-post). */
  strandedChannels: Statement;
}

export function headReads(dialect: Pick<Dialect, "indexedBy">): HeadReads {
  const open = dialect.indexedBy("deliveries_open_by_channel");
  const withHeads = (select: string) => statement(`WITH RECURSIVE heads(id, team_id, channel_id, state, next_attempt_at) AS (
      SELECT CAST(NULL AS BIGINT), '', '', '', CAST(NULL AS BIGINT)
      UNION ALL
      SELECT d.id, d.team_id, d.channel_id, d.state, d.next_attempt_at FROM heads h
        JOIN deliveries d ON d.id = COALESCE(
          (SELECT n.id FROM deliveries n ${open} WHERE n.state IN ('pending', 'in_flight')
            AND n.team_id = h.team_id AND n.channel_id > h.channel_id ORDER BY n.team_id, n.channel_id, n.id LIMIT 1),
          (SELECT n.id FROM deliveries n ${open} WHERE n.state IN ('pending', 'in_flight')
            AND n.team_id > h.team_id ORDER BY n.team_id, n.channel_id, n.id LIMIT 1))
    ) ${select}`);
  return {
    dueChannels: withHeads(`SELECT team_id, channel_id FROM heads
      WHERE id IS NOT NULL AND state = 'pending' AND next_attempt_at <= :now ORDER BY next_attempt_at, id`),
    nextWakeAt: withHeads("SELECT MIN(next_attempt_at) AS at FROM heads WHERE id IS NOT NULL AND state = 'pending'"),
    strandedChannels: withHeads(`SELECT h.team_id, h.channel_id FROM heads h WHERE h.id IS NOT NULL AND h.state = 'in_flight'
      AND NOT EXISTS (SELECT 1 FROM channel_lanes c WHERE c.team_id = h.team_id AND c.channel_id = h.channel_id
        AND c.lease_until > :now) ORDER BY h.id`),
  };
}
