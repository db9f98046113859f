import type { ApiContext } from "./api-context.ts";
import type { BotClient, Delivery, SendOptions } from "./bot-client.ts";
import { commandForm, globalShortcutPayload, messageShortcutPayload, type CommandInput, type GlobalShortcutInput, type MessageShortcutInput } from "./command-payloads.ts";
import { completeEvent, eventEnvelope, linkSharedEvent, messageEvent, type SlackEvent } from "./event-payloads.ts";
import { VERIFICATION_TOKEN } from "./interaction-payloads.ts";
import { APP_ID, TEAM } from "./workspace.ts";
import { blockActionsPayload, viewSubmissionPayload, type BlockActionInput, type PayloadDeps, type ViewSubmissionInput } from "./interaction-payloads.ts";
import type { ResponseUrls } from "./response-urls.ts";
import type { SlackMessage } from "./types.ts";
import { addUserMessage, type UserMessageInput } from "./user-messages.ts";
import { applyViewSubmissionAck } from "./view-responses.ts";
import { BOT } from "./workspace.ts";

/**
 * Everything the stand-in sends the bot, as Slack would: what a person does in the client (a slash
 * command, a click, a submitted modal, a shortcut, a message) becomes the signed request Slack makes,
 * and the acknowledgement is then honoured as Slack honours it.
 */
export interface PostedUserMessage {
  ts: string;
  message: SlackMessage;
  /** The events delivered for it: message, then app_mention and link_shared when they apply. */
  deliveries: Delivery[];
}

export interface SendersDeps {
  ctx: ApiContext;
  client: BotClient;
  responseUrls: ResponseUrls;
  payloadDeps: PayloadDeps;
  unfurlDomains: readonly string[];
}

export type Senders = ReturnType<typeof createSenders>;

export function createSenders(deps: SendersDeps) {
  const { ctx, client, responseUrls, payloadDeps } = deps;
  const eventDeps = { state: ctx.state, ids: ctx.ids, unfurls: ctx.unfurls };

  const sendEvent = (event: SlackEvent, options?: SendOptions): Promise<Delivery> =>
    client.json("event", eventEnvelope(eventDeps, completeEvent(eventDeps, event), options?.shape), options);

  return {
    async sendCommand(input: CommandInput, options?: SendOptions): Promise<Delivery> {
      const { form, responseUrl, triggerId } = commandForm(payloadDeps, input, options?.shape);
      const delivery = await client.form("command", form, options);
      Object.assign(delivery, { responseUrl, triggerId });
      // An ack with a body is shown like a response (ephemeral unless in_channel); a late one is dropped.
      if (delivery.status === 200 && !delivery.lateAck && delivery.body !== "") {
        const body = typeof delivery.body === "string" ? { text: delivery.body } : delivery.body;
        const error = responseUrls.applyAck(responseUrl, body);
        if (error) Object.assign(delivery, { error, uiError: "dispatch_failed" });
      }
      return delivery;
    },

    async sendBlockAction(input: BlockActionInput, options?: SendOptions): Promise<Delivery> {
      const payload = blockActionsPayload(payloadDeps, input, options?.shape);
      const delivery = await client.interaction("block_actions", payload, options);
      return Object.assign(delivery, {
        triggerId: payload.trigger_id as string,
        ...(typeof payload.response_url === "string" ? { responseUrl: payload.response_url } : {}),
      });
    },

    async sendViewSubmission(input: ViewSubmissionInput, options?: SendOptions): Promise<Delivery> {
      const { payload, view } = viewSubmissionPayload(payloadDeps, input, options?.shape);
      const delivery = await client.interaction("view_submission", payload, options);
      Object.assign(delivery, { triggerId: payload.trigger_id as string });
      if (delivery.status === 200 && !delivery.lateAck) {
        const error = applyViewSubmissionAck(ctx, input.user, view, delivery.body);
        if (error) Object.assign(delivery, { error, uiError: "dispatch_failed" });
      }
      return delivery;
    },

    async sendMessageShortcut(input: MessageShortcutInput, options?: SendOptions): Promise<Delivery> {
      const payload = messageShortcutPayload(payloadDeps, input, options?.shape);
      const delivery = await client.interaction("message_action", payload, options);
      return Object.assign(delivery, { triggerId: payload.trigger_id as string, responseUrl: payload.response_url as string });
    },

    async sendGlobalShortcut(input: GlobalShortcutInput, options?: SendOptions): Promise<Delivery> {
      const payload = globalShortcutPayload(payloadDeps, input, options?.shape);
      const delivery = await client.interaction("shortcut", payload, options);
      return Object.assign(delivery, { triggerId: payload.trigger_id as string });
    },

    sendEvent,

    /** Slack's retry of an event it already sent (same event_id), with its retry headers. */
    redeliver(delivery: Delivery, retry: NonNullable<SendOptions["retry"]>, options?: SendOptions): Promise<Delivery> {
      return client.json("event", delivery.payload, { ...options, retry });
    },

    /** Slack's handshake when the Request URL is saved: the app must echo the challenge. */
    sendUrlVerification(challenge = ctx.ids.secret(), options?: SendOptions): Promise<Delivery> {
      return client.json("url_verification", { token: "sandbox-verification-token", challenge, type: "url_verification" }, options);
    },

    /**
     * Slack tells the app it passed the Events API's 30,000 events a workspace an hour and is
     * dropping events for the rest of the minute (docs.slack.dev/reference/events/app_rate_limited).
     * It is an outer envelope of its own, not an event_callback; the app must still answer 200.
     */
    sendAppRateLimited(options?: SendOptions): Promise<Delivery> {
      const minute = Math.floor(Date.now() / 60_000) * 60;
      return client.json(
        "app_rate_limited",
        { token: VERIFICATION_TOKEN, type: "app_rate_limited", team_id: TEAM.id, minute_rate_limited: minute, api_app_id: APP_ID },
        options,
      );
    },

    /** The user opens the app's Home tab. */
    openAppHome(user: string, options?: SendOptions): Promise<Delivery> {
      return sendEvent({ type: "app_home_opened", user }, options);
    },

    /**
     * A person posts a message: it is stored, and the bot gets `message` (if it is in the channel),
     * `app_mention` (when the text mentions it) and `link_shared` (for links in its unfurl domains).
     */
    async postUserMessage(input: UserMessageInput, options?: SendOptions): Promise<PostedUserMessage> {
      const message = addUserMessage(ctx, input);
      const channel = ctx.state.channelRef(input.channel);
      const deliveries: Delivery[] = [];
      if (client.hasBot && channel?.members.has(BOT.userId)) {
        deliveries.push(await sendEvent(messageEvent(eventDeps, input.channel, message), options));
        if (message.text.includes(`<@${BOT.userId}>`)) {
          const { type: _type, channel_type: _ct, ...rest } = messageEvent(eventDeps, input.channel, message);
          deliveries.push(await sendEvent({ ...rest, type: "app_mention" }, options));
        }
        const links = linkSharedEvent(input.channel, message, deps.unfurlDomains);
        if (links) deliveries.push(await sendEvent(links, options));
      }
      return { ts: message.ts, message: ctx.state.message(input.channel, message.ts) ?? message, deliveries };
    },
  };
}
