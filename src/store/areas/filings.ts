/**
 * Filings as delivered (issue 12, items 1 and 4): every docket entry a channel received, with its
 * level, where it shows and the Slack message carrying it. Recording is idempotent per (channel,
 * case, entry key), so a redelivered push after a crash finds its filings instead of doubling them.
 */
import type { FilingInput, FilingRecord, Store } from "../store.ts";
import { checkLimit, checkMatter, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { int } from "../sql/rows.ts";
import { rowList } from "../sql/row-list.ts";
import { statement, type Db } from "../sql/statement.ts";
import { toFiling } from "./filing-rows.ts";

export type FilingsArea = Pick<
  Store,
  "recordFilings" | "getFiling" | "attachFilingMessage" | "filingsOfMessage" | "undocketed" | "filingsBetween"
>;

const CHANNEL = "team_id = :team AND channel_id = :channel";

type FilingRow = {
  team: string; channel: string; matter: string; court: string; docket: string; key: string; number: string | null; date: string | null;
  level: string; kind: string; summary: string; link: string | null; title: string | null; delivery: number | null; shown: string; ts: string | null;
};

// A delivery's filings are two statements whatever their number (sql/row-list.ts): one INSERT of
// them all, in their order, then one read of every row by its key, made now or before (ON
// CONFLICT: a redelivered push finds its filings). A statement per filing held a PostgreSQL
// connection for a hundred round trips while a big push was delivered to each channel.
const insertAll = rowList<FilingRow>({
  columns: ["team", "channel", "matter", "court", "docket", "key", "number", "date", "level", "kind", "summary", "link", "title", "delivery", "shown", "ts"],
  types: { delivery: "BIGINT" },
  sql: (withValues) => `${withValues}
  INSERT INTO filings (team_id, channel_id, client_matter, court, docket, entry_key, entry_number, entry_date,
                       level, kind, summary, link, case_title, delivery_id, shown, message_ts, created_at)
  SELECT v.team, v.channel, v.matter, v.court, v.docket, v.key, v.number, v.date,
         v.level, v.kind, v.summary, v.link, v.title, v.delivery, v.shown, v.ts, CAST(:now AS BIGINT)
    FROM v WHERE v.seq IS NOT NULL ORDER BY v.seq
  ON CONFLICT DO NOTHING`,
});
const byKeys = rowList<Pick<FilingRow, "team" | "channel" | "court" | "docket" | "key">>({
  columns: ["team", "channel", "court", "docket", "key"],
  sql: (withValues) => `${withValues}
  SELECT f.*, v.seq AS wanted_seq FROM v
    JOIN filings f ON f.team_id = v.team AND f.channel_id = v.channel AND f.court = v.court AND f.docket = v.docket AND f.entry_key = v.key
   WHERE v.seq IS NOT NULL`,
});

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

  /** `inputs` written (those already there kept as they are) and read back, in their order. */
  const recordAll = async (db: Db, inputs: readonly FilingInput[], now: number): Promise<FilingRecord[]> => {
    const rows = inputs.map((f): FilingRow => {
      checkMatter("recordFilings", f.clientMatter);
      return {
        team: f.teamId, channel: f.channelId, matter: f.clientMatter, court: f.court, docket: f.docket, key: f.entryKey,
        number: f.entryNumber ?? null, date: f.entryDate ?? null, level: f.level, kind: f.kind, summary: f.summary,
        link: f.link ?? null, title: f.caseTitle ?? null, delivery: f.deliveryId ?? null, shown: f.shown, ts: f.messageTs ?? null,
      };
    });
    for (const { st, params } of insertAll.bind(rows, { now })) await db.run(st, params);
    const out = new Array<FilingRecord | undefined>(inputs.length);
    for (const { st, params } of byKeys.bind(rows)) {
      for (const row of await db.all(st, params)) out[int(row, "wanted_seq")] = toFiling(row);
    }
    return out.map((f) => {
      if (!f) throw new Error("a filing just written is missing");
      return f;
    });
  };

  return {
    recordFilings: (inputs) =>
      ctx.run("recordFilings", async () => {
        if (inputs.length === 0) return [];
        const now = clock.now();
        return ctx.tx(
          "recordFilings",
          (db) => recordAll(db, inputs, now),
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
