/**
 * The usage ledger (issue 4, fee guard): one row per service call, so `/docket usage` can say what
 * each matter cost this month. Months are UTC calendar months of the injected clock.
 */
import type { MatterUsage, UsageEntry } from "../store.ts";
import type { Store } from "../store.ts";
import { fromMicros, int, optInt, optText, rowId, toMicros, text, type StoreContext } from "./context.ts";

export type UsageArea = Pick<Store, "recordUsage" | "usageMonthToDate" | "recentPrices" | "usageEntries" | "recordPages">;

/** [start of the UTC month containing `now`, start of the next one). */
export function utcMonthBounds(now: number): { start: number; end: number } {
  const d = new Date(now);
  return {
    start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

export function createUsage(ctx: StoreContext): UsageArea {
  const { db, clock } = ctx;
  // A single INSERT commits on its own (autocommit), one fsync, as every ledger write must survive.
  const insert = db.prepare(`
    INSERT INTO usage_ledger (at, team_id, user_id, channel_id, client_matter, endpoint, fee_kind,
                              may_have_incurred_fees, price_micros, outcome, correlation_id)
    VALUES (:at, :team, :user, :channel, :matter, :endpoint, :feeKind, :fees, :price, :outcome, :ref)`);
  const totals = db.prepare(`
    SELECT client_matter,
           COUNT(*) AS calls,
           SUM(may_have_incurred_fees) AS fee_bearing,
           COUNT(price_micros) AS priced_calls,
           COALESCE(SUM(price_micros), 0) AS spend_micros
      FROM usage_ledger
     WHERE client_matter IN (SELECT value FROM json_each(:matters)) AND at >= :start AND at < :end
     GROUP BY client_matter`);

  const prices = db.prepare(`
    SELECT price_micros FROM usage_ledger
     WHERE team_id = :team AND endpoint = :endpoint AND outcome = 'ok' AND price_micros IS NOT NULL
     ORDER BY id DESC LIMIT :limit`);

  const entries = db.prepare(`
    SELECT * FROM usage_ledger
     WHERE client_matter IN (SELECT value FROM json_each(:matters)) AND at >= :start AND at < :end
     ORDER BY id LIMIT :limit`);

  const pages = db.prepare(`
    UPDATE usage_ledger SET pages = :pages
     WHERE id = (SELECT id FROM usage_ledger WHERE correlation_id = :ref AND endpoint = :endpoint ORDER BY id DESC LIMIT 1)`);

  return {
    recordPages: (q) =>
      ctx.run("recordPages", () => Number(pages.run({ pages: Math.max(0, Math.trunc(q.pages)), ref: q.correlationId, endpoint: q.endpoint }).changes) === 1),

    usageEntries: (q) =>
      ctx.run("usageEntries", () =>
        entries.all({ matters: JSON.stringify(q.matters), start: q.start, end: q.end, limit: Math.max(0, q.limit) }).map((row): UsageEntry => ({
          id: int(row, "id"),
          at: int(row, "at"),
          teamId: optText(row, "team_id"),
          userId: optText(row, "user_id"),
          channelId: optText(row, "channel_id"),
          clientMatter: text(row, "client_matter"),
          endpoint: text(row, "endpoint"),
          feeKind: text(row, "fee_kind"),
          mayHaveIncurredFees: int(row, "may_have_incurred_fees") === 1,
          price: row.price_micros === null || row.price_micros === undefined ? undefined : fromMicros(int(row, "price_micros")),
          outcome: text(row, "outcome"),
          correlationId: optText(row, "correlation_id"),
          pages: optInt(row, "pages"),
        })),
      ),

    recentPrices: (q) =>
      ctx.run("recentPrices", () =>
        prices.all({ team: q.teamId, endpoint: q.endpoint, limit: Math.max(0, Math.min(q.limit, 500)) }).map((row) => fromMicros(int(row, "price_micros"))),
      ),

    recordUsage: (entry) =>
      ctx.run("recordUsage", () => {
        const at = clock.now();
        const result = insert.run({
          at,
          team: entry.teamId ?? null,
          user: entry.userId ?? null,
          channel: entry.channelId ?? null,
          matter: entry.clientMatter,
          endpoint: entry.endpoint,
          feeKind: entry.feeKind,
          fees: entry.mayHaveIncurredFees ? 1 : 0,
          price: toMicros(entry.price),
          outcome: entry.outcome,
          ref: entry.correlationId ?? null,
        });
        return { ...entry, id: rowId(result), at };
      }),

    usageMonthToDate: (matters) =>
      ctx.run("usageMonthToDate", () => {
        const { start, end } = utcMonthBounds(clock.now());
        const found = new Map<string, MatterUsage>();
        for (const row of totals.all({ matters: JSON.stringify(matters), start, end })) {
          const clientMatter = text(row, "client_matter");
          found.set(clientMatter, {
            clientMatter,
            calls: int(row, "calls"),
            feeBearingCalls: int(row, "fee_bearing"),
            pricedCalls: int(row, "priced_calls"),
            pricedSpend: fromMicros(int(row, "spend_micros")),
            since: start,
          });
        }
        const zero = (clientMatter: string): MatterUsage =>
          ({ clientMatter, calls: 0, feeBearingCalls: 0, pricedCalls: 0, pricedSpend: 0, since: start });
        return [...new Set(matters)].map((m) => found.get(m) ?? zero(m));
      }),
  };
}
