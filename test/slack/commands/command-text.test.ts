import { describe, expect, it } from "vitest";
import { commandText } from "../../../src/slack/commands/command-text.ts";
import { parseCommand } from "../../../src/slack/commands/grammar.ts";

describe("commandText: slash-command text as the user typed it", () => {
  it("decodes Slack's three escapes once", () => {
    expect(commandText('watch "AT&amp;T merger" weekly')).toBe('watch "AT&T merger" weekly');
    expect(commandText("pacer &lt;Acme&gt; type:civil")).toBe("pacer <Acme> type:civil");
    // What the user typed literally as "&lt;" arrives as "&amp;lt;" and must stay "&lt;".
    expect(commandText("search &amp;lt;b&amp;gt;")).toBe("search &lt;b&gt;");
  });

  it("keeps Slack's own link and mention forms as Slack wrote them", () => {
    const link = "<https://site.example/cases/X/1--23-cv-01234/?a=1&amp;b=2|the case>";
    expect(commandText(`case ${link}`)).toBe(`case ${link}`);
    expect(commandText("ask <@U0ANN|ann> &amp; <#C0ACME|acme> <!subteam^S1|@lit>")).toBe("ask <@U0ANN|ann> & <#C0ACME|acme> <!subteam^S1|@lit>");
  });

  it("feeds the grammar what the user meant", () => {
    const watch = parseCommand(commandText('watch "AT&amp;T merger" weekly'), { siteUrl: "https://site.example/" });
    expect(watch.ok && watch.command).toMatchObject({ kind: "watch", query: "AT&T merger" });
  });
});
