/**
 * A delivery is parked (dead letter): its lane moves on, and people are told which filing did not
 * reach the channel and why (views/parked-alert.ts). The channel reads it in the channel (unless the
 * channel or the token is what refused us: then only admins can be told); admins get a DM
 * (notices.ts). Told once per delivery across replicas (the store's once keys).
 */
import type { Logger } from "../../../logger.ts";
import type { DeliveryWithPush } from "../../../store/store.ts";
import { parkedAdminText, renderParkedAlert, type ParkedFiling } from "../views/parked-alert.ts";
import type { AlertsStore } from "../deps.ts";
import type { Lane } from "./lane.ts";
import type { AdminNotifier } from "./notices.ts";
import type { PushPlan } from "./push-plan.ts";
import type { SlackPoster } from "./slack-poster.ts";

export interface ParkedDeps {
  store: Pick<AlertsStore, "claimOnce">;
  poster: SlackPoster;
  notices: AdminNotifier;
  logger: Logger;
  siteUrl: string;
}

const SHOWN = 3;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

/** The filing as the plan has it, or as the stored body states it when it could not be planned. */
export function parkedFiling(body: string, plan: PushPlan | undefined): ParkedFiling {
  if (plan?.kind === "thread") {
    const entries = plan.entries.slice(0, SHOWN).map((e) => ({ number: str(e.entry.number), date: e.entry.date ?? e.entry.entry_date }));
    return { kind: "docket", court: plan.court, docket: plan.docket, title: plan.title, entries, more: Math.max(0, plan.newEntries - entries.length) };
  }
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    // not JSON: described by its kind alone
  }
  const court = str(json.court);
  const docket = str(json.docket);
  if (json.push_type === "docket" && court && docket) {
    const report = Array.isArray(json.docket_report) ? json.docket_report : [];
    const entries = report.slice(-SHOWN).reverse().map((e) => {
      const o = (e !== null && typeof e === "object" ? e : {}) as Record<string, unknown>;
      return { number: str(o.number), date: str(o.date) ?? str(o.entry_date) };
    });
    const info = (json.info !== null && typeof json.info === "object" ? json.info : {}) as Record<string, unknown>;
    return { kind: "docket", court, docket, title: str(info.title), entries, more: Math.max(0, report.length - entries.length) };
  }
  const q = str(json.q);
  if (json.push_type === "search_results") return { kind: "other", label: q ? `new results for the saved search “${q}”` : "new saved-search results" };
  if (json.push_type === "new_case") return { kind: "other", label: "a new-case alert" };
  return { kind: "other", label: "an alert" };
}

/**
 * Tells the channel (when `inChannel`) and the admins that `d` is parked. Never throws: a notice
 * that cannot be sent is logged; the delivery is parked whatever happens here.
 */
export async function tellParked(
  ctx: ParkedDeps, lane: Lane, d: DeliveryWithPush, reason: string, plan: PushPlan | undefined, inChannel: boolean,
): Promise<void> {
  const filing = parkedFiling(d.push.body, plan);
  const opts = { siteUrl: ctx.siteUrl };
  ctx.notices.notify({
    kind: "parked", channel: d, clientMatter: d.clientMatter, deliveryId: d.id, reason,
    text: parkedAdminText({ filing, reason, channelId: d.channelId, clientMatter: d.clientMatter }, opts),
  });
  if (!inChannel) return;
  try {
    if (!(await ctx.store.claimOnce({ scope: "parked-notice", key: String(d.id) }, 7 * 24 * 3_600_000))) return;
    const message = renderParkedAlert({ filing, reason }, opts);
    await lane.paced(() => ctx.poster.post({ channel: d.channelId, message }));
  } catch (err) {
    ctx.logger.warn({ err, deliveryId: d.id, channel: d.channelId }, "could not tell the channel about a parked alert; admins were told");
  }
}
