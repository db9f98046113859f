/**
 * Issue 22, item 14: every /docket command is acknowledged within Slack's 3 seconds whatever its
 * text (api.slack.com/interactivity/slash-commands#responding_basic_receipt), and the user gets a
 * plain sentence, never Slack's "dispatch_failed". A fixed-seed fuzz over EVERY subcommand of the
 * grammar (src/slack/commands/grammar.ts) with hostile text, through the Bolt app over real HTTP.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { captureLog, type CapturedLog } from "../../helpers/log-capture.ts";

/** Every first word parseCommand knows (its switch), and one it does not. */
const SUBCOMMANDS = [
  "", "help", "search", "pacer", "case", "show", "ask", "track", "untrack", "watch", "unwatch", "tracking", "usage",
  "alerts", "alerts settings", "digest", "matter", "matter link", "matter unlink", "matters", "budget", "budget set",
  "budgets", "deadlines", "deadlines settings", "calendar", "audit", "audit export", "nysd", "frobnicate",
] as const;

const HOSTILE = [
  "\u0000", "\u0007\u001b[31m", "\u202e\u202d\u200f", "😀👩‍⚖️", '"unbalanced', "'", "<@U1|x>", "<!channel>", "<!here|here>",
  "<#C1|general>", "<https://evil.example|click>", "&lt;&gt;&amp;", "\ud800", "\r\n\t", "nysd 1:23-cv-01234", "$1,000,000",
  "ACME-001", "x".repeat(600), "1:23-cv-".repeat(80), "%00%ZZ", "\\", "`code`",
];

let h: BotHarness;
let log: CapturedLog;
beforeAll(async () => {
  log = captureLog("info");
  h = await startBotHarness({ logger: log.logger });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

const text = fc
  .tuple(fc.constantFrom(...SUBCOMMANDS), fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "binary", maxLength: 40 })), { minLength: 0, maxLength: 3 }))
  .map(([sub, parts]) => `${sub} ${parts.join(" ")}`);

it("acks every subcommand within 3 s with hostile text, and answers in a plain sentence", async () => {
  // Each subcommand once with a long control-laden query (the case), then the fuzz.
  const fixed = SUBCOMMANDS.map((s) => `${s} ${"\u0001".repeat(3)}${"q".repeat(520)}`);
  const samples = [...fixed, ...fc.sample(text, { seed: 14, numRuns: 60 })];
  for (const [i, t] of samples.entries()) {
    const user = i % 2 === 0 ? ADMIN : MEMBER;
    const before = { seen: h.slack.state.ephemerals(user).length, calls: h.slack.calls.length };
    const d = await h.slack.sendCommand({ text: t, user, channel: ACME_CHANNEL });
    const what = `/docket ${JSON.stringify(t).slice(0, 80)}`;
    expect(d.status, what).toBe(200);
    expect(d.lateAck, what).toBe(false);
    expect(d.ackMs, what).toBeLessThan(3000);
    expect(d.uiError, what).toBeUndefined();
    if (typeof d.body === "object" && d.body !== null && "text" in d.body) {
      const said = String((d.body as { text: unknown }).text);
      expect(said.trim(), what).not.toBe("");
      expect(said, what).not.toMatch(/\n\s+at |TypeError|RangeError/);
    }
    // Something reaches the user: the ack's own sentence, a response, a post or a modal.
    const deadline = Date.now() + 5000;
    while (h.slack.state.ephemerals(user).length === before.seen && h.slack.calls.length === before.calls && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(h.slack.state.ephemerals(user).length > before.seen || h.slack.calls.length > before.calls, `${what}: no answer`).toBe(true);
  }
  // No command ended in an unhandled error (Bolt's own "unhandled" line, or a 500 from the receiver).
  const unhandled = log.lines().filter((l) => /unhandled|An unhandled error/i.test(String(l.msg)));
  expect(unhandled).toEqual([]);
}, 240_000);
