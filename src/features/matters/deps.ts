/**
 * What matter links and the audit trail reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { Store } from "../../store/store.ts";
import type { CaseDatesStore } from "../deadlines/index.ts";

export type MattersStore = Pick<
  Store,
  "auditLog" | "channelsOfMatter" | "linkMatter" | "mattersOfChannel" | "subscriptionsOf"
  | "unlinkMatter"
>
  & CaseDatesStore;

export type MattersDeps = SlackDeps & { store: MattersStore };
