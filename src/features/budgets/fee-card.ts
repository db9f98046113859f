/**
 * The requester's card of a held fee action: shown where they asked, where it was shown recorded
 * by the fee guard (fee-guard.ts, the one place that holds an action), and replaced by one sentence
 * once an admin decides or the action expires (fee-clicks.ts, held-expiry.ts), so it never still
 * says it is waiting. A card Slack gives no way back to is shown and not recorded.
 */
import type { RespondFn } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { Logger } from "../../logger.ts";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import { postMessage, replaceThroughResponseUrl, toSlack, updateMessage } from "../../slack/outbound.ts";
import type { FeeCard } from "../../store/store.ts";

/** A response_url works "up to 5 times within 30 minutes" of its interaction (docs.slack.dev/interactivity/handling-user-interaction#message_responses); a minute's margin. */
const RESPONSE_URL_MS = 29 * 60_000;

/** Where a feature shows the card of an action it holds. */
export type CardPlace =
  /** Posted in a thread (a question): chat.postMessage, so later chat.update. */
  | { kind: "thread"; channel: string; threadTs: string }
  /**
   * In place of the clicked ephemeral message, through the click's response_url (`responseUrl`,
   * absent where a stand-in responder has none): that URL replaces the card again later.
   */
  | { kind: "in_place"; respond: RespondFn; responseUrl: string | undefined }
  /**
   * A new ephemeral message beside the clicked one (which stays: a case view). Nothing reaches it
   * again: replace_original acts only on the message the click came from.
   */
  | { kind: "added"; respond: RespondFn };

/** Shows the card; where it is, when it can be replaced later. */
export async function showCard(client: WebClient, place: CardPlace, card: MessagePayload, now: number): Promise<FeeCard | undefined> {
  if (place.kind === "thread") return postMessage(client, { channel: place.channel, message: card, threadTs: place.threadTs });
  await place.respond({ response_type: "ephemeral", replace_original: place.kind === "in_place", ...toSlack(card) });
  return place.kind === "in_place" && place.responseUrl ? { responseUrl: place.responseUrl, until: now + RESPONSE_URL_MS } : undefined;
}

/** Replaces the card with what became of the action. Never throws: a card left as it was is logged. */
export async function replaceCard(client: WebClient, card: FeeCard | undefined, outcome: MessagePayload, opts: { now: number; log: Logger }): Promise<void> {
  if (!card) return;
  try {
    if ("ts" in card) await updateMessage(client, card, outcome);
    else if (opts.now < card.until) await replaceThroughResponseUrl(client, card.responseUrl, outcome);
    else opts.log.info("the held fee's card was shown through a response_url that has expired; it stays as it was");
  } catch (err) {
    opts.log.warn({ err }, "could not replace the held fee's card with its outcome");
  }
}
