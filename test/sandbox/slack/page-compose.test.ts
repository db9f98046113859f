/**
 * The stand-in page's composer (sandbox/slack/page/compose.ts) sends what Slack's client sends: a
 * command's text with &, < and > escaped as Slack escapes them (the bot decodes them once, at its
 * edge: src/slack/commands/command-text.ts), a message's text escaped with its mentions encoded.
 */
import { describe, expect, it } from "vitest";
import { parseComposer } from "../../../sandbox/slack/page/compose.ts";
import { commandText } from "../../../src/slack/commands/command-text.ts";

const dir = { users: [{ id: "U0BOT", name: "docketbot" }], channels: [], commands: ["/docket"] };

describe("the composer", () => {
  it("escapes a command's &, < and > as Slack does, and the bot reads back what was typed", () => {
    const typed = `ask nysd 1:23-cv-01234 Did Acme & Globex agree on <anything> re "expert" discovery?`;
    const composed = parseComposer(`/docket ${typed}`, dir);
    expect(composed).toEqual({ kind: "command", command: "/docket", text: `ask nysd 1:23-cv-01234 Did Acme &amp; Globex agree on &lt;anything&gt; re "expert" discovery?` });
    expect(commandText(composed.kind === "command" ? composed.text : "")).toBe(typed);
  });

  it("escapes a message's text and encodes a member's mention", () => {
    const composed = parseComposer("@docketbot is there anything about R&D <costs>?", dir);
    expect(composed.kind === "message" ? composed.text : "").toBe("<@U0BOT> is there anything about R&amp;D &lt;costs&gt;?");
  });
});
