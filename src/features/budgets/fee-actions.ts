/**
 * Fee actions that wait (issue 14 items 2 and 3): a feature that hits the fee gate holds its action
 * here (stored, so a restart loses nothing), and the click that clears it (its requester's
 * confirmation, or an admin's approval from their DM) runs it exactly once through the runner the
 * feature registered for its kind. The store moves an action only from the state the click saw,
 * so two admins approving at once, or a double click, run it once.
 */
import type { WebClient } from "@slack/web-api";
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import { utcMonthBounds } from "../../store/usage-rules.ts";
import type { FeeAction } from "../../store/store.ts";
import { postMessage } from "../../slack/outbound.ts";
import type { FeeClearance } from "./fee-decision.ts";
import { renderApprovalRequest, type ApprovalModel } from "./views/fee-approval.ts";
import type { BudgetsStore } from "./deps.ts";

/** What a runner gets: the stored action, its payload's data, and how it was cleared. */
export interface FeeRun<T = unknown> {
  client: WebClient;
  action: FeeAction;
  data: T;
  /** "none" when its requester only picked the matter: the runner's own gate then checks price and budget. */
  cleared: FeeClearance;
}
export type FeeRunner = (run: FeeRun) => Promise<void>;

/** The payload every held action stores: what it is (for the admin's DM) and the runner's data. */
export interface FeePayload {
  what: string;
  summary: string;
  data: unknown;
  /** The expected price is the most it can cost (a court fee): said "up to". */
  ceiling?: boolean | undefined;
}

export interface HoldInput {
  teamId: string;
  clientMatter: string;
  requestedBy: string;
  channelId?: string | undefined;
  kind: string;
  what: string;
  summary: string;
  data: unknown;
  expected: number;
  /** `expected` is the most it can cost (a court fee: courtFeeAdmission's COURT_FEE_MOST), not an estimate. */
  ceiling?: boolean | undefined;
}

/** Told once a click's claim on a held action is accepted, before its runner runs. */
export type Accepted = (action: FeeAction) => Promise<void>;

export type ReleaseOutcome =
  | { ok: true; action: FeeAction }
  | { ok: false; reason: "not_found" | "gone" | "not_allowed" | "no_runner" | "failed"; action?: FeeAction | undefined };

export interface FeeActionsDeps {
  store: Pick<BudgetsStore, "createFeeAction" | "getFeeAction" | "moveFeeAction">;
  clock: Clock;
  logger: Logger;
  admins: ReadonlySet<string>;
}

/** How long a held action waits for its click: a week at most. */
export const HELD_ACTION_DAYS = 7;

/**
 * When an action held at `now` expires: a week on, and never past the end of its UTC month, so an
 * approval spends the budget of the month the action was asked in, never a later month's (a stale
 * approval cannot spend next month; asked again then, it meets next month's budget).
 */
export function heldUntil(now: number): number {
  return Math.min(now + HELD_ACTION_DAYS * 86_400_000, utcMonthBounds(now).end);
}

export function readPayload(action: FeeAction): FeePayload {
  try {
    const p = JSON.parse(action.payload) as Partial<FeePayload>;
    return { what: typeof p.what === "string" ? p.what : "A fee", summary: typeof p.summary === "string" ? p.summary : "", data: p.data, ceiling: p.ceiling === true };
  } catch {
    return { what: "A fee", summary: "", data: undefined };
  }
}

export function approvalModel(action: FeeAction, budget: { spent: number; cap: number }): ApprovalModel {
  const p = readPayload(action);
  return {
    actionId: action.id, clientMatter: action.clientMatter, requestedBy: action.requestedBy, channelId: action.channelId,
    what: p.what, summary: p.summary, expected: action.expected, ceiling: p.ceiling, ...budget,
  };
}

export function createFeeActions(deps: FeeActionsDeps) {
  const runners = new Map<string, FeeRunner>();

  async function hold(input: HoldInput, status: "awaiting_matter" | "awaiting_confirm" | "awaiting_approval"): Promise<FeeAction> {
    const payload: FeePayload = { what: input.what, summary: input.summary, data: input.data, ...(input.ceiling ? { ceiling: true } : {}) };
    return deps.store.createFeeAction({
      teamId: input.teamId, clientMatter: input.clientMatter, requestedBy: input.requestedBy, channelId: input.channelId,
      kind: input.kind, payload: JSON.stringify(payload), expected: input.expected, status, expiresAt: heldUntil(deps.clock.now()),
    });
  }

  /**
   * Runs an action this click moved to running (so only this click runs it), then records how it
   * ended. `accepted` is told first, once the claim is the click's (issue 22 item 8): a card may say
   * "going ahead" only now, never before the store accepted the click.
   */
  async function runClaimed(client: WebClient, runner: FeeRunner, action: FeeAction, cleared: FeeClearance, accepted?: Accepted): Promise<ReleaseOutcome> {
    if (accepted) await accepted(action).catch((err: unknown) => deps.logger.warn({ err, action: action.id }, "could not show that a fee action was accepted"));
    try {
      await runner({ client, action, data: readPayload(action).data, cleared });
      return { ok: true, action: (await deps.store.moveFeeAction(action.id, { from: "running", to: "ran" })) ?? action };
    } catch (err) {
      deps.logger.error({ err, action: action.id, kind: action.kind }, "a held fee action failed when it ran");
      await deps.store.moveFeeAction(action.id, { from: "running", to: "failed" });
      return { ok: false, reason: "failed", action };
    }
  }

  return {
    register(kind: string, runner: FeeRunner): void {
      runners.set(kind, runner);
    },

    /** Stores an action asked where no matter is linked; its requester picks one of their matters (item 5). */
    holdForMatter: (input: HoldInput) => hold({ ...input, clientMatter: "" }, "awaiting_matter"),

    /**
     * Its requester picked a matter for an action awaiting one: it runs once, billed to that matter,
     * through its runner (whose own gate then checks the matter's price and budget). `allowed` are
     * the matters the requester may bill (their channels'), re-read at the click.
     */
    async choose(client: WebClient, id: number, click: { userId: string; clientMatter: string; allowed: readonly string[] }, accepted?: Accepted): Promise<ReleaseOutcome> {
      const found = await deps.store.getFeeAction(id);
      if (!found) return { ok: false, reason: "not_found" };
      if (found.requestedBy !== click.userId || !click.allowed.includes(click.clientMatter)) return { ok: false, reason: "not_allowed", action: found };
      const runner = runners.get(found.kind);
      if (!runner) return { ok: false, reason: "no_runner", action: found };
      const action = await deps.store.moveFeeAction(id, { from: "awaiting_matter", to: "running", by: click.userId, clientMatter: click.clientMatter });
      return action ? runClaimed(client, runner, action, "none", accepted) : { ok: false, reason: "gone", action: await deps.store.getFeeAction(id) };
    },

    /** Stores an action above the matter's ask-first price; the requester's card carries its id. */
    holdForConfirmation: (input: HoldInput) => hold(input, "awaiting_confirm"),

    /**
     * Stores an action past the matter's budget and DMs every admin a button to approve it.
     * `stored` is told first (the guard shows and records its requester's card), so an admin's
     * click always finds the card to replace.
     */
    async holdForApproval(client: WebClient, input: HoldInput, budget: { spent: number; cap: number }, stored?: (action: FeeAction) => Promise<void>): Promise<FeeAction> {
      const action = await hold(input, "awaiting_approval");
      await stored?.(action);
      const message = renderApprovalRequest(approvalModel(action, budget));
      for (const admin of [...deps.admins].sort()) {
        await postMessage(client, { channel: admin, message }).catch((err: unknown) =>
          deps.logger.warn({ err, admin, action: action.id }, "could not ask an admin to approve a fee"),
        );
      }
      return action;
    },

    /**
     * A click clearing a held action: its requester confirming, or an admin approving. Runs it once.
     * An approved action whose runner fails ends `failed` (the runner tells the requester why).
     */
    async release(client: WebClient, id: number, click: { as: "confirm" | "approve"; userId: string }, accepted?: Accepted): Promise<ReleaseOutcome> {
      const found = await deps.store.getFeeAction(id);
      if (!found) return { ok: false, reason: "not_found" };
      const from = click.as === "confirm" ? "awaiting_confirm" : "awaiting_approval";
      if (click.as === "confirm" && found.requestedBy !== click.userId) return { ok: false, reason: "not_allowed", action: found };
      if (click.as === "approve" && !deps.admins.has(click.userId)) return { ok: false, reason: "not_allowed", action: found };
      const runner = runners.get(found.kind);
      if (!runner) return { ok: false, reason: "no_runner", action: found };
      const action = await deps.store.moveFeeAction(id, { from, to: "running", by: click.userId });
      return action ? runClaimed(client, runner, action, click.as === "confirm" ? "confirmed" : "approved", accepted) : { ok: false, reason: "gone", action: await deps.store.getFeeAction(id) };
    },

    /** Declined by an admin, or cancelled by its requester: it never runs. */
    async end(id: number, click: { as: "deny" | "cancel"; userId: string }): Promise<ReleaseOutcome> {
      const found = await deps.store.getFeeAction(id);
      if (!found) return { ok: false, reason: "not_found" };
      if (click.as === "cancel" && found.requestedBy !== click.userId) return { ok: false, reason: "not_allowed", action: found };
      if (click.as === "deny" && !deps.admins.has(click.userId)) return { ok: false, reason: "not_allowed", action: found };
      const from = click.as === "cancel" ? (found.status === "awaiting_matter" ? "awaiting_matter" : "awaiting_confirm") : "awaiting_approval";
      const action = await deps.store.moveFeeAction(id, { from, to: click.as === "cancel" ? "cancelled" : "denied", by: click.userId });
      return action ? { ok: true, action } : { ok: false, reason: "gone", action: await deps.store.getFeeAction(id) };
    },
  };
}

export type FeeActions = ReturnType<typeof createFeeActions>;
