/**
 * The one writer of the audit trail (audit_events; subscription-records.ts): every store method
 * that changes what a matter's channels see, pay or are reminded of calls it inside its own
 * transaction, so the change and its row commit together or not at all. `auditLog`
 * (subscriptions.ts) reads these rows beside filing sign-offs and calendar feeds.
 *
 * A change made to a channel (its alert or reminder settings) is recorded once for each matter the
 * channel has at that moment: the audit is read per matter (the wall), and each of those matters'
 * channels was affected. A channel with no matter posts nothing, so it has no trail to add to.
 */
import type { AuditInput } from "../store.ts";
import { checkMatter } from "../sql/context.ts";
import { int, text } from "../sql/rows.ts";
import { statement, type Db } from "../sql/statement.ts";
import { targetParams } from "./subscription-match.ts";

const insertAudit = statement(`
  INSERT INTO audit_events (team_id, channel_id, client_matter, user_id, action, court, docket, q, detail, at)
  VALUES (:team, :channel, :matter, :user, :action, :court, :docket, :q, :detail, :now)
  RETURNING id`);
const mattersOf = statement(`SELECT client_matter FROM matter_links WHERE team_id = :team AND channel_id = :channel ORDER BY client_matter`);

/** Writes one audit row on `db` (a transaction's); its id. */
export async function writeAudit(db: Db, a: AuditInput, now: number): Promise<number> {
  checkMatter("recordAudit", a.clientMatter);
  const t = a.target ? targetParams(a.target) : { court: null, docket: null, q: null };
  const row = await db.get(insertAudit, {
    team: a.teamId, channel: a.channelId, matter: a.clientMatter, user: a.userId, action: a.action,
    ...t, detail: a.detail ?? null, now,
  });
  return int(row ?? {}, "id");
}

/** A change to a whole channel: one row per matter it is linked to now; how many were written. */
export async function writeChannelAudit(
  db: Db,
  a: Omit<AuditInput, "clientMatter">,
  now: number,
): Promise<number> {
  const matters = (await db.all(mattersOf, { team: a.teamId, channel: a.channelId })).map((r) => text(r, "client_matter"));
  for (const clientMatter of matters) await writeAudit(db, { ...a, clientMatter }, now);
  return matters.length;
}

/** Dollars as the audit says them: `$500`, `$0.25`, `$1,234.50`. */
export function auditDollars(usd: number): string {
  const cents = Math.round(usd * 100);
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}
