/**
 * The usage ledger's writer (issue 4: "never a surprise court-fee bill"): every docket call, failed
 * or not, with who asked (the caller's tags), the matter it was billed to and what it may have
 * cost, recorded in the store for `/docket usage` and App Home. It is the docket client's `onCall`
 * observer, which must not throw: a ledger write that fails is logged, never raised into the call.
 */
import type { CallEvent } from "../../docket/call-info.ts";
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/store.ts";

export interface UsageLedgerDeps {
  store: Pick<Store, "recordUsage">;
  logger: Logger;
}

export function createUsageLedger(deps: UsageLedgerDeps): (event: CallEvent) => void {
  return (event) => {
    deps.store
      .recordUsage({
        teamId: event.tags.team, userId: event.tags.user, channelId: event.tags.channel || undefined,
        clientMatter: event.clientMatter, endpoint: event.endpoint, feeKind: event.feeKind,
        mayHaveIncurredFees: event.mayHaveIncurredFees, price: event.price, outcome: event.outcome,
        correlationId: event.tags.ref,
      })
      .catch((err: unknown) => deps.logger.error({ err }, "could not record usage"));
  };
}
