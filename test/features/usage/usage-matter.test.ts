/**
 * Usage belongs to the matter a call was made for: two matters, two channels, one case. The
 * service keeps one tracker tagged with ACME-001; #ip's track of that case is still #ip's usage
 * (IP-007), so ACME's `/docket usage` and its CSV never name #ip's channel or its user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { ackBody, bodyOf, command, mark, waitForResponse } from "../tracking/helpers.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
});
afterAll(async () => {
  await h?.close();
});

async function track(text: string, user: string, channel: string): Promise<void> {
  const from = mark(h);
  const d = await command(h, text, user, channel);
  if (!ackBody(d).text.startsWith(":hourglass")) return;
  await waitForResponse(h, from, (p) => p.outcome !== "deleted" && !bodyOf(p).text?.startsWith(":hourglass"), `the result of ${text}`);
}

const ALL_TIME = { start: Date.UTC(2000, 0, 1), end: Date.UTC(3000, 0, 1), limit: 1000 };

describe("usage rows belong to the matter on whose behalf the call was made", () => {
  it("#ip's track of a case ACME's tracker carries is IP-007's usage; ACME's view and CSV never name #ip or its user", async () => {
    await track("track nysd 1:23-cv-01234 weekly", MEMBER, ACME_CHANNEL);
    // More often than ACME asked: the tracker is re-posted, still tagged ACME-001, by #ip.
    await track("track nysd 1:23-cv-01234 daily", ADMIN, IP_CHANNEL);
    const tracker = (await h.bot.docket.listTrackers({ limit: 50 })).data.dockets.find((t) => t.docket === FLAGSHIP.docket);
    expect(tracker?.client_matter).toBe("ACME-001");

    const acme = await h.store.usageEntries({ matters: ["ACME-001"], ...ALL_TIME });
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.filter((e) => e.channelId === IP_CHANNEL || e.userId === ADMIN)).toEqual([]);
    const ip = await h.store.usageEntries({ matters: ["IP-007"], ...ALL_TIME });
    const ipTrack = ip.filter((e) => e.endpoint === "track" && e.channelId === IP_CHANNEL && e.userId === ADMIN);
    expect(ipTrack.length).toBeGreaterThan(0);
    // What the service was told is kept beside it, for reconciling with the service's own ledger.
    expect(ipTrack.some((e) => e.serviceMatter === "ACME-001")).toBe(true);
    expect(acme.every((e) => e.serviceMatter === undefined)).toBe(true);

    const view = JSON.stringify(ackBody(await command(h, "usage", MEMBER, ACME_CHANNEL)));
    expect(view).not.toContain(IP_CHANNEL);
    expect(view).not.toContain("IP-007");
    await command(h, "usage export", MEMBER, ACME_CHANNEL);
    const file = await h.slack.waitFor(() => h.slack.state.files().find((f) => f.name.startsWith("docketbot-usage-")), { what: "the CSV" });
    const store = (h.slack.state as unknown as { fileStore: { get(id: string): { bytes?: Buffer } | undefined } }).fileStore;
    const csv = store.get(file.id)!.bytes!.toString("utf8");
    expect(csv).toContain(`"${ACME_CHANNEL}"`);
    expect(csv).not.toContain(IP_CHANNEL);
    expect(csv).not.toContain(ADMIN);
    expect(csv).not.toContain("IP-007");
  });
});
