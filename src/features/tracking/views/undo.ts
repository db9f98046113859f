/**
 * Undo of a stop (issue 13, item 2: no silent change), in words. The "Stopped tracking" message is
 * never erased: it stays, its Undo button gone, amended "Undone by @x at <time>". The "Tracking"
 * message that follows says what came while it was stopped: being posted now, or (past the Undo
 * window) not posted, with the case's link to see it. Pure.
 */
import { context, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import { slackMoment } from "../../../slack/blockkit/slack-date.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import type { TrackFrequency } from "../../../docket/schemas/index.ts";
import { frequencyPhrase } from "./track-frequency.ts";
import { targetLine, type TargetView } from "./tracking.ts";

/** What arrived while the subscription was off. */
export type MissedWhileStopped =
  /** Within the Undo window: the alerts that came meanwhile, now queued for this matter's channels. */
  | { kind: "delivering"; alerts: number }
  /** Past the window: not posted; `since` is when it was stopped. */
  | { kind: "not_delivered"; since: number };

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function missedSentence(m: TargetView & { missed: MissedWhileStopped; frequency: TrackFrequency }, opts: { siteUrl: string }): { mrkdwn: string; plain: string } {
  if (m.missed.kind === "delivering") {
    if (m.missed.alerts === 0) {
      // Not "nothing was filed": while no matter tracked it the service was not checking at all, and a
      // filing made then is new to the service at its next check (spec, Events: a new entry "detected
      // on a tracked case"). Said the same whether or not another matter tracked it (the wall).
      const what = "q" in m.target ? "anything new for the search" : "anything filed meanwhile";
      const s = `No alerts came in while it was stopped; ${what} comes with the service's next check (${frequencyPhrase(m.frequency, "plain")}).`;
      return { mrkdwn: s, plain: s };
    }
    const s = `${plural(m.missed.alerts, "alert", "alerts")} that arrived while it was stopped ${m.missed.alerts === 1 ? "is" : "are"} being posted to this matter's channels now.`;
    return { mrkdwn: s, plain: s };
  }
  const since = `since ${slackMoment(m.missed.since)}`;
  return {
    mrkdwn: `Alerts that arrived while it was stopped (${since}) are not posted here: open ${targetLine(m, opts)} to see them.`,
    plain: "Alerts that arrived while it was stopped are not posted here: open the case to see them.",
  };
}

/** The "Tracking" message of an Undo, with what arrived meanwhile. */
export function withMissed(message: MessagePayload, m: TargetView & { missed: MissedWhileStopped; frequency: TrackFrequency }, opts: { siteUrl: string }): MessagePayload {
  const s = missedSentence(m, opts);
  return { text: `${message.text} ${s.plain}`, blocks: [...message.blocks, context(s.mrkdwn)] };
}

interface AnyBlockJson {
  type?: unknown;
  elements?: { action_id?: unknown }[];
}

/**
 * The "Stopped tracking" message after its Undo: the same blocks, the clicked button gone (an
 * actions block left empty goes too), and who undid it and when. `message` is the message Slack
 * sent with the click (our own blocks).
 */
export function amendUndone(message: { text?: string | undefined; blocks?: readonly unknown[] | undefined }, m: { userId: string; at: number; actionId: string }): MessagePayload {
  const blocks: unknown[] = [];
  for (const raw of message.blocks ?? []) {
    const b = raw as AnyBlockJson;
    if (b.type !== "actions" || !Array.isArray(b.elements)) {
      blocks.push(raw);
      continue;
    }
    const elements = b.elements.filter((e) => e.action_id !== m.actionId);
    if (elements.length > 0) blocks.push({ ...b, elements });
  }
  const note = `Undone by ${mention(m.userId)} ${slackMoment(m.at)}.`;
  return {
    text: `${toPlainText(message.text ?? "", 2_000)} Undone.`.trim(),
    blocks: [...(blocks as MessagePayload["blocks"]), context(note)],
  };
}
