/**
 * What the Q&A handlers share: the Slack deps, case titles, and one small in-memory map.
 * (What a thread's questions read, docket / documents / both, is kept with its binding in the store.)
 * - handled: messages already answered (`channel:ts`). Slack sends both `message` and
 *   `app_mention` for a mention, and re-sends events it thinks were missed; one answer each. The
 *   store has the last word (firstTime): a retry may reach another replica.
 */
import type { FeeGuard } from "../budgets/index.ts";
import { createCaseTitles, type CaseTitles } from "./case-titles.ts";
import { createLru, type Lru } from "./lru.ts";
import type { QaDeps } from "./deps.ts";

export interface QaRuntime {
  deps: QaDeps;
  titles: CaseTitles;
  handled: Lru<true>;
  /** Asked before every question is sent (issue 14: budgets, ask-first prices, no fee without a matter). */
  fees: FeeGuard;
}

export function createQaRuntime(deps: QaDeps, fees: FeeGuard): QaRuntime {
  return {
    deps,
    fees,
    titles: createCaseTitles({ docket: deps.docket, clock: deps.clock }),
    handled: createLru(5_000),
  };
}

/** How long a message stays answered: Slack retries an event within minutes (docs.slack.dev/apis/events-api, retries). */
const HANDLED_TTL_MS = 24 * 3_600_000;

/**
 * true the first time a message is seen by ANY replica, false after (see `handled`): this process's
 * map first (the message/app_mention pair), then the store (issue 17 item 3: Slack may retry an
 * event to another replica). A store that cannot answer leaves the decision to this process alone.
 */
export async function firstTime(rt: QaRuntime, channel: string, ts: string): Promise<boolean> {
  const key = `${channel}:${ts}`;
  if (rt.handled.has(key)) return false;
  rt.handled.set(key, true);
  try {
    return await rt.deps.store.claimOnce({ scope: "qa-message", key }, HANDLED_TTL_MS);
  } catch (err) {
    rt.deps.logger.warn({ err }, "could not check with the store whether a message was answered; answering");
    return true;
  }
}
