/**
 * The usage ledger (issue 4, fee guard): one row per service call, so `/docket usage` can say what
 * each matter cost this month. Sums in integer micro-dollars (exact); months are UTC calendar months
 * of the injected clock.
 */
import type { MatterUsage, Store, UsageEntry } from "../store.ts";
import { fromMicros, toMicros, type StoreContext } from "../sql/context.ts";
import { bool, int, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";

export type UsageArea = Pick<Store, "recordUsage" | "usageMonthToDate" | "usageEntries" | "recordPages">;

/** [start of the UTC month containing `now`, start of the next one). */
export function utcMonthBounds(now: number): { start: number; end: number } {
  const d = new Date(now);
  return {
    start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

// A single INSERT commits on its own (autocommit): every ledger write must survive.
const insert = statement(`
  INSERT INTO usage_ledger (at, team_id, user_id, channel_id, client_matter, endpoint, fee_kind,
                            may_have_incurred_fees, price_micros, outcome, correlation_id, service_matter)
  VALUES (:at, :team, :user, :channel, :matter, :endpoint, :feeKind, :fees, :price, :outcome, :ref, :serviceMatter)
  RETURNING id`);
// The newest call with that correlation id at that endpoint (the document fetch the PDF came from).
const pages = statement(`
  UPDATE usage_ledger SET pages = :pages
   WHERE id = (SELECT id FROM usage_ledger WHERE correlation_id = :ref AND endpoint = :endpoint ORDER BY id DESC LIMIT 1)`);

/** A ledger row as a UsageEntry (also read by areas/fee-reservations.ts under a matter's lock). */
export function usageEntryOf(row: Row): UsageEntry {
  const micros = optInt(row, "price_micros");
  return {
    id: int(row, "id"),
    at: int(row, "at"),
    teamId: optText(row, "team_id"),
    userId: optText(row, "user_id"),
    channelId: optText(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    serviceMatter: optText(row, "service_matter"),
    endpoint: text(row, "endpoint"),
    feeKind: text(row, "fee_kind"),
    mayHaveIncurredFees: bool(row, "may_have_incurred_fees"),
    price: micros === undefined ? undefined : fromMicros(micros),
    outcome: text(row, "outcome"),
    correlationId: optText(row, "correlation_id"),
    pages: optInt(row, "pages"),
  };
}

export function createUsage(ctx: StoreContext): UsageArea {
  const { clock, db, dialect } = ctx;
  // sum(bigint) is numeric in PostgreSQL: cast back so it arrives as a number like every bigint.
  const totals = statement(`
    SELECT client_matter,
           count(*) AS calls,
           count(*) FILTER (WHERE may_have_incurred_fees) AS fee_bearing,
           count(price_micros) AS priced_calls,
           CAST(COALESCE(sum(price_micros), 0) AS bigint) AS spend_micros
      FROM usage_ledger
     WHERE ${dialect.inList("client_matter", "matters")} AND at >= :start AND at < :end
     GROUP BY client_matter`);
  const entries = statement(`
    SELECT * FROM usage_ledger
     WHERE ${dialect.inList("client_matter", "matters")} AND at >= :start AND at < :end
     ORDER BY id LIMIT :limit`);

  return {
    recordPages: (q) =>
      ctx.run("recordPages", async () =>
        (await db.run(pages, { pages: Math.max(0, Math.trunc(q.pages)), ref: q.correlationId, endpoint: q.endpoint })) === 1),

    usageEntries: (q) =>
      ctx.run("usageEntries", async () =>
        (await db.all(entries, { matters: dialect.listParam(q.matters), start: q.start, end: q.end, limit: Math.max(0, q.limit) })).map(usageEntryOf),
      ),

    recordUsage: (entry) =>
      ctx.run("recordUsage", async () => {
        const at = clock.now();
        const row = await db.get(insert, {
          at,
          team: entry.teamId ?? null,
          user: entry.userId ?? null,
          channel: entry.channelId ?? null,
          matter: entry.clientMatter,
          endpoint: entry.endpoint,
          feeKind: entry.feeKind,
          fees: entry.mayHaveIncurredFees,
          price: toMicros(entry.price),
          outcome: entry.outcome,
          ref: entry.correlationId ?? null,
          // Kept only where it differs: what reconciles our rows with the service's own ledger.
          serviceMatter: entry.serviceMatter !== undefined && entry.serviceMatter !== entry.clientMatter ? entry.serviceMatter : null,
        });
        const serviceMatter = entry.serviceMatter !== entry.clientMatter ? entry.serviceMatter : undefined;
        return { ...entry, serviceMatter, id: int(row ?? {}, "id"), at };
      }),

    usageMonthToDate: (matters) =>
      ctx.run("usageMonthToDate", async () => {
        const { start, end } = utcMonthBounds(clock.now());
        const found = new Map<string, MatterUsage>();
        for (const row of await db.all(totals, { matters: dialect.listParam(matters), start, end })) {
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
