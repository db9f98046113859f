/**
 * Filings as delivered (issue 12, items 1 and 4): every docket entry a channel received, with its
 * level, where it shows and the Slack message carrying it. Recording is idempotent per (channel,
 * case, entry key), so a redelivered push after a crash finds its filings instead of doubling them.
 */
import type { FilingInput, Store } from "../store.ts";
import { checkLimit, checkMatter, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { statement, type Db } from "../sql/statement.ts";
import { toFiling } from "./filing-rows.ts";

export type FilingsArea = Pick<
  Store,
  "recordFilings" | "getFiling" | "attachFilingMessage" | "filingsOfMessage" | "undocketed" | "filingsBetween"
>;

const CHANNEL = "team_id = :team AND channel_id = :channel";

const insert = statement(`
  INSERT INTO filings (team_id, channel_id, client_matter, court, docket, entry_key, entry_number, entry_date,
                       level, kind, summary, link, case_title, delivery_id, shown, message_ts, created_at)
  VALUES (:team, :channel, :matter, :court, :docket, :key, :number, :date,
          :level, :kind, :summary, :link, :title, :delivery, :shown, :ts, :now)
  ON CONFLICT DO NOTHING`);
const byKey = statement(`SELECT * FROM filings WHERE ${CHANNEL} AND court = :court AND docket = :docket AND entry_key = :key`);

export function createFilings(ctx: StoreContext): FilingsArea {
  const { clock } = ctx;
  const scope = scopeSql(ctx, "client_matter");
  const byId = statement(`SELECT * FROM filings WHERE id = :id AND ${scope}`);
  const attach = statement(`UPDATE filings SET message_ts = :ts WHERE ${ctx.dialect.inIntList("id", "ids")}`);
  const ofMessage = statement(`
    SELECT * FROM filings WHERE ${CHANNEL} AND message_ts = :ts AND ${scope} ORDER BY id`);
  // Oldest filing first, as a clerk works a docket: by the entry's date, then its number (digits
  // order by length, then bytes), not by when its push happened to arrive (pushes come out of order).
  const { bytewise } = ctx.dialect;
  const open = statement(`
    SELECT * FROM filings
     WHERE ${CHANNEL} AND docketed_at IS NULL AND level IN ('urgent', 'notable') AND ${scope}
     ORDER BY ${bytewise("coalesce(entry_date, '9999-99-99')")}, length(coalesce(entry_number, '')), ${bytewise("coalesce(entry_number, '')")}, created_at, id
     LIMIT :limit`);
  const between = statement(`
    SELECT * FROM filings
     WHERE ${CHANNEL} AND created_at >= :since AND created_at < :until AND ${scope}
     ORDER BY created_at, id`);

  const record = async (db: Db, f: FilingInput, now: number) => {
    checkMatter("recordFilings", f.clientMatter);
    const key = { team: f.teamId, channel: f.channelId, court: f.court, docket: f.docket, key: f.entryKey };
    await db.run(insert, {
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
    const row = await db.get(byKey, key);
    if (!row) throw new Error("the filing just written is missing");
    return toFiling(row);
  };

  return {
    recordFilings: (inputs) =>
      ctx.run("recordFilings", async () => {
        if (inputs.length === 0) return [];
        const now = clock.now();
        return ctx.tx(
          "recordFilings",
          async (db) => {
            const out = [];
            for (const f of inputs) out.push(await record(db, f, now));
            return out;
          },
          inputs.length,
        );
      }),

    getFiling: (id, scope) =>
      ctx.run("getFiling", async () => {
        const row = await ctx.db.get(byId, { id, scope: scopeParam(ctx, scope) });
        return row ? toFiling(row) : undefined;
      }),

    attachFilingMessage: (ids, messageTs) =>
      ctx.run("attachFilingMessage", async () => {
        if (ids.length === 0) return;
        await ctx.tx("attachFilingMessage", (db) => db.run(attach, { ids: ctx.dialect.listParam(ids), ts: messageTs }), ids.length);
      }),

    filingsOfMessage: (channel, messageTs, scope) =>
      ctx.run("filingsOfMessage", async () =>
        (await ctx.db.all(ofMessage, { team: channel.teamId, channel: channel.channelId, ts: messageTs, scope: scopeParam(ctx, scope) })).map(toFiling),
      ),

    undocketed: (channel, scope, limit) =>
      ctx.run("undocketed", async () =>
        (await ctx.db.all(open, {
          team: channel.teamId, channel: channel.channelId, scope: scopeParam(ctx, scope), limit: checkLimit("undocketed", limit),
        })).map(toFiling),
      ),

    filingsBetween: (channel, since, until, scope) =>
      ctx.run("filingsBetween", async () =>
        (await ctx.db.all(between, { team: channel.teamId, channel: channel.channelId, since, until, scope: scopeParam(ctx, scope) })).map(toFiling),
      ),
  };
}
