/**
 * The usage ledger's writer (issue 4: "never a surprise court-fee bill"): every docket call, failed
 * or not, with who asked (the caller's tags), the matter it was billed to and what it may have
 * cost, recorded in the store for `/docket usage` and App Home. It is the docket client's `onCall`
 * observer, which must not throw: a ledger write that fails is logged, never raised into the call.
 * The call resolves once its row is written (the promise returned), so a fee reservation ended
 * after the call never leaves a moment where neither counts; the budget notices follow unawaited.
 *
 * The row belongs to the matter the call was made FOR (its `matter` tag, slack/context.ts
 * callOptions), with that matter's channel and user; the client_matter the service was told is
 * kept beside it only where it differs (a tracker carries one subscriber's tag for every matter).
 */
import type { CallEvent } from "../../docket/call-info.ts";
import type { Logger } from "../../logger.ts";
import type { UsageEntry } from "../../store/store.ts";
import type { UsageStore } from "./deps.ts";

export interface UsageLedgerDeps {
  store: Pick<UsageStore, "recordUsage">;
  logger: Logger;
  /** After each row is durably written (budgets' 80%/100% notices, issue 14 item 3); must not throw. */
  afterRecord?: ((entry: UsageEntry) => Promise<void> | void) | undefined;
}

export function createUsageLedger(deps: UsageLedgerDeps): (event: CallEvent) => Promise<void> {
  return async (event) => {
    const clientMatter = event.tags.matter ?? event.clientMatter;
    let entry: UsageEntry;
    try {
      entry = await deps.store.recordUsage({
        teamId: event.tags.team, userId: event.tags.user, channelId: event.tags.channel || undefined,
        clientMatter, serviceMatter: event.clientMatter, endpoint: event.endpoint, feeKind: event.feeKind,
        mayHaveIncurredFees: event.mayHaveIncurredFees, price: event.price, outcome: event.outcome,
        correlationId: event.tags.ref,
      });
    } catch (err) {
      deps.logger.error({ err }, "could not record usage");
      return;
    }
    void Promise.resolve()
      .then(() => deps.afterRecord?.(entry))
      .catch((err: unknown) => deps.logger.error({ err }, "could not check the budget after a ledger write"));
  };
}
