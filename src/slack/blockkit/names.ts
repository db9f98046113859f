/** How people and client matters are named in messages: defused, bounded, bold where they are the subject. */
import { toMrkdwnLine } from "./sanitize.ts";

/** A client matter, bold, one line, at most 50 characters. */
export function matterName(m: string): string {
  return `*${toMrkdwnLine(m, 50)}*`;
}

/** `<@U…>` for a Slack user id; anything else reads as "someone" (ids come from payloads). */
export function mention(userId: string): string {
  return /^[UW][A-Z0-9]{2,30}$/.test(userId) ? `<@${userId}>` : "someone";
}
