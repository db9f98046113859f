/**
 * Docketed ✓ and Assign on an alerted filing (issue 12, item 4). Thin handlers: ack at once, read
 * the click (alert-controls.ts), ask the sign-off service (which holds the wall and stores the
 * action with who, when, channel and matter), then re-render in place so the whole channel sees
 * who did what: the headline message carrying the filing (chat.update), and the clicker's
 * `/docket alerts` list when the click came from there. The assignee gets a DM. A click naming a
 * filing this channel may not touch changes nothing and gets one sentence, privately.
 */
import type { App, BlockAction, ButtonAction, RespondFn, UsersSelectAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { AnyBlock, MessagePayload } from "../../slack/blockkit/blocks.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { addForUser, postMessage, replaceForUser, updateMessage } from "../../slack/outbound.ts";
import { isMemberOrNo } from "../../slack/membership.ts";
import { slackRefusalText } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import type { FilingRecord } from "../../store/store.ts";
import { alertsMessage } from "./alerts-command.ts";
import { createSignOffService, type SignOffActor, type SignOffResult, type SignOffService } from "./sign-off-service.ts";
import { headlineShape, inShownOrder } from "./headline-shape.ts";
import { assignBlockFiling, FILING_ACTION, filingValue, type HeadlineCounts } from "./views/alert-controls.ts";
import { renderAssignmentDm } from "./views/assignment-dm.ts";
import { FILING_DATES_BLOCK } from "./views/filing-headline.ts";
import type { AlertsHandlerDeps } from "./deps.ts";

/** B's headline view, given by the composition: the filings one message shows and its counts. */
export type HeadlineRenderer = (filings: readonly FilingRecord[], counts: HeadlineCounts, dateLines?: ReadonlyMap<number, string>) => MessagePayload<AnyBlock>;

/**
 * The court-date lines a headline shows (issue 16), read back from its blocks so that a re-render
 * after a click keeps them: our own mrkdwn, written by the outbox when it posted the headline.
 */
export function headlineDateLines(blocks: unknown): Map<number, string> {
  const lines = new Map<number, string>();
  if (!Array.isArray(blocks)) return lines;
  for (const b of blocks as { type?: unknown; block_id?: unknown; elements?: { text?: unknown }[] }[]) {
    if (b?.type !== "context" || typeof b.block_id !== "string" || !b.block_id.startsWith(FILING_DATES_BLOCK)) continue;
    const id = Number(b.block_id.slice(FILING_DATES_BLOCK.length));
    const text = b.elements?.[0]?.text;
    if (Number.isSafeInteger(id) && id > 0 && typeof text === "string") lines.set(id, text.replace(/^:calendar: /, ""));
  }
  return lines;
}

export interface SignOffDeps extends AlertsHandlerDeps {
  renderHeadline: HeadlineRenderer;
}

export const NOT_THIS_CHANNELS = "That filing isn't one of this channel's alerts, so I changed nothing. `/docket alerts` lists the ones waiting here.";
export const NOT_A_MEMBER = "You aren't a member of this alert's channel, so I changed nothing.";
// Names nobody: the channel's messages never carry a user outside its matters, not even back to the clicker.
export const NOT_A_MEMBER_TO_ASSIGN = "The person you picked isn't a member of this alert's channel, so I assigned nothing: only the channel's members can be assigned its filings.";
export const STALE_CONTROL = "That control is out of date, so I changed nothing. `/docket alerts` lists the filings waiting here.";

/** `filing_docketed` and `filing_docketed:<suffix>` (action_ids are unique within a message; ids.ts). */
const routed = (base: string) => new RegExp(`^${base}(?::[A-Za-z0-9_.-]{0,64})?$`);

const actorOf = (ctx: RequestContext): SignOffActor => ({ teamId: ctx.teamId, channelId: ctx.channelId, userId: ctx.userId, matters: ctx.matters });

/** A headline to re-render: where it is, its counts and the filings it shows, in its order. */
interface HeadlineToUpdate {
  ts: string;
  counts: HeadlineCounts;
  filings: FilingRecord[];
  dateLines: Map<number, string>;
}

/** At most this many filings are read back for one headline (it lists at most 10). */
const SHOWN_MAX = 25;

/**
 * The headline that shows the filing, read back from Slack at the filing's STORED message (issue 22
 * item 11: never the click's payload blocks, which a client can forge or which can be stale): from
 * the case thread (headlines are broadcast replies in it), else the channel's history. Undefined
 * when the message is not a headline (a filing kept in the thread rides on a plain reply, which
 * must stay one), is not yet noted (the outbox notes it as soon as it is posted) or cannot be
 * read: it is then left as it is.
 */
async function headlineOf(deps: AlertsHandlerDeps & { service: SignOffService }, client: WebClient, ctx: RequestContext, filing: FilingRecord): Promise<HeadlineToUpdate | undefined> {
  const actor = actorOf(ctx);
  const ts = filing.messageTs;
  if (!ts) return undefined;
  const channel = filing.channelId;
  const thread = await deps.store.getCaseThread({ teamId: filing.teamId, channelId: channel, court: filing.court, docket: filing.docket }, { matters: ctx.matters });
  const window = { oldest: ts, latest: ts, inclusive: true, limit: 1 } as const;
  const res = thread
    ? await client.conversations.replies({ channel, ts: thread.rootTs, ...window })
    : await client.conversations.history({ channel, ...window });
  const blocks = res.messages?.find((m) => m.ts === ts)?.blocks;
  const shape = headlineShape(blocks);
  if (!shape) return undefined;
  return { ts, counts: shape.counts, filings: inShownOrder(await deps.service.filingsOfMessage(actor, ts), shape.order), dateLines: headlineDateLines(blocks) };
}

/** Re-renders the headline that carries the filing (and the clicker's list) after a change. */
async function showChange(deps: SignOffDeps & { service: SignOffService }, client: WebClient, respond: RespondFn, ctx: RequestContext, body: BlockAction, filing: FilingRecord, done: string): Promise<void> {
  try {
    const headline = ctx.channelId ? await headlineOf(deps, client, ctx, filing) : undefined;
    if (headline && headline.filings.length > 0) {
      await updateMessage(client, { channel: filing.channelId, ts: headline.ts }, deps.renderHeadline(headline.filings, headline.counts, headline.dateLines));
    } else {
      ctx.log.info({ filing: filing.id, ts: filing.messageTs }, "no headline re-rendered: not on one, not readable, or empty");
    }
  } catch (error) {
    ctx.log.warn({ err: error }, "could not update the headline after a sign-off");
    const why = slackRefusalText(error, { ref: ctx.log.ref }) ?? userMessageFor(error, { ref: ctx.log.ref });
    await addForUser(respond, ctx, `${done}, but I couldn't update the alert message. ${why}`);
  }
  if (body.container.is_ephemeral) await replaceForUser(respond, ctx, await alertsMessage(deps, ctx));
}

/**
 * The filing a click may act on (issue 22 item 11): the wall (posted to this channel, of one of its
 * matters: sign-off-service.ts), and the clicker a member of the filing's channel as the STORE has
 * it, asked of Slack now. Undefined otherwise.
 */
async function clickable(deps: { service: SignOffService }, client: WebClient, ctx: RequestContext, id: number | undefined): Promise<FilingRecord | "not_member" | undefined> {
  if (id === undefined) return undefined;
  const filing = await deps.service.filingHere(actorOf(ctx), id);
  if (!filing) return undefined;
  return (await isMemberOrNo(client, filing.channelId, ctx.userId)) ? filing : "not_member";
}

async function refused(respond: RespondFn, ctx: RequestContext, result: SignOffResult | undefined): Promise<void> {
  ctx.log.info({ result: result === undefined ? "undecodable" : "not_here" }, "sign-off refused");
  await addForUser(respond, ctx, result === undefined ? STALE_CONTROL : NOT_THIS_CHANNELS);
}

export function registerSignOff(app: App, deps: SignOffDeps): void {
  const service = createSignOffService(deps);
  const show = { ...deps, service };
  const contextOf = (body: BlockAction, what: string) =>
    buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: body.channel?.id ?? body.container.channel_id }, what);

  app.action<BlockAction<ButtonAction>>({ type: "block_actions", action_id: routed(FILING_ACTION.docketed) }, async ({ ack, body, action, client, respond }) => {
    await ack();
    const ctx = await contextOf(body, "action:filing_docketed");
    try {
      const id = filingValue.decode(action.value)?.f;
      const found = await clickable(show, client, ctx, id);
      if (found === "not_member") return void (await addForUser(respond, ctx, NOT_A_MEMBER));
      const result = found === undefined ? (id === undefined ? undefined : { ok: false as const, reason: "not_here" as const }) : await service.toggleDocketed(actorOf(ctx), found.id);
      if (!result?.ok) return await refused(respond, ctx, result);
      const on = result.filing.docketedBy !== undefined;
      ctx.log.info({ filing: result.filing.id, docketed: on }, "filing sign-off");
      await showChange(show, client, respond, ctx, body, result.filing, on ? "Marked docketed" : "Docketed ✓ undone");
    } catch (error) {
      ctx.log.error({ err: error }, "Docketed ✓ failed");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });

  app.action<BlockAction<UsersSelectAction>>({ type: "block_actions", action_id: routed(FILING_ACTION.assign) }, async ({ ack, body, action, client, respond }) => {
    await ack();
    const ctx = await contextOf(body, "action:filing_assign");
    try {
      const id = assignBlockFiling(action.block_id);
      const picked = typeof action.selected_user === "string" && /^[UW][A-Z0-9]{2,30}$/.test(action.selected_user) ? action.selected_user : undefined;
      const found = await clickable(show, client, ctx, id);
      if (found === "not_member") return void (await addForUser(respond, ctx, NOT_A_MEMBER));
      if (found === undefined) return await refused(respond, ctx, id === undefined ? undefined : { ok: false, reason: "not_here" });
      // Issue 22 item 10: only a member of the alert's channel (as stored) may be assigned: the DM
      // names the matter and quotes the filing. Slack's picker offers the whole workspace, so the
      // check is here; a refusal assigns nothing and DMs nobody.
      if (picked && !(await isMemberOrNo(client, found.channelId, picked))) {
        ctx.log.info({ filing: found.id }, "assign refused: the assignee is not a member of the alert's channel");
        return void (await addForUser(respond, ctx, NOT_A_MEMBER_TO_ASSIGN));
      }
      const result = await service.assign(actorOf(ctx), found.id, picked);
      if (!result.ok) return await refused(respond, ctx, result);
      const filing = result.filing;
      ctx.log.info({ filing: filing.id, assignee: filing.assignee }, "filing assigned");
      await showChange(show, client, respond, ctx, body, filing, picked ? "Assigned" : "Unassigned");
      // Assigning yourself needs no DM; anyone else is told where and what.
      if (picked && picked !== ctx.userId) {
        const dm = renderAssignmentDm({ filing, by: ctx.userId, channelId: filing.channelId }, { siteUrl: deps.siteUrl });
        await postMessage(client, { channel: picked, message: dm }).catch(async (error: unknown) => {
          ctx.log.warn({ err: error }, "could not DM the assignee");
          await addForUser(respond, ctx, `Assigned, but I couldn't message <@${picked}> about it: let them know yourself.`);
        });
      }
    } catch (error) {
      ctx.log.error({ err: error }, "Assign failed");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
