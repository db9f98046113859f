/**
 * What the Q&A handlers share: the Slack deps, case titles, and one small in-memory map.
 * (What a thread's questions read, docket / documents / both, is kept with its binding in the store.)
 * - handled: messages already answered (`channel:ts`). Slack sends both `message` and
 *   `app_mention` for a mention, and re-sends events it thinks were missed; one answer each.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { FeeGuard } from "../budgets/fee-guard.ts";
import { createCaseTitles, type CaseTitles } from "./case-titles.ts";
import { createLru, type Lru } from "./lru.ts";

export interface QaRuntime {
  deps: SlackDeps;
  titles: CaseTitles;
  handled: Lru<true>;
  /** Asked before every question is sent (issue 14: budgets, ask-first prices, no fee without a matter). */
  fees: FeeGuard;
}

export function createQaRuntime(deps: SlackDeps, fees: FeeGuard): QaRuntime {
  return {
    deps,
    fees,
    titles: createCaseTitles({ docket: deps.docket, clock: deps.clock }),
    handled: createLru(5_000),
  };
}

/** true the first time a message is seen, false after (see `handled`). */
export function firstTime(rt: QaRuntime, channel: string, ts: string): boolean {
  const key = `${channel}:${ts}`;
  if (rt.handled.has(key)) return false;
  rt.handled.set(key, true);
  return true;
}
