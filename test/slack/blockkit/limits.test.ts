import { describe, expect, it } from "vitest";
import { button, confirmDialog, context, fieldsSection, header, section } from "../../../src/slack/blockkit/blocks.ts";
import { SLACK_LIMITS, blockTextLength, checkMessageLimits, checkViewLimits } from "../../../src/slack/blockkit/limits.ts";
import { expectValidMessage, expectValidView, messageProblems, sharedValidator } from "../../helpers/blockkit.ts";

const text = (t: string, type = "mrkdwn") => ({ type, text: t });
const btn = (over: Record<string, unknown> = {}) => ({ type: "button", text: text("Go", "plain_text"), action_id: "go", ...over });
const msg = (blocks: unknown[], t = "fallback") => ({ text: t, blocks });

describe("SLACK_LIMITS", () => {
  it("holds Slack's documented numbers", () => {
    expect(SLACK_LIMITS).toMatchObject({
      sectionText: 3000,
      headerText: 150,
      contextText: 2000,
      contextElements: 10,
      sectionFields: 10,
      fieldText: 2000,
      buttonText: 75,
      actionId: 255,
      blockId: 255,
      buttonValue: 2000,
      actionsElements: 25,
      messageBlocks: 50,
      viewBlocks: 100,
      messageText: 40_000,
      messageBlockText: 12_000,
    });
  });
});

describe("checkMessageLimits", () => {
  it("accepts a good message", () => {
    const ok = msg([
      header("Acme v. Widget"),
      section("*#1* · 3/3/2026 — ORDER", button({ text: "Get PDF", actionId: "get_pdf:0", value: "{}" })),
      fieldsSection(["*Judge*\nA", "*Cause*\nB"]),
      context("a", "b"),
    ]);
    expect(checkMessageLimits(ok)).toEqual([]);
    expectValidMessage(ok);
  });

  const cases: Array<[string, ReturnType<typeof msg>, RegExp]> = [
    ["no text fallback", msg([], ""), /no plain text fallback/],
    ["text too long", msg([], "x".repeat(40_001)), /truncates past 40,000/],
    ["header too long", msg([{ type: "header", text: text("x".repeat(151), "plain_text") }]), /150/],
    ["header in mrkdwn", msg([{ type: "header", text: text("x") }]), /must be plain_text/],
    ["section text too long", msg([{ type: "section", text: text("x".repeat(3_001)) }]), /3,001 characters; Slack allows at most 3,000/],
    ["empty text", msg([{ type: "section", text: text("") }]), /empty text/],
    ["section without text", msg([{ type: "section" }]), /neither text nor fields/],
    ["11 fields", msg([{ type: "section", fields: Array.from({ length: 11 }, () => text("f")) }]), /11 fields/],
    ["field too long", msg([{ type: "section", fields: [text("x".repeat(2_001))] }]), /field 1 has 2,001/],
    ["11 context elements", msg([{ type: "context", elements: Array.from({ length: 11 }, () => text("c")) }]), /11 elements/],
    ["context text too long", msg([{ type: "context", elements: [text("x".repeat(2_001))] }]), /2,001 characters/],
    ["26 actions", msg([{ type: "actions", elements: Array.from({ length: 26 }, (_, i) => btn({ action_id: `a${i}` })) }]), /26 elements/],
    ["button label too long", msg([{ type: "actions", elements: [btn({ text: text("x".repeat(76), "plain_text") })] }]), /label has 76/],
    ["button value too long", msg([{ type: "actions", elements: [btn({ value: "x".repeat(2_001) })] }]), /value of 2,001/],
    ["action_id too long", msg([{ type: "actions", elements: [btn({ action_id: "a".repeat(256) })] }]), /action_id that is not 1 to 255/],
    ["duplicate action_id", msg([{ type: "actions", elements: [btn(), btn()] }]), /repeats action_id "go"/],
    ["duplicate action_id in two blocks without ids", msg([{ type: "actions", elements: [btn()] }, { type: "actions", elements: [btn()] }]), /repeats action_id "go"/],
    ["duplicate action_id in one block with an id", msg([{ type: "actions", block_id: "b1", elements: [btn(), btn()] }]), /repeats action_id "go"/],
    ["duplicate block_id", msg([{ type: "divider", block_id: "x" }, { type: "divider", block_id: "x" }]), /repeats block_id "x"/],
    ["confirm text too long", msg([{ type: "actions", elements: [btn({ confirm: { title: text("t", "plain_text"), text: text("x".repeat(301), "plain_text"), confirm: text("y", "plain_text"), deny: text("n", "plain_text") } })] }]), /confirm text has 301/],
    ["51 blocks", msg(Array.from({ length: 51 }, () => ({ type: "divider" }))), /51 blocks; Slack allows at most 50/],
    ["too much block text", msg(Array.from({ length: 5 }, () => ({ type: "section", text: text("x".repeat(2_500)) }))), /12,500 characters of block text.*msg_blocks_too_long/],
  ];

  it.each(cases)("names the problem: %s", (_name, payload, pattern) => {
    const problems = checkMessageLimits(payload);
    expect(problems.join("\n")).toMatch(pattern);
    for (const p of problems) expect(p).toMatch(/^[A-Z].*\.$/); // sentences
  });

  it("lets blocks with their own block_ids repeat an action_id (Slack: unique within its block)", () => {
    const ok = msg([{ type: "actions", block_id: "f:1", elements: [btn()] }, { type: "actions", block_id: "f:2", elements: [btn()] }]);
    expect(checkMessageLimits(ok)).toEqual([]);
  });

  it("counts block text across every text object, not values or ids", () => {
    const blocks = [
      header("abc"),
      section("12345", button({ text: "Get", actionId: "x".repeat(100), value: "v".repeat(500) })),
      context("xy"),
    ];
    expect(blockTextLength(blocks)).toBe(3 + 5 + 3 + 2);
  });
});

describe("builders keep within limits", () => {
  it("cut header, section, field, context, button and confirm text at word boundaries", () => {
    const words = "word ".repeat(1_000);
    const blocks = [
      header(words),
      section(words),
      fieldsSection([words, ...Array.from({ length: 12 }, () => "f")]),
      context(...Array.from({ length: 12 }, () => words)),
      { type: "actions" as const, elements: [button({ text: words, actionId: "a", confirm: confirmDialog({ title: words, text: words, confirm: words, deny: words }) })] },
    ];
    expect(checkMessageLimits({ text: "t", blocks }).filter((p) => !/block text/.test(p))).toEqual([]);
    expect(blocks[0]).toMatchObject({ text: { text: expect.stringMatching(/^(word ){29}word…$/) } });
  });

  it("never emits an empty text object", () => {
    expect(section("  ").text?.text).toBe("—");
    expect(header("").text.text).toBe("—");
    // Every kind of blank JavaScript trims, and text that starts with a printable character kept as it is.
    for (const blank of ["\u00a0", "\n\t ", "\u2003\ufeff", "\u3000"]) expect(section(blank).text?.text).toBe("—");
    for (const kept of ["x", "*#1* · 3/3/2026", "~", "!  ", " a", "\u00a0b"]) expect(section(kept).text?.text).toBe(kept);
  });
});

describe("checkViewLimits", () => {
  const view = { type: "modal", title: text("Parties", "plain_text"), blocks: [section("x")] };

  it("accepts a good modal and Home view", () => {
    expect(checkViewLimits(view)).toEqual([]);
    expectValidView(view);
    expectValidView({ type: "home", blocks: [section("x")] });
  });

  it("names a long title, too many blocks and oversized metadata", () => {
    const bad = checkViewLimits({
      type: "modal",
      title: text("x".repeat(25), "plain_text"),
      blocks: Array.from({ length: 101 }, () => ({ type: "divider" })),
      private_metadata: "m".repeat(3_001),
      callback_id: "c".repeat(256),
    }).join("\n");
    expect(bad).toMatch(/title has 25 characters/);
    expect(bad).toMatch(/101 blocks; Slack allows at most 100/);
    expect(bad).toMatch(/private_metadata of 3,001/);
    expect(bad).toMatch(/callback_id/);
  });
});

describe("the test helper", () => {
  it.skipIf(!sharedValidator)("runs the shared schema validator too (it catches what our limits do not model)", () => {
    const problems = messageProblems({ text: "t", blocks: [{ type: "section", text: { type: "mrkdwn", text: "x" }, colour: "red" }] });
    expect(problems.some((p) => p.startsWith("schema "))).toBe(true);
    expect(() => expectValidMessage({ text: "t", blocks: [{ type: "sektion" }] })).toThrow(/not valid Block Kit/);
  });

  it("fails with every problem, one per line", () => {
    expect(() => expectValidMessage({ text: "", blocks: [{ type: "header", text: { type: "plain_text", text: "x".repeat(200) } }] })).toThrow(
      /no plain text fallback[\s\S]*\n {2}- Block 1 \(header\) has 200 characters/,
    );
  });
});
