/**
 * What App Home's own frame (recent cases, the user's matters) reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { HomeSections } from "../../slack/home-sections.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { Store } from "../../store/store.ts";

export type HomeStore = Pick<Store, "mattersOfChannels" | "recentCases">
  & ContextStore;

/** Home also gets the sections features registered (slack/home-sections.ts). */
export type HomeDeps = SlackDeps & { store: HomeStore; sections: HomeSections };
