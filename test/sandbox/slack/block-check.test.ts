import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BLOCK_LIMITS, checkBlocks } from "../../../sandbox/slack/block-check.ts";
import { SlackFaults } from "../../../sandbox/slack/faults.ts";
import { SlackIds } from "../../../sandbox/slack/ids.ts";
import { slackSignatureHeaders } from "../../../sandbox/slack/signing.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

const text = (t: string, type = "mrkdwn") => ({ type, text: t });
const button = (extra: Record<string, unknown> = {}) => ({ type: "button", action_id: "a", text: text("Go", "plain_text"), ...extra });

describe("checkBlocks", () => {
  it("accepts the blocks the bot renders", () => {
    const blocks = [
      { type: "header", text: text("Acme v. Widgets", "plain_text") },
      { type: "section", text: text("*S.D.N.Y.*"), fields: [text("Filed"), text("2023-02-01")], accessory: button() },
      { type: "context", elements: [text("Cached · ref 7f3a"), { type: "image", image_url: "https://x.test/i.png", alt_text: "i" }] },
      { type: "divider" },
      {
        type: "actions", elements: [
          button({ style: "primary", confirm: { title: text("Sure?", "plain_text"), text: text("May incur fees"), confirm: text("Yes", "plain_text"), deny: text("No", "plain_text") } }),
          { type: "overflow", action_id: "o", options: [{ text: text("PDF", "plain_text"), value: "pdf" }] },
          { type: "static_select", action_id: "s", options: [{ text: text("Daily", "plain_text"), value: "daily" }] },
        ],
      },
      { type: "rich_text", elements: [{ type: "rich_text_section", elements: [{ type: "text", text: "hi" }] }] },
      { type: "markdown", text: "**bold**" },
    ];
    expect(checkBlocks(blocks, "message")).toEqual({ problems: [] });
  });

  it("names each problem with a json-pointer, as Slack does", () => {
    const check = checkBlocks([
      { type: "header", text: text("x".repeat(151), "plain_text") },
      { type: "header", text: text("mrkdwn is not allowed") },
      { type: "section" },
      { type: "actions", elements: [button({ style: "loud" }), { type: "teleporter" }] },
      { type: "section", block_id: "dup", text: text("a") },
      { type: "section", block_id: "dup", text: text("") },
    ], "message");
    expect(check.error).toBe("invalid_blocks");
    expect(check.problems).toEqual([
      "must be less than 151 characters [json-pointer:/blocks/0/text/text]",
      "must be one of plain_text [json-pointer:/blocks/1/text/type]",
      "must provide either text or fields [json-pointer:/blocks/2]",
      "must be one of primary, danger [json-pointer:/blocks/3/elements/0/style]",
      "unsupported element type: teleporter [json-pointer:/blocks/3/elements/1/type]",
      "duplicate block_id: dup [json-pointer:/blocks/5/block_id]",
      "must be more than 0 characters [json-pointer:/blocks/5/text/text]",
    ]);
  });

  it("limits the number of blocks per surface and the total block text of a message", () => {
    const dividers = (n: number) => Array.from({ length: n }, () => ({ type: "divider" }));
    expect(checkBlocks(dividers(50), "message").error).toBeUndefined();
    expect(checkBlocks(dividers(51), "message").error).toBe("invalid_blocks");
    expect(checkBlocks(dividers(100), "modal").error).toBeUndefined();
    const sections = (n: number, len: number) => Array.from({ length: n }, () => ({ type: "section", text: text("y".repeat(len)) }));
    expect(checkBlocks(sections(4, 3000), "message").error).toBeUndefined();
    expect(checkBlocks(sections(5, 2500), "message").error).toBe("msg_blocks_too_long");
    expect(checkBlocks(sections(5, 2500), "home").error).toBeUndefined();
    expect(BLOCK_LIMITS.messageBlockText).toBe(12_000);
    expect(checkBlocks("[]", "message").error).toBe("invalid_blocks_format");
  });
});

describe("ids, signing and faults", () => {
  it("message ts are Slack-shaped and strictly increasing on one clock second", async () => {
    const clock = new FakeClock(1_700_000_000_000);
    const ids = new SlackIds(clock);
    expect([ids.ts(), ids.ts()]).toEqual(["1700000000.000100", "1700000000.000200"]);
    await clock.advance(1000);
    expect(ids.ts()).toBe("1700000001.000100");
    expect(ids.next("F")).toBe("F0000001");
  });

  it("signature headers are v0 HMAC-SHA256 over v0:ts:body", () => {
    const h = slackSignatureHeaders("secret", 1_700_000_000, "a=b");
    expect(h["X-Slack-Request-Timestamp"]).toBe("1700000000");
    expect(h["X-Slack-Signature"]).toBe(`v0=${createHmac("sha256", "secret").update("v0:1700000000:a=b").digest("hex")}`);
  });

  it("faults are consumed in order, per method or '*', and per channel when asked", () => {
    const faults = new SlackFaults();
    faults.rateLimit("chat.postMessage", { channel: "C1", retryAfterSec: 2, times: 2 });
    faults.failNext("*", "fatal_error");
    expect(faults.take("chat.postMessage", { channel: "C2" })).toEqual({ kind: "error", error: "fatal_error" });
    expect(faults.take("chat.postMessage", { channel: "C1" })).toEqual({ kind: "ratelimited", retryAfterSec: 2 });
    expect(faults.take("chat.postMessage", { channel: "C1" })).toEqual({ kind: "ratelimited", retryAfterSec: 2 });
    expect(faults.take("chat.postMessage", { channel: "C1" })).toBeUndefined();
    faults.latency("*", 100);
    expect(faults.delayFor("views.open")).toBe(100);
    faults.clear();
    expect(faults.delayFor("views.open")).toBe(0);
  });
});
