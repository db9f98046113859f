/**
 * Held fee actions expire (fee-actions.ts heldUntil: a week, never past the end of the month they
 * were asked in): a store-driven pass (schedules/pass-loop.ts, as digests and reminders) moves each
 * one past its time to "expired", replaces its requester's card (fee-card.ts) and tells its
 * requester and the admins, once. The store claims each expired action for one pass (any
 * replica), and refuses a late click on its own, so a stale approval never spends, even before
 * this pass has run.
 */
import type { WebClient } from "@slack/web-api";
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import { createPassLoop, type PassLoop } from "../../schedules/pass-loop.ts";
import { postMessage } from "../../slack/outbound.ts";
import type { FeeAction } from "../../store/store.ts";
import { readPayload } from "./fee-actions.ts";
import { replaceCard } from "./fee-card.ts";
import { renderFeeExpired, renderHeldOutcome } from "./views/fee-hold.ts";
import type { BudgetsStore } from "./deps.ts";

export interface HeldFeeExpiryDeps {
  store: Pick<BudgetsStore, "expireFeeActions" | "nextFeeActionExpiry">;
  clock: Clock;
  logger: Logger;
  admins: ReadonlySet<string>;
  client: WebClient;
  /** The longest sleep between passes (default an hour). */
  pollMs?: number | undefined;
}

const BATCH = 50;

export function createHeldFeeExpiry(deps: HeldFeeExpiryDeps): PassLoop<FeeAction> {
  async function tell(action: FeeAction): Promise<void> {
    const p = readPayload(action);
    const message = renderFeeExpired({ what: p.what, clientMatter: action.clientMatter, summary: p.summary, requestedBy: action.requestedBy });
    await replaceCard(deps.client, action.card, renderHeldOutcome({ what: p.what, kind: "expired" }), { now: deps.clock.now(), log: deps.logger });
    // The requester in their DM with the app (their id as the channel), then each admin.
    for (const channel of [...new Set([action.requestedBy, ...[...deps.admins].sort()])]) {
      await postMessage(deps.client, { channel, message }).catch((err: unknown) =>
        deps.logger.warn({ err, action: action.id, channel }, "could not tell that a held fee expired"),
      );
    }
  }

  async function pass(stopping: () => boolean): Promise<FeeAction[]> {
    const expired: FeeAction[] = [];
    for (;;) {
      if (stopping()) return expired;
      const batch = await deps.store.expireFeeActions(BATCH);
      for (const action of batch) {
        deps.logger.info({ action: action.id, matter: action.clientMatter, kind: action.kind }, "held fee action expired");
        await tell(action);
        expired.push(action);
      }
      if (batch.length < BATCH) return expired;
    }
  }

  return createPassLoop({
    clock: deps.clock, logger: deps.logger, name: "held fee expiry", pollMs: deps.pollMs ?? 3_600_000, pass,
    nextWake: () => deps.store.nextFeeActionExpiry(),
  });
}
