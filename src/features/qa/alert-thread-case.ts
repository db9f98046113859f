/**
 * Which case an alert thread is about (issue 25 item 3): "@docketbot what does the latest order
 * require us to do, and by when?" in a case's alert thread names no case, but the thread belongs
 * to one. The store keeps each channel's case thread (court, docket, matter, root ts) but has no
 * lookup by root ts, so the root message is read once (conversations.replies, its first message)
 * for the case it names: its Mute menu's block_id or its View case button. Slack's copy is
 * untrusted, so the case is accepted only when the store's case thread for that channel and case
 * has this very root and a matter of this channel (the wall). When the store can look a case
 * thread up by its root ts, this read goes (see the issue 25 report).
 */
import type { WebClient } from "@slack/web-api";
import type { CaseRef } from "../../court/refs.ts";
import { ACTION, decodeValue } from "../../slack/blockkit/ids.ts";
import type { RequestContext } from "../../slack/context.ts";
import type { QaStore } from "./deps.ts";
import { snoozeBlockCase } from "../alerts/index.ts";

export interface AlertThreadCase {
  ref: CaseRef;
  /** The matter the case's alerts in this channel are for: questions here are billed to it. */
  clientMatter: string;
  title?: string | undefined;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The case a root message's blocks name, or undefined. */
export function caseNamedByRoot(blocks: unknown): CaseRef | undefined {
  for (const b of Array.isArray(blocks) ? blocks : []) {
    if (!isObj(b)) continue;
    const snoozed = snoozeBlockCase(b.block_id);
    if (snoozed) return snoozed;
    const accessory = isObj(b.accessory) ? b.accessory : undefined;
    if (accessory && typeof accessory.action_id === "string" && accessory.action_id.startsWith(ACTION.viewCase)) {
      const value = decodeValue(accessory.value);
      if (value) return { court: value.court, docket: value.docket };
    }
  }
  return undefined;
}

export async function caseOfAlertThread(
  deps: { store: Pick<QaStore, "getCaseThread"> }, client: WebClient, ctx: RequestContext, channelId: string, threadTs: string,
): Promise<AlertThreadCase | undefined> {
  if (ctx.matters.length === 0) return undefined;
  const res = await client.conversations.replies({ channel: channelId, ts: threadTs, limit: 1, inclusive: true });
  const root = (res.messages ?? []).find((m) => m.ts === threadTs);
  const named = root && root.bot_id !== undefined ? caseNamedByRoot(root.blocks) : undefined;
  if (!named) return undefined;
  const thread = await deps.store.getCaseThread({ teamId: ctx.teamId, channelId, court: named.court, docket: named.docket }, { matters: ctx.matters });
  if (!thread || thread.rootTs !== threadTs || !ctx.matters.includes(thread.clientMatter)) return undefined;
  return { ref: { court: thread.court, docket: thread.docket }, clientMatter: thread.clientMatter, title: thread.title };
}
