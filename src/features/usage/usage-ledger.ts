/**
 * The usage ledger's writer (issue 4: "never a surprise court-fee bill"): every docket call, failed
 * or not, with who asked (the caller's tags), the matter it was billed to and what it may have
 * cost, recorded in the store for `/docket usage` and App Home. It is the docket client's `onCall`
 * observer, which must not throw: a ledger write that fails is logged, never raised into the call.
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

export function createUsageLedger(deps: UsageLedgerDeps): (event: CallEvent) => void {
  return (event) => {
    deps.store
      .recordUsage({
        teamId: event.tags.team, userId: event.tags.user, channelId: event.tags.channel || undefined,
        clientMatter: event.clientMatter, endpoint: event.endpoint, feeKind: event.feeKind,
        mayHaveIncurredFees: event.mayHaveIncurredFees, price: event.price, outcome: event.outcome,
        correlationId: event.tags.ref,
      })
      .then((entry) => deps.afterRecord?.(entry))
      .catch((err: unknown) => deps.logger.error({ err }, "could not record usage"));
  };
}
