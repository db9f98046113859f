/**
 * Filings as delivered (issue 12, items 1 and 4): every docket entry a channel received, with its
 * level, where it shows and the Slack message carrying it. Recording is idempotent per (channel,
 * case, entry key), so a redelivered push after a crash finds its filings instead of doubling them.
 */
import type { FilingInput, Store } from "../store.ts";
import { checkLimit, checkMatter, SCOPE_SQL, scopeParam, type StoreContext } from "./context.ts";
import { toFiling } from "./filing-rows.ts";

export type FilingsArea = Pick<
  Store,
  "recordFilings" | "getFiling" | "attachFilingMessage" | "filingsOfMessage" | "undocketed" | "filingsBetween"
>;

const CHANNEL = "team_id = :team AND channel_id = :channel";

export function createFilings(ctx: StoreContext): FilingsArea {
  const { db, clock } = ctx;
  const insert = db.prepare(`
    INSERT INTO filings (team_id, channel_id, client_matter, court, docket, entry_key, entry_number, entry_date,
                         level, kind, summary, link, case_title, delivery_id, shown, message_ts, created_at)
    VALUES (:team, :channel, :matter, :court, :docket, :key, :number, :date,
            :level, :kind, :summary, :link, :title, :delivery, :shown, :ts, :now)
    ON CONFLICT DO NOTHING`);
  const byKey = db.prepare(`
    SELECT * FROM filings WHERE ${CHANNEL} AND court = :court AND docket = :docket AND entry_key = :key`);
  const byId = db.prepare(`SELECT * FROM filings WHERE id = :id AND ${SCOPE_SQL("client_matter")}`);
  const attach = db.prepare(`UPDATE filings SET message_ts = :ts WHERE id IN (SELECT value FROM json_each(:ids))`);
  const ofMessage = db.prepare(`
    SELECT * FROM filings WHERE ${CHANNEL} AND message_ts = :ts AND ${SCOPE_SQL("client_matter")} ORDER BY id`);
  const open = db.prepare(`
    SELECT * FROM filings
     WHERE ${CHANNEL} AND docketed_at IS NULL AND level IN ('urgent', 'notable') AND ${SCOPE_SQL("client_matter")}
     ORDER BY created_at, id LIMIT :limit`);
  const between = db.prepare(`
    SELECT * FROM filings
     WHERE ${CHANNEL} AND created_at >= :since AND created_at < :until AND ${SCOPE_SQL("client_matter")}
     ORDER BY created_at, id`);

  const record = (f: FilingInput, now: number) => {
    checkMatter("recordFilings", f.clientMatter);
    const key = { team: f.teamId, channel: f.channelId, court: f.court, docket: f.docket, key: f.entryKey };
    insert.run({
      ...key,
      matter: f.clientMatter,
      number: f.entryNumber ?? null,
      date: f.entryDate ?? null,
      level: f.level,
      kind: f.kind,
      summary: f.summary,
      link: f.link ?? null,
      title: f.caseTitle ?? null,
      delivery: f.deliveryId ?? null,
      shown: f.shown,
      ts: f.messageTs ?? null,
      now,
    });
    const row = byKey.get(key);
    if (!row) throw new Error("the filing just written is missing");
    return toFiling(row);
  };

  return {
    recordFilings: (inputs) =>
      ctx.run("recordFilings", () => {
        if (inputs.length === 0) return [];
        const now = clock.now();
        return ctx.tx("recordFilings", () => inputs.map((f) => record(f, now)), inputs.length);
      }),

    getFiling: (id, scope) =>
      ctx.run("getFiling", () => {
        const row = byId.get({ id, scope: scopeParam(scope) });
        return row ? toFiling(row) : undefined;
      }),

    attachFilingMessage: (ids, messageTs) =>
      ctx.run("attachFilingMessage", () => {
        if (ids.length === 0) return;
        ctx.tx("attachFilingMessage", () => attach.run({ ids: JSON.stringify(ids), ts: messageTs }), ids.length);
      }),

    filingsOfMessage: (channel, messageTs, scope) =>
      ctx.run("filingsOfMessage", () =>
        ofMessage
          .all({ team: channel.teamId, channel: channel.channelId, ts: messageTs, scope: scopeParam(scope) })
          .map(toFiling),
      ),

    undocketed: (channel, scope, limit) =>
      ctx.run("undocketed", () =>
        open
          .all({
            team: channel.teamId,
            channel: channel.channelId,
            scope: scopeParam(scope),
            limit: checkLimit("undocketed", limit),
          })
          .map(toFiling),
      ),

    filingsBetween: (channel, since, until, scope) =>
      ctx.run("filingsBetween", () =>
        between
          .all({ team: channel.teamId, channel: channel.channelId, since, until, scope: scopeParam(scope) })
          .map(toFiling),
      ),
  };
}
