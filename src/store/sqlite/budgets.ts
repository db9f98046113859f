/**
 * Budgets per matter, their once-only notices, and fee actions that wait for a click (issue 14
 * item 3; budget-records.ts). A fee action moves between states only from the state a click saw
 * (`UPDATE … WHERE status = :from`), so two admins approving at once run it once.
 */
import type { FeeAction, MatterBudget, Store } from "../store.ts";
import { FEE_ACTION_STATUSES } from "../budget-records.ts";
import { checkLimit, checkMatter, fromMicros, int, oneOf, optInt, optText, text, toMicros, type Row, type StoreContext } from "./context.ts";

export type BudgetArea = Pick<
  Store,
  "setBudget" | "clearBudget" | "budgetsOf" | "claimBudgetNotice" | "createFeeAction" | "getFeeAction" | "moveFeeAction" | "feeActionsAwaiting"
>;

function budgetOf(row: Row): MatterBudget {
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
  };
}

export function createBudgets(ctx: StoreContext): BudgetArea {
  const { db, clock } = ctx;
  const upsert = db.prepare(`
    INSERT INTO matter_budgets (client_matter, monthly_cap_micros, ask_above_micros, set_by, set_at)
    VALUES (:matter, :cap, :askAbove, :by, :at)
    ON CONFLICT (client_matter) DO UPDATE SET monthly_cap_micros = excluded.monthly_cap_micros,
      ask_above_micros = excluded.ask_above_micros, set_by = excluded.set_by, set_at = excluded.set_at
    RETURNING *`);
  const remove = db.prepare(`DELETE FROM matter_budgets WHERE client_matter = :matter`);
  const budgets = db.prepare(`SELECT * FROM matter_budgets WHERE client_matter IN (SELECT value FROM json_each(:matters)) ORDER BY client_matter`);
  const notice = db.prepare(`INSERT INTO budget_notices (client_matter, month, level, sent_at) VALUES (:matter, :month, :level, :at) ON CONFLICT DO NOTHING`);
  const insertAction = db.prepare(`
    INSERT INTO fee_actions (team_id, client_matter, requested_by, channel_id, kind, payload, expected_micros, status, created_at)
    VALUES (:team, :matter, :by, :channel, :kind, :payload, :expected, :status, :at) RETURNING *`);
  const action = db.prepare(`SELECT * FROM fee_actions WHERE id = :id`);
  const move = db.prepare(`
    UPDATE fee_actions SET status = :to, client_matter = COALESCE(:matter, client_matter), decided_by = COALESCE(:by, decided_by), decided_at = CASE WHEN :by IS NULL THEN decided_at ELSE :at END
     WHERE id = :id AND status = :from RETURNING *`);
  const awaiting = db.prepare(`
    SELECT * FROM fee_actions WHERE status = 'awaiting_approval' AND client_matter IN (SELECT value FROM json_each(:matters))
     ORDER BY id LIMIT :limit`);

  return {
    setBudget: (input) =>
      ctx.run("setBudget", () => {
        checkMatter("setBudget", input.clientMatter);
        const row = upsert.get({
          matter: input.clientMatter, cap: toMicros(input.monthlyCap), askAbove: toMicros(input.askAbove), by: input.setBy, at: clock.now(),
        });
        return budgetOf(row!);
      }),
    clearBudget: (clientMatter) => ctx.run("clearBudget", () => Number(remove.run({ matter: clientMatter }).changes) > 0),
    budgetsOf: (matters) => ctx.run("budgetsOf", () => budgets.all({ matters: JSON.stringify([...new Set(matters)]) }).map(budgetOf)),
    claimBudgetNotice: (n) =>
      ctx.run("claimBudgetNotice", () => Number(notice.run({ matter: n.clientMatter, month: n.month, level: n.level, at: clock.now() }).changes) === 1),

    createFeeAction: (input) =>
      ctx.run("createFeeAction", () => {
        if (input.status !== "awaiting_matter") checkMatter("createFeeAction", input.clientMatter);
        const row = insertAction.get({
          team: input.teamId, matter: input.clientMatter, by: input.requestedBy, channel: input.channelId ?? null, kind: input.kind,
          payload: input.payload, expected: toMicros(input.expected) ?? 0, status: input.status, at: clock.now(),
        });
        return actionOf(row!);
      }),
    getFeeAction: (id) =>
      ctx.run("getFeeAction", () => {
        const row = action.get({ id });
        return row ? actionOf(row) : undefined;
      }),
    moveFeeAction: (id, m) =>
      ctx.run("moveFeeAction", () => {
        if (m.clientMatter !== undefined) checkMatter("moveFeeAction", m.clientMatter);
        const row = move.get({ id, from: m.from, to: m.to, by: m.by ?? null, matter: m.clientMatter ?? null, at: clock.now() });
        return row ? actionOf(row) : undefined;
      }),
    feeActionsAwaiting: (matters, limit) =>
      ctx.run("feeActionsAwaiting", () =>
        awaiting.all({ matters: JSON.stringify([...new Set(matters)]), limit: checkLimit("feeActionsAwaiting", limit) }).map(actionOf),
      ),
  };
}
