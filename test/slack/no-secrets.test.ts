/**
 * Issue 4: "Login tokens never appear in anything posted to Slack." After a tour of the main flows,
 * nothing the bot sent to Slack (Web API calls, response_url posts, acknowledgement bodies) carries a
 * login token, a provider key or the service password.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ env: { DOCKET_PASSWORD: "demo" } });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

describe("nothing secret reaches Slack", () => {
  it("after case, ask, search, track and usage flows", async () => {
    const commands = [
      "case nysd 1:23-cv-01234",
      "ask nysd 1:23-cv-01234 Has the motion to dismiss been decided?",
      "search acme widget",
      "track nysd 1:23-cv-01234 daily",
      "tracking",
      "usage",
    ];
    for (const text of commands) {
      const d = await h.slack.sendCommand({ text, user: ADMIN, channel: ACME_CHANNEL });
      expect(d.status, text).toBe(200);
    }
    // Let the slow halves (answers, posts) finish.
    await h.slack.waitFor(() => h.slack.callsTo("chat.update").length > 0, { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 300));

    const sent = JSON.stringify({
      calls: h.slack.calls.map((c) => c.params),
      responses: h.slack.responses.map((r) => r.body),
      acks: h.slack.deliveries.map((d) => d.body),
    });
    expect(sent.length).toBeGreaterThan(2000); // the tour really produced messages
    expect(sent).not.toMatch(/login_token/i);
    for (const secret of ["p1-harness-key-000111", "p2-harness-key-000222", "xoxb-17653672481"]) expect(sent).not.toContain(secret);
    // Any token the emulator issued looks like 48 hex characters; none may appear.
    expect(sent).not.toMatch(/[0-9a-f]{48}/);
  });
});
