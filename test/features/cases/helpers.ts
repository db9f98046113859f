/** Reading the Slack stand-in's state the way a person reads their screen, for the cases tests. */
import type { EphemeralMessage, SlackMessage } from "../../../sandbox/slack/types.ts";
import type { BotHarness } from "../../helpers/bot-harness.ts";

export const FLAGSHIP_TITLE = "Acme Widgets, Inc. v. Globex Corporation";

type Obj = Record<string, unknown>;

/** Every button of a message's blocks (actions elements and section accessories). */
export function buttonsOf(blocks: readonly unknown[] | undefined): Obj[] {
  const out: Obj[] = [];
  for (const b of (blocks ?? []) as Obj[]) {
    if (b.type === "actions") out.push(...((b.elements as Obj[]) ?? []).filter((e) => e.type === "button"));
    const acc = b.accessory as Obj | undefined;
    if (b.type === "section" && acc?.type === "button") out.push(acc);
  }
  return out;
}

export function buttonByAction(blocks: readonly unknown[] | undefined, actionId: string | RegExp): Obj | undefined {
  return buttonsOf(blocks).find((b) => (typeof actionId === "string" ? b.action_id === actionId : actionId.test(String(b.action_id))));
}

/** The header text of a message (the case title in a case view). */
export function headerOf(m: { blocks?: readonly unknown[] | undefined }): string | undefined {
  const h = ((m.blocks ?? []) as Obj[]).find((b) => b.type === "header");
  return h ? String((h.text as Obj).text) : undefined;
}

export function textOf(m: { text?: string; blocks?: readonly unknown[] | undefined }): string {
  return `${m.text ?? ""}\n${JSON.stringify(m.blocks ?? [])}`;
}

/** The newest top-level channel message whose header is `title`. */
export function caseViewIn(h: BotHarness, channel: string, title = FLAGSHIP_TITLE): SlackMessage | undefined {
  return h.slack.state.messages(channel).filter((m) => headerOf(m) === title).at(-1);
}

/** Waits until `channel` has a case view newer than the ones before. */
export async function nextCaseView(h: BotHarness, channel: string, before: number, title = FLAGSHIP_TITLE): Promise<SlackMessage> {
  return h.slack.waitFor(() => {
    const views = h.slack.state.messages(channel).filter((m) => headerOf(m) === title);
    return views.length > before ? views.at(-1) : undefined;
  }, { what: `a case view in ${channel}` });
}

export function caseViewCount(h: BotHarness, channel: string, title = FLAGSHIP_TITLE): number {
  return h.slack.state.messages(channel).filter((m) => headerOf(m) === title).length;
}

// ---- private (ephemeral) case views: what `/docket case`, Look up, View and paging show first ----

/** The user's private case views in `channel` whose header is `title`, oldest first. */
export function privateCaseViews(h: BotHarness, user: string, channel: string, title = FLAGSHIP_TITLE): EphemeralMessage[] {
  return h.slack.state.ephemerals(user, channel).filter((e) => headerOf(e) === title);
}

export function privateCaseViewCount(h: BotHarness, user: string, channel: string, title = FLAGSHIP_TITLE): number {
  return privateCaseViews(h, user, channel, title).length;
}

/** Waits until `user` sees more private case views in `channel` than `before`; the newest. */
export async function nextPrivateCaseView(h: BotHarness, user: string, channel: string, before: number, title = FLAGSHIP_TITLE): Promise<EphemeralMessage> {
  return h.slack.waitFor(() => {
    const views = privateCaseViews(h, user, channel, title);
    return views.length > before ? views.at(-1) : undefined;
  }, { what: `a private case view for ${user} in ${channel}` });
}

/** The private view `ts` as it is now (it is replaced in place as it pages). */
export function privateViewNow(h: BotHarness, user: string, ts: string): EphemeralMessage | undefined {
  return h.slack.state.ephemerals(user).find((e) => e.message_ts === ts);
}

/** Clicks the private view's Share to channel; the case view it posts in the channel, once the private copy is gone. */
export async function shareToChannel(h: BotHarness, user: string, channel: string, view: EphemeralMessage, title = FLAGSHIP_TITLE): Promise<SlackMessage> {
  const before = caseViewCount(h, channel, title);
  await h.slack.sendBlockAction({ user, actionId: "share_to_channel", ephemeral: view.message_ts });
  const shared = await nextCaseView(h, channel, before, title);
  await h.slack.waitFor(() => !privateViewNow(h, user, view.message_ts) || undefined, { what: "the private copy removed" });
  return shared;
}
