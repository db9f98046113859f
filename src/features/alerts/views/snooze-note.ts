/**
 * The note a case thread gets when someone mutes or unmutes the case in its channel (issue 12,
 * item 5), so the channel knows who did it and that nothing is lost: a mute folds routine filings into the
 * thread and the digest; orders and significant filings still post (issue 22, item 3). A muted case's
 * court-date reminders are not posted in the channel (deadlines/reminders.ts), so the note says so. Pure.
 */
import { context, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import type { SnoozeMode } from "../../../store/filing-records.ts";

export interface SnoozeNoteModel {
  by: string;
  /** Undefined: unmuted. */
  snooze?: { mode: SnoozeMode; until?: number | undefined } | undefined;
}

function until(ms: number): { mrkdwn: string; plain: string } {
  const secs = Math.floor(ms / 1000);
  const iso = new Date(secs * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  // Slack shows the date in the reader's zone (docs.slack.dev, Formatting text: dates); the fallback is UTC.
  return { mrkdwn: `<!date^${secs}^{date_short_pretty} at {time}|${iso}>`, plain: iso };
}

export function renderSnoozeNote(m: SnoozeNoteModel): MessagePayload {
  const who = mention(m.by);
  const whoPlain = who === "someone" ? "someone" : who;
  if (!m.snooze) {
    const line = `Unmuted by ${who}: new significant filings of this case post to the channel again, and its court-date reminders resume.`;
    return { text: `Unmuted by ${whoPlain}`, blocks: [context(line)] };
  }
  const s = m.snooze;
  let how: { mrkdwn: string; plain: string };
  if (s.mode === "until" && s.until !== undefined && Number.isFinite(s.until)) {
    const u = until(s.until);
    how = { mrkdwn: `Muted until ${u.mrkdwn}`, plain: `Muted until ${u.plain}` };
  } else if (s.mode === "next_order") {
    how = { mrkdwn: "Muted until the next order", plain: "Muted until the next order" };
  } else {
    how = { mrkdwn: "Muted until someone unmutes it", plain: "Muted until unmuted" };
  }
  return {
    text: `${how.plain} by ${whoPlain}. Routine filings stay in this thread; court-date reminders for this case are paused here.`,
    blocks: [context(`${how.mrkdwn} by ${who}. Routine filings stay in this thread and the digest; orders and significant filings still post to the channel. Court-date reminders for this case are paused in this channel while it is muted.`)],
  };
}
