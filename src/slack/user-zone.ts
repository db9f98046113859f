/**
 * The reader's stated time zone: the `tz` Slack keeps for each user (users.info, the user
 * object's `tz`), for "today" and "in N days" where there is no channel (App Home). Falls back to
 * the given zone when Slack does not say (a deleted user, a failed call). One call per use: Home
 * is published a few times a day per user.
 */
import type { WebClient } from "@slack/web-api";

export async function userTimeZone(client: Pick<WebClient, "users">, userId: string, fallback: string): Promise<string> {
  try {
    const r = await client.users.info({ user: userId });
    const tz = r.user?.tz;
    return typeof tz === "string" && tz !== "" && isZone(tz) ? tz : fallback;
  } catch {
    return fallback;
  }
}

function isZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
