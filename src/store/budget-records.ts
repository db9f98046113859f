/**
 * Budgets per matter and fee actions that wait (issue 14 item 3, "Budgets per matter": admins set
 * a monthly cap per matter for AI and court fees; at 80% and 100% the matter's channels and the
 * admins are told once; past the cap a fee-incurring action waits for an admin's approval).
 * Money is dollars here and integer micro-dollars in the database, as in the usage ledger.
 *
 * Matters are the service account's `client_matter` strings, as the usage ledger keeps them: a
 * budget caps what the matter spends, whichever channel spent it.
 */

export interface MatterBudget {
  clientMatter: string;
  /** The monthly cap in dollars (UTC calendar month, like `/docket usage`). */
  monthlyCap: number;
  /** A question or search expected to cost more than this asks first (item 2); none: never. */
  askAbove?: number | undefined;
  setBy: string;
  setAt: number;
}

export interface SetBudgetInput {
  clientMatter: string;
  monthlyCap: number;
  askAbove?: number | undefined;
  setBy: string;
  /** Where it was set, for the audit trail (a channel, or none from App Home). */
  teamId: string;
  channelId?: string | undefined;
}

export interface ClearBudgetInput {
  clientMatter: string;
  userId: string;
  teamId: string;
  channelId?: string | undefined;
}

/**
 * A fee action that did not run at once:
 * - awaiting_matter: asked where no matter is linked (the app DM), waiting for its requester to
 *   pick one of their channels' matters (item 5); its clientMatter is "" until then;
 * - awaiting_confirm: above the matter's ask-first price, waiting for its requester's click;
 * - awaiting_approval: past the matter's cap, waiting for an admin;
 * - running: claimed by exactly one click (confirm or approve), so it runs once;
 * - ran / failed / denied / cancelled: finished;
 * - expired: nobody cleared it before its `expiresAt` (a week, never past the end of the month it
 *   was asked in: an approval spends the budget of the month it was asked in, never the next one).
 */
export type FeeActionStatus = "awaiting_matter" | "awaiting_confirm" | "awaiting_approval" | "running" | "ran" | "failed" | "denied" | "cancelled" | "expired";

export const FEE_ACTION_STATUSES: readonly FeeActionStatus[] = [
  "awaiting_matter", "awaiting_confirm", "awaiting_approval", "running", "ran", "failed", "denied", "cancelled", "expired",
];

/** The states a fee action waits in: each leaves them by a click before `expiresAt`, or expires. */
export const FEE_ACTION_WAITING: readonly FeeActionStatus[] = ["awaiting_matter", "awaiting_confirm", "awaiting_approval"];

/**
 * Where a held action's card was shown to its requester, so that its outcome (approved, declined,
 * expired) replaces it: a message docketbot posted (chat.update), or an ephemeral message shown
 * through an interaction's response_url, which Slack takes "up to 5 times within 30 minutes"
 * (docs.slack.dev/interactivity/handling-user-interaction#message_responses): `until` is when it
 * stops working.
 */
export type FeeCard = { channel: string; ts: string } | { responseUrl: string; until: number };

export interface FeeAction {
  id: number;
  teamId: string;
  clientMatter: string;
  requestedBy: string;
  /** Where it was asked (a channel, or the app DM); undefined from App Home. */
  channelId?: string | undefined;
  /** Which feature runs it ("ask", "pacer"): a key of the approval runners. */
  kind: string;
  /** What the runner needs, as JSON the feature wrote. */
  payload: string;
  /** The expected fee in dollars, as shown to the requester and the admin. */
  expected: number;
  status: FeeActionStatus;
  decidedBy?: string | undefined;
  decidedAt?: number | undefined;
  createdAt: number;
  /** When a waiting action expires: no click moves it on after this. */
  expiresAt: number;
  /** Where its requester's card is, once shown (none: not shown, or shown where it cannot be reached again). */
  card?: FeeCard | undefined;
}

export type CreateFeeActionInput = Pick<FeeAction, "teamId" | "clientMatter" | "requestedBy" | "channelId" | "kind" | "payload" | "expected" | "expiresAt"> & {
  status: "awaiting_matter" | "awaiting_confirm" | "awaiting_approval";
};

export interface BudgetDesk {
  /** Sets (or replaces) a matter's monthly cap; audited (budget_set) in the same transaction. */
  setBudget(input: SetBudgetInput): Promise<MatterBudget>;
  /** Removes a matter's cap (audited: budget_cleared); false when it had none. */
  clearBudget(input: ClearBudgetInput): Promise<boolean>;
  /** The budgets of these matters (matters without one are absent). */
  budgetsOf(matters: readonly string[]): Promise<MatterBudget[]>;
  /**
   * Records that the matter was told it reached `level` percent in `month` (`YYYY-MM`); true only
   * the first time, so each notice goes out once however many calls cross it.
   */
  claimBudgetNotice(n: { clientMatter: string; month: string; level: number }): Promise<boolean>;

  createFeeAction(input: CreateFeeActionInput): Promise<FeeAction>;
  getFeeAction(id: number): Promise<FeeAction | undefined>;
  /** Records where its requester's card was shown (replacing any earlier); false when there is no such action. */
  setFeeActionCard(id: number, card: FeeCard): Promise<boolean>;
  /**
   * Moves an action from `from` to `to` only if it is still in `from` (one click wins: an action
   * approved twice runs once); records who decided and, for an action awaiting its matter, the
   * matter picked. A waiting action past its `expiresAt` moves only to "expired". The updated
   * action, or undefined if it had moved on (or expired). A move someone made (`by`) out of
   * awaiting_matter, awaiting_confirm or awaiting_approval is audited in the same transaction
   * (fee_matter_picked, fee_confirmed, fee_cancelled, fee_approved, fee_declined).
   */
  moveFeeAction(
    id: number,
    move: { from: FeeActionStatus; to: FeeActionStatus; by?: string | undefined; clientMatter?: string | undefined },
  ): Promise<FeeAction | undefined>;
  /** Actions waiting for an admin, oldest first (App Home, `/docket budget`); expired ones are not waiting. */
  feeActionsAwaiting(matters: readonly string[], limit: number): Promise<FeeAction[]>;
  /**
   * Moves up to `limit` waiting actions whose `expiresAt` has passed to "expired" and returns them,
   * oldest first: each is returned once, to the pass that tells its requester and the admins.
   */
  expireFeeActions(limit: number): Promise<FeeAction[]>;
  /** The earliest `expiresAt` of a waiting action (undefined: none waits). */
  nextFeeActionExpiry(): Promise<number | undefined>;
}
