/**
 * Per-case snoozes in a channel (issue 12, item 5): for a while ("until"), until the case's next
 * order ("next_order": the delivery that sees the order lifts it) or until someone unmutes it. One
 * per (channel, case): snoozing again replaces the mode. An "until" snooze past its end is simply
 * no longer in force; reading it does not delete it.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { CaseSnooze, SnoozeMode, Store } from "../store.ts";
import { CHANNEL_CASE_KEY, channelCaseOf, channelCaseParams, checkMatter, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optInt, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";
import { writeAudit } from "./audit-trail.ts";

export type SnoozesArea = Pick<Store, "snoozeCase" | "unsnoozeCase" | "activeSnooze">;

const MODES: readonly SnoozeMode[] = ["until", "next_order", "unmuted"];

/** How long a mute lasts, in the audit's words (times in UTC: the audit view and CSV are read anywhere). */
function howLong(s: Pick<CaseSnooze, "mode" | "until">): string {
  if (s.mode === "next_order") return "until the next order";
  if (s.mode === "unmuted") return "until someone unmutes it";
  return `until ${new Date(s.until ?? 0).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function toSnooze(row: Row): CaseSnooze {
  return {
    ...channelCaseOf(row),
    mode: oneOf(row, "mode", MODES),
    until: optInt(row, "until_at"),
    by: text(row, "snoozed_by"),
    at: int(row, "snoozed_at"),
  };
}

const upsert = statement(`
  INSERT INTO case_snoozes (team_id, channel_id, court, docket, client_matter, mode, until_at, snoozed_by, snoozed_at)
  VALUES (:team, :channel, :court, :docket, :matter, :mode, :until, :by, :now)
  ON CONFLICT (team_id, channel_id, court, docket) DO UPDATE SET
    client_matter = excluded.client_matter, mode = excluded.mode, until_at = excluded.until_at,
    snoozed_by = excluded.snoozed_by, snoozed_at = excluded.snoozed_at`);
const select = statement(`SELECT * FROM case_snoozes WHERE ${CHANNEL_CASE_KEY}`);
const active = statement(`SELECT * FROM case_snoozes WHERE ${CHANNEL_CASE_KEY} AND (mode <> 'until' OR until_at > :now)`);
const remove = statement(`DELETE FROM case_snoozes WHERE ${CHANNEL_CASE_KEY}`);

export function createSnoozes(ctx: StoreContext): SnoozesArea {
  const { clock } = ctx;
  return {
    snoozeCase: (s) =>
      ctx.run("snoozeCase", async () => {
        checkMatter("snoozeCase", s.clientMatter);
        if (s.mode === "until" && !Number.isFinite(s.until)) {
          throw new StoreError(StoreErrorCode.InvalidInput, "snoozeCase", "snoozeCase: an \"until\" snooze needs its end time");
        }
        return ctx.tx("snoozeCase", async (db) => {
          await db.run(upsert, {
            ...channelCaseParams(s),
            matter: s.clientMatter,
            mode: s.mode,
            until: s.mode === "until" ? (s.until ?? null) : null,
            by: s.by,
            now: clock.now(),
          });
          const row = await db.get(select, channelCaseParams(s));
          if (!row) throw new Error("the snooze just written is missing");
          const snooze = toSnooze(row);
          await writeAudit(db, {
            teamId: s.teamId, channelId: s.channelId, clientMatter: s.clientMatter, userId: s.by, action: "muted",
            target: { court: s.court, docket: s.docket }, detail: howLong(snooze),
          }, snooze.at);
          return snooze;
        });
      }),

    unsnoozeCase: (key) =>
      ctx.run("unsnoozeCase", () =>
        ctx.tx("unsnoozeCase", async (db) => {
          const row = await db.get(select, channelCaseParams(key));
          if (!row || (await db.run(remove, channelCaseParams(key))) !== 1) return false;
          await writeAudit(db, {
            teamId: key.teamId, channelId: key.channelId, clientMatter: text(row, "client_matter"), userId: key.by, action: "unmuted",
            target: { court: key.court, docket: key.docket }, detail: key.reason,
          }, clock.now());
          return true;
        }),
      ),

    activeSnooze: (key, now) =>
      ctx.run("activeSnooze", async () => {
        const row = await ctx.db.get(active, { ...channelCaseParams(key), now: now ?? clock.now() });
        return row ? toSnooze(row) : undefined;
      }),
  };
}
