/**
 * What search and PACER search reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 * It calls no store method of its own: the context, the user's channels' matters and the case view
 * read through their own parts (and a paid page's once key is the fee gate's).
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { UserMattersStore } from "../../slack/user-channels.ts";
import type { ShowCaseStore } from "../cases/index.ts";

export type SearchStore = ContextStore
  & UserMattersStore
  & ShowCaseStore;

export type SearchDeps = SlackDeps & { store: SearchStore };
