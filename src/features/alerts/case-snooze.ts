/**
 * Muting a case in one channel (issue 12, item 5): 7 days from now (the injected clock), until the
 * next order, or until someone unmutes it; and unmuting. Knows no Slack. The wall: only a case
 * that has its thread in this channel, under one of the channel's matters, can be muted from it;
 * the snooze carries that thread's matter. Delivery enforces the snooze (the outbox's last gate).
 */
import type { Clock } from "../../clock.ts";
import { wallAllows } from "../../court/matter-wall.ts";
import type { CaseSnooze, CaseThread } from "../../store/store.ts";
import type { SnoozeChoice } from "./views/alert-controls.ts";
import type { AlertsStore } from "./deps.ts";

export const SNOOZE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SnoozeActor {
  teamId: string;
  channelId: string | undefined;
  userId: string;
  matters: readonly string[];
}

export type SnoozeResult =
  | { ok: true; thread: CaseThread; snooze: CaseSnooze | undefined; changed: boolean }
  | { ok: false; reason: "not_here" };

export interface CaseSnoozeService {
  apply(actor: SnoozeActor, ref: { court: string; docket: string }, choice: SnoozeChoice): Promise<SnoozeResult>;
}

export function createCaseSnoozeService(deps: { store: AlertsStore; clock: Clock }): CaseSnoozeService {
  const { store, clock } = deps;
  return {
    async apply(a, ref, choice) {
      if (!a.channelId) return { ok: false, reason: "not_here" };
      const key = { teamId: a.teamId, channelId: a.channelId, court: ref.court, docket: ref.docket };
      const thread = await store.getCaseThread(key, { matters: a.matters });
      if (!thread || !wallAllows(a.matters, thread.clientMatter)) return { ok: false, reason: "not_here" };
      // The thread's own key, so the snooze matches what delivery looks up.
      const own = { teamId: thread.teamId, channelId: thread.channelId, court: thread.court, docket: thread.docket };
      if (choice === "off") {
        const changed = await store.unsnoozeCase({ ...own, by: a.userId });
        return { ok: true, thread, snooze: undefined, changed };
      }
      const mode = choice === "7d" ? "until" : choice;
      const snooze = await store.snoozeCase({
        ...own, clientMatter: thread.clientMatter, mode, by: a.userId,
        ...(mode === "until" ? { until: clock.now() + SNOOZE_DAYS * DAY_MS } : {}),
      });
      return { ok: true, thread, snooze, changed: true };
    },
  };
}
