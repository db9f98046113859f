/**
 * What a feature calls before a fee-incurring call (issue 14 items 2, 3 and 5): `admit` asks the
 * fee gate, which reserves the expected price when the answer is "run" (the action then spends
 * under `reservation.spend`); otherwise `hold` stores the action (or refuses it, without a
 * matter) and shows its requester the card, at the place the feature names (fee-card.ts), and
 * records where the card is, so its outcome replaces it later. The feature registers a runner for
 * its kind (fee-actions.ts) so a confirmation or an approval can run it later, once.
 */
import type { WebClient } from "@slack/web-api";
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import type { FeeAction } from "../../store/store.ts";
import { showCard, type CardPlace } from "./fee-card.ts";
import { createFeeActions, type FeeActions, type HoldInput } from "./fee-actions.ts";
import type { FeeVerdict } from "./fee-decision.ts";
import { admitFee, previewFee, type FeeAdmission, type FeeCheck } from "./fee-gate.ts";
import { renderAlreadyRunning, renderAwaitingApproval, renderChooseMatter, renderConfirmFee, renderNeedsMatter } from "./views/fee-hold.ts";
import type { BudgetsStore } from "./deps.ts";

export interface FeeGuardDeps {
  store: BudgetsStore;
  clock: Clock;
  logger: Logger;
  admins: ReadonlySet<string>;
}

export interface FeeGuard {
  actions: FeeActions;
  /** The gate: "run" with the reservation to spend under, or why it waits. */
  admit(q: FeeCheck): Promise<FeeAdmission>;
  /** What the gate would say now, reserving nothing (a card shown before the click). */
  preview(q: Pick<FeeCheck, "clientMatter" | "expected">): Promise<FeeVerdict>;
  /**
   * For a verdict other than "run": holds the action and shows its requester the card at `place`.
   * Without a matter, `choices` (the requester's matters, where picking is safe: the app DM) offers a pick.
   */
  hold(client: WebClient, verdict: Exclude<FeeAdmission, { verdict: "run" }>, input: HoldInput, place: CardPlace, choices?: Choices): Promise<void>;
}

/** The matters a requester may pick from, and whose they are (the channel's own, or the requester's channels'). */
export type Choices = readonly string[] | { matters: readonly string[]; from: "channel" | "yours" };

export function createFeeGuard(deps: FeeGuardDeps): FeeGuard {
  const actions = createFeeActions(deps);
  return {
    actions,
    admit: (q) => admitFee(deps, q),
    preview: (q) => previewFee(deps, q),
    async hold(client, verdict, input, place, choices) {
      // Shown, then recorded: the one place a held action's card is remembered.
      const show = async (card: MessagePayload, action?: FeeAction) => {
        const where = await showCard(client, place, card, deps.clock.now());
        if (!action || !where) return;
        await deps.store.setFeeActionCard(action.id, where).catch((err: unknown) => deps.logger.warn({ err, action: action.id }, "could not record where a held fee's card is"));
      };
      if (verdict.verdict === "running") {
        // Beside the card, never in its place: the click already running replaces that card with
        // its outcome, which this note must not overwrite. In a thread, a reply there as usual.
        const beside: CardPlace = place.kind === "in_place" ? { kind: "added", respond: place.respond } : place;
        return void (await showCard(client, beside, renderAlreadyRunning({ what: input.what, clientMatter: input.clientMatter }), deps.clock.now()));
      }
      if (verdict.verdict === "needs_matter") {
        const { matters, from } = choices === undefined ? { matters: [], from: "yours" as const } : "matters" in choices ? choices : { matters: choices, from: "yours" as const };
        if (matters.length === 0) return show(renderNeedsMatter({ what: input.what }));
        const action = await actions.holdForMatter(input);
        return show(renderChooseMatter({ actionId: action.id, what: input.what, matters, from, requestedBy: input.requestedBy, expected: input.expected, ceiling: input.ceiling }), action);
      }
      if (verdict.verdict === "confirm") {
        const action = await actions.holdForConfirmation(input);
        return show(renderConfirmFee({ actionId: action.id, clientMatter: input.clientMatter, what: input.what, expected: verdict.expected, ceiling: input.ceiling, askAbove: verdict.askAbove, requestedBy: input.requestedBy }), action);
      }
      const action = await actions.holdForApproval(client, input, { spent: verdict.spent, cap: verdict.cap }, (held) => show(renderAwaitingApproval({
        actionId: held.id, clientMatter: input.clientMatter, what: input.what, expected: verdict.expected, ceiling: input.ceiling,
        spent: verdict.spent, cap: verdict.cap, admins: [...deps.admins].sort(), summary: input.summary,
      }), held));
      deps.logger.info({ action: action.id, matter: input.clientMatter, kind: input.kind }, "fee action held for an admin's approval");
    },
  };
}
