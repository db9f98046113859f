/**
 * Budgets per matter, their once-only notices, and fee actions that wait for a click (issue 14
 * item 3; budget-records.ts). A fee action moves only from the state a click saw
 * (`UPDATE … WHERE status = :from`): two admins approving at once run it once, since the second
 * UPDATE (on PostgreSQL, after waiting for the first's row lock) no longer matches.
 */
import { FEE_ACTION_STATUSES } from "../budget-records.ts";
import type { FeeAction, FeeActionStatus, FeeCard, MatterBudget, RecordedAuditAction, Store } from "../store.ts";
import { checkLimit, checkMatter, fromMicros, toMicros, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";
import { auditDollars, writeAudit } from "./audit-trail.ts";

export type BudgetArea = Pick<
  Store,
  "setBudget" | "clearBudget" | "budgetsOf" | "claimBudgetNotice" | "createFeeAction" | "getFeeAction" | "setFeeActionCard" | "moveFeeAction" | "feeActionsAwaiting"
  | "expireFeeActions" | "nextFeeActionExpiry"
>;

export function budgetOf(row: Row): MatterBudget {
  const askAbove = optInt(row, "ask_above_micros");
  return {
    clientMatter: text(row, "client_matter"),
    monthlyCap: fromMicros(int(row, "monthly_cap_micros")),
    askAbove: askAbove === undefined ? undefined : fromMicros(askAbove),
    setBy: text(row, "set_by"),
    setAt: int(row, "set_at"),
  };
}

function actionOf(row: Row): FeeAction {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    clientMatter: text(row, "client_matter"),
    requestedBy: text(row, "requested_by"),
    channelId: optText(row, "channel_id"),
    kind: text(row, "kind"),
    payload: text(row, "payload"),
    expected: fromMicros(int(row, "expected_micros")),
    status: oneOf(row, "status", FEE_ACTION_STATUSES),
    decidedBy: optText(row, "decided_by"),
    decidedAt: optInt(row, "decided_at"),
    createdAt: int(row, "created_at"),
    expiresAt: int(row, "expires_at"),
    card: cardOf(optText(row, "card")),
  };
}

/** The card column's JSON; a value of another shape reads as no card (it is only ever replaced, never trusted). */
function cardOf(json: string | undefined): FeeCard | undefined {
  if (json === undefined) return undefined;
  try {
    const c = JSON.parse(json) as Record<string, unknown>;
    if (typeof c.channel === "string" && typeof c.ts === "string") return { channel: c.channel, ts: c.ts };
    if (typeof c.responseUrl === "string" && typeof c.until === "number") return { responseUrl: c.responseUrl, until: c.until };
  } catch {
    // fall through
  }
  return undefined;
}

const upsert = statement(`
  INSERT INTO matter_budgets (client_matter, monthly_cap_micros, ask_above_micros, set_by, set_at)
  VALUES (:matter, :cap, :askAbove, :by, :at)
  ON CONFLICT (client_matter) DO UPDATE SET monthly_cap_micros = excluded.monthly_cap_micros,
    ask_above_micros = excluded.ask_above_micros, set_by = excluded.set_by, set_at = excluded.set_at
  RETURNING *`);
const remove = statement(`DELETE FROM matter_budgets WHERE client_matter = :matter`);

const notice = statement(`
  INSERT INTO budget_notices (client_matter, month, level, sent_at) VALUES (:matter, :month, :level, :at) ON CONFLICT DO NOTHING`);
const insertAction = statement(`
  INSERT INTO fee_actions (team_id, client_matter, requested_by, channel_id, kind, payload, expected_micros, status, created_at, expires_at)
  VALUES (:team, :matter, :by, :channel, :kind, :payload, :expected, :status, :at, :expires) RETURNING *`);
const action = statement(`SELECT * FROM fee_actions WHERE id = :id`);
const setCard = statement(`UPDATE fee_actions SET card = :card WHERE id = :id`);
const move = statement(`
  UPDATE fee_actions SET status = :to, client_matter = COALESCE(CAST(:matter AS text), client_matter),
         decided_by = COALESCE(CAST(:by AS text), decided_by),
         decided_at = CASE WHEN CAST(:by AS text) IS NULL THEN decided_at ELSE CAST(:at AS bigint) END
   WHERE id = :id AND status = :from
     AND (status NOT IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval') OR expires_at > :at)
   RETURNING *`);
const nextExpiry = statement(`
  SELECT min(expires_at) AS next FROM fee_actions WHERE status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval')`);

/** The audited name of a move someone made, or none (the runner's own moves, or no matter to file it under). */
function decision(from: FeeActionStatus, to: FeeActionStatus): RecordedAuditAction | undefined {
  if (to === "cancelled") return "fee_cancelled";
  if (to === "denied") return "fee_declined";
  return to === "running" ? RELEASED[from] : undefined;
}
const RELEASED: Partial<Record<FeeActionStatus, RecordedAuditAction>> = {
  awaiting_matter: "fee_matter_picked", awaiting_confirm: "fee_confirmed", awaiting_approval: "fee_approved",
};

export function createBudgets(ctx: StoreContext): BudgetArea {
  const { clock, db, dialect } = ctx;
  const budgets = statement(`
    SELECT * FROM matter_budgets WHERE ${dialect.inList("client_matter", "matters")} ORDER BY ${dialect.bytewise("client_matter")}`);
  const awaiting = statement(`
    SELECT * FROM fee_actions WHERE status = 'awaiting_approval' AND expires_at > :now AND ${dialect.inList("client_matter", "matters")}
     ORDER BY id LIMIT :limit`);
  // Claimed by this UPDATE alone: two passes (or replicas) at once each get different actions.
  const expireDue = statement(`
    UPDATE fee_actions SET status = 'expired', decided_at = :now
     WHERE id IN (SELECT id FROM fee_actions
                   WHERE status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval') AND expires_at <= :now
                   ORDER BY id LIMIT :limit ${dialect.skipLocked})
       AND status IN ('awaiting_matter', 'awaiting_confirm', 'awaiting_approval')
    RETURNING *`);

  return {
    setBudget: (input) =>
      ctx.run("setBudget", async () => {
        checkMatter("setBudget", input.clientMatter);
        return ctx.tx("setBudget", async (t) => {
          const at = clock.now();
          const row = await t.get(upsert, {
            matter: input.clientMatter, cap: toMicros(input.monthlyCap), askAbove: toMicros(input.askAbove), by: input.setBy, at,
          });
          if (!row) throw new Error("the budget just written is missing");
          const budget = budgetOf(row);
          const ask = budget.askAbove === undefined ? "" : ` (ask above ${auditDollars(budget.askAbove)})`;
          await writeAudit(t, {
            teamId: input.teamId, channelId: input.channelId ?? "", clientMatter: input.clientMatter, userId: input.setBy,
            action: "budget_set", detail: `${auditDollars(budget.monthlyCap)} a month${ask}`,
          }, at);
          return budget;
        });
      }),
    clearBudget: (input) =>
      ctx.run("clearBudget", () =>
        ctx.tx("clearBudget", async (t) => {
          if ((await t.run(remove, { matter: input.clientMatter })) === 0) return false;
          await writeAudit(t, {
            teamId: input.teamId, channelId: input.channelId ?? "", clientMatter: input.clientMatter, userId: input.userId, action: "budget_cleared",
          }, clock.now());
          return true;
        }),
      ),
    budgetsOf: (matters) => ctx.run("budgetsOf", async () => (await db.all(budgets, { matters: dialect.listParam([...new Set(matters)]) })).map(budgetOf)),
    claimBudgetNotice: (n) =>
      ctx.run("claimBudgetNotice", async () =>
        (await db.run(notice, { matter: n.clientMatter, month: n.month, level: n.level, at: clock.now() })) === 1),

    createFeeAction: (input) =>
      ctx.run("createFeeAction", async () => {
        if (input.status !== "awaiting_matter") checkMatter("createFeeAction", input.clientMatter);
        const row = await db.get(insertAction, {
          team: input.teamId, matter: input.clientMatter, by: input.requestedBy, channel: input.channelId ?? null, kind: input.kind,
          payload: input.payload, expected: toMicros(input.expected) ?? 0, status: input.status, at: clock.now(), expires: input.expiresAt,
        });
        if (!row) throw new Error("the fee action just written is missing");
        return actionOf(row);
      }),
    getFeeAction: (id) =>
      ctx.run("getFeeAction", async () => {
        const row = await db.get(action, { id });
        return row ? actionOf(row) : undefined;
      }),
    setFeeActionCard: (id, card) =>
      ctx.run("setFeeActionCard", async () => {
        // Only the fields a card has: whatever else the caller's object carries is not stored.
        const json = "ts" in card ? { channel: card.channel, ts: card.ts } : { responseUrl: card.responseUrl, until: card.until };
        return (await db.run(setCard, { id, card: JSON.stringify(json) })) === 1;
      }),
    moveFeeAction: (id, m) =>
      ctx.run("moveFeeAction", async () => {
        if (m.clientMatter !== undefined) checkMatter("moveFeeAction", m.clientMatter);
        return ctx.tx("moveFeeAction", async (t) => {
          const at = clock.now();
          const row = await t.get(move, { id, from: m.from, to: m.to, by: m.by ?? null, matter: m.clientMatter ?? null, at });
          if (!row) return undefined;
          const moved = actionOf(row);
          const action = m.by === undefined ? undefined : decision(m.from, m.to);
          // An action cancelled before its matter was picked was never billable to any matter.
          if (action && m.by !== undefined && moved.clientMatter !== "") {
            await writeAudit(t, {
              teamId: moved.teamId, channelId: moved.channelId ?? "", clientMatter: moved.clientMatter, userId: m.by, action,
              detail: `fee action ${moved.id}: ${moved.kind}, ${auditDollars(moved.expected)} expected`,
            }, at);
          }
          return moved;
        });
      }),
    feeActionsAwaiting: (matters, limit) =>
      ctx.run("feeActionsAwaiting", async () =>
        (await db.all(awaiting, { matters: dialect.listParam([...new Set(matters)]), limit: checkLimit("feeActionsAwaiting", limit), now: clock.now() })).map(actionOf),
      ),
    expireFeeActions: (limit) =>
      ctx.run("expireFeeActions", async () =>
        (await db.all(expireDue, { now: clock.now(), limit: checkLimit("expireFeeActions", limit) })).map(actionOf).sort((a, b) => a.id - b.id),
      ),
    nextFeeActionExpiry: () =>
      ctx.run("nextFeeActionExpiry", async () => optInt((await db.get(nextExpiry)) ?? {}, "next")),
  };
}
