/**
 * What the Q&A handlers share: the Slack deps, case titles, and two small in-memory maps.
 * - targets: what a thread's first question read (docket / documents / both), so follow-ups read
 *   the same. The store's thread binding has no such field; after a restart follow-ups read the
 *   docket, which every answer can use.
 * - handled: messages already answered (`channel:ts`). Slack sends both `message` and
 *   `app_mention` for a mention, and re-sends events it thinks were missed; one answer each.
 */
import type { ThreadKey } from "../../../store/store.ts";
import type { QuestionTarget } from "../../../render/question.ts";
import type { SlackDeps } from "../../deps.ts";
import { createCaseTitles, type CaseTitles } from "./case-titles.ts";
import { createLru, type Lru } from "./lru.ts";

export interface QaRuntime {
  deps: SlackDeps;
  titles: CaseTitles;
  targets: Lru<QuestionTarget>;
  handled: Lru<true>;
}

export function createQaRuntime(deps: SlackDeps): QaRuntime {
  return {
    deps,
    titles: createCaseTitles({ docket: deps.docket, clock: deps.clock }),
    targets: createLru(5_000),
    handled: createLru(5_000),
  };
}

export const threadKeyString = (k: ThreadKey) => `${k.teamId}/${k.channelId}/${k.threadTs}`;

/** true the first time a message is seen, false after (see `handled`). */
export function firstTime(rt: QaRuntime, channel: string, ts: string): boolean {
  const key = `${channel}:${ts}`;
  if (rt.handled.has(key)) return false;
  rt.handled.set(key, true);
  return true;
}
