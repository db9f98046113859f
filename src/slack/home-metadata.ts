/**
 * App Home's private_metadata: the app DM Home was opened from (app_home_opened's `channel`), which
 * Slack stores with the view and users cannot edit. What a Home button sends to "your DM with
 * docketbot" goes there (budgets' Export usage).
 */
const DM = /^D[A-Z0-9]{2,30}$/;

export function homeMetadata(dmChannel: string | undefined): string {
  return dmChannel && DM.test(dmChannel) ? JSON.stringify({ dm: dmChannel }) : "";
}

export function dmOfHome(metadata: unknown): string | undefined {
  try {
    const dm = (JSON.parse(String(metadata)) as { dm?: unknown }).dm;
    return typeof dm === "string" && DM.test(dm) ? dm : undefined;
  } catch {
    return undefined;
  }
}
