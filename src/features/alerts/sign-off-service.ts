/**
 * Sign-off on an alerted filing (issue 12, item 4): Docketed ✓ (a second click undoes it) and
 * Assign, each stored with who, when, channel and matter (the store appends a FilingAction). Knows
 * no Slack. The wall: a filing is acted on only from the channel it was posted to, and only while
 * that channel is linked to the filing's matter (the store's scope is the channel's matters, and
 * wallAllows is asked again here, so a forged button value naming another channel's or another
 * client's filing changes nothing).
 */
import { wallAllows } from "../../court/matter-wall.ts";
import type { FilingRecord } from "../../store/store.ts";
import type { AlertsStore } from "./deps.ts";

/** Who acts, from where: the request context's ids and the channel's linked matters. */
export interface SignOffActor {
  teamId: string;
  channelId: string | undefined;
  userId: string;
  matters: readonly string[];
}

export type SignOffResult = { ok: true; filing: FilingRecord } | { ok: false; reason: "not_here" };

export interface SignOffService {
  /** The filing if this channel may act on it (posted here, and of one of its matters). */
  filingHere(actor: SignOffActor, filingId: number): Promise<FilingRecord | undefined>;
  /** Docketed ✓ on, or off when it is on already. */
  toggleDocketed(actor: SignOffActor, filingId: number): Promise<SignOffResult>;
  /** Sets the assignee (undefined clears it). */
  assign(actor: SignOffActor, filingId: number, assignee: string | undefined): Promise<SignOffResult>;
  /** The filings one of this channel's messages shows, for re-rendering it. */
  filingsOfMessage(actor: SignOffActor, messageTs: string): Promise<FilingRecord[]>;
}

export function createSignOffService(deps: { store: AlertsStore }): SignOffService {
  const { store } = deps;
  const scope = (a: SignOffActor) => ({ matters: a.matters });

  const filingHere = async (a: SignOffActor, filingId: number): Promise<FilingRecord | undefined> => {
    if (!a.channelId) return undefined;
    const filing = await store.getFiling(filingId, scope(a));
    if (!filing || filing.teamId !== a.teamId || filing.channelId !== a.channelId) return undefined;
    return wallAllows(a.matters, filing.clientMatter) ? filing : undefined;
  };

  const done = (filing: FilingRecord | undefined): SignOffResult => (filing ? { ok: true, filing } : { ok: false, reason: "not_here" });

  return {
    filingHere,
    async toggleDocketed(a, filingId) {
      const filing = await filingHere(a, filingId);
      if (!filing) return done(undefined);
      return done(await store.setDocketed(filingId, { userId: a.userId, docketed: filing.docketedBy === undefined }, scope(a)));
    },
    async assign(a, filingId, assignee) {
      const filing = await filingHere(a, filingId);
      if (!filing) return done(undefined);
      return done(await store.setAssignee(filingId, { userId: a.userId, assignee }, scope(a)));
    },
    async filingsOfMessage(a, messageTs) {
      if (!a.channelId) return [];
      const filings = await store.filingsOfMessage({ teamId: a.teamId, channelId: a.channelId }, messageTs, scope(a));
      return filings.filter((f) => wallAllows(a.matters, f.clientMatter));
    },
  };
}
