/**
 * Digest runs (issue 12, item 6): one row per (channel, period, due time), claimed before the
 * digest is gathered and finished once it is posted (or found empty). The unique key makes a run
 * happen once however many schedulers, replicas or restarts reach it; a run left pending by a crash
 * is listed by unfinishedDigestRuns for the scheduler to finish.
 */
import type { DigestPeriod, DigestRun, Store } from "../store.ts";
import { claimRun, finishRun } from "./claimed-runs.ts";
import type { StoreContext } from "../sql/context.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";

export type DigestRunsArea = Pick<Store, "claimDigestRun" | "finishDigestRun" | "lastDigestRun" | "unfinishedDigestRuns">;

const PERIODS: readonly DigestPeriod[] = ["daily", "weekly"];
const STATUSES: readonly DigestRun["status"][] = ["pending", "posted", "empty"];

function toRun(row: Row): DigestRun {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    period: oneOf(row, "period", PERIODS),
    dueAt: int(row, "due_at"),
    since: int(row, "since"),
    status: oneOf(row, "status", STATUSES),
    postedTs: optText(row, "posted_ts"),
    finishedAt: optInt(row, "finished_at"),
  };
}

const insert = statement(`
  INSERT INTO digest_runs (team_id, channel_id, period, due_at, since, status, created_at)
  VALUES (:team, :channel, :period, :due, :since, 'pending', :now)
  ON CONFLICT DO NOTHING`);
const byKey = statement(`
  SELECT * FROM digest_runs WHERE team_id = :team AND channel_id = :channel AND period = :period AND due_at = :due`);
const byId = statement(`SELECT * FROM digest_runs WHERE id = :id`);
// Only a pending run is finished: a late second finish does not overwrite the first.
const finish = statement(`
  UPDATE digest_runs SET status = :status, posted_ts = :ts, finished_at = :now WHERE id = :id AND status = 'pending'`);
const last = statement(`
  SELECT * FROM digest_runs WHERE team_id = :team AND channel_id = :channel AND period = :period
   ORDER BY due_at DESC LIMIT 1`);
const unfinished = statement(`SELECT * FROM digest_runs WHERE status = 'pending' ORDER BY due_at, id`);

export function createDigestRuns(ctx: StoreContext): DigestRunsArea {
  const { clock } = ctx;
  return {
    claimDigestRun: (input) =>
      ctx.run("claimDigestRun", () =>
        ctx.tx("claimDigestRun", (db) => {
          const key = { team: input.teamId, channel: input.channelId, period: input.period, due: input.dueAt };
          return claimRun(db, { insert, byKey, params: { ...key, since: input.since, now: clock.now() }, key, what: "digest run", toRun });
        }),
      ),

    finishDigestRun: finishRun(ctx, "finishDigestRun", { finish, byId, toRun }),

    lastDigestRun: (channel, period) =>
      ctx.run("lastDigestRun", async () => {
        const row = await ctx.db.get(last, { team: channel.teamId, channel: channel.channelId, period });
        return row ? toRun(row) : undefined;
      }),

    unfinishedDigestRuns: () => ctx.run("unfinishedDigestRuns", async () => (await ctx.db.all(unfinished)).map(toRun)),
  };
}
