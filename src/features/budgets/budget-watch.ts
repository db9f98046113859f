/**
 * Budget notices (issue 14 item 3: "at 80% and 100% the matter's channels and the admins are told
 * once"). Called after each ledger write; the store's claim makes each level go out once per
 * matter and month, however many calls cross it at once. When one call jumps past both levels only
 * the 100% notice is sent. A notice that cannot be posted is logged; the claim is kept (a channel
 * that refuses now would refuse a retry too, and twice is worse than once for a notice).
 */
import type { WebClient } from "@slack/web-api";
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import { postMessage } from "../../slack/outbound.ts";
import { levelsReached } from "./fee-decision.ts";
import { monthSpend } from "./spend.ts";
import { renderBudgetNotice } from "./views/budget-notice.ts";
import type { BudgetsStore } from "./deps.ts";

export interface BudgetWatchDeps {
  store: Pick<BudgetsStore, "budgetsOf" | "usageEntries" | "claimBudgetNotice" | "channelsOfMatter">;
  clock: Clock;
  logger: Logger;
  admins: ReadonlySet<string>;
  /** The Slack client once Slack is up (undefined in a push-only run: notices are then only claimed when it is back). */
  client: () => WebClient | undefined;
}

export function createBudgetWatch(deps: BudgetWatchDeps) {
  async function check(clientMatter: string): Promise<void> {
    const client = deps.client();
    if (!client || clientMatter === "") return;
    const [budget] = await deps.store.budgetsOf([clientMatter]);
    if (!budget) return;
    const [spend] = await monthSpend(deps.store, [clientMatter], deps.clock.now());
    if (!spend) return;
    let top: number | undefined;
    for (const level of levelsReached(spend.spent, budget.monthlyCap)) {
      if (await deps.store.claimBudgetNotice({ clientMatter, month: spend.month, level })) top = level;
    }
    if (top === undefined) return;
    const message = renderBudgetNotice({ clientMatter, level: top, spent: spend.spent, cap: budget.monthlyCap, month: spend.month });
    const channels = [...new Set((await deps.store.channelsOfMatter(clientMatter)).map((l) => l.channelId))];
    deps.logger.info({ matter: clientMatter, level: top, channels: channels.length }, "budget notice");
    for (const channel of [...channels, ...[...deps.admins].sort()]) {
      await postMessage(client, { channel, message }).catch((err: unknown) => deps.logger.warn({ err, channel }, "could not post a budget notice"));
    }
  }
  return {
    /** After a ledger write billed to `clientMatter`; never throws. */
    spent(clientMatter: string): Promise<void> {
      return check(clientMatter).catch((err: unknown) => deps.logger.error({ err, matter: clientMatter }, "could not check the budget"));
    },
  };
}

export type BudgetWatch = ReturnType<typeof createBudgetWatch>;
