import { describe, expect, it } from "vitest";
import { siteHref, siteLink, toMrkdwn, toMrkdwnLine, toPlainText } from "../../../src/slack/blockkit/sanitize.ts";

const ctx = { siteUrl: "https://site.example/" };
const md = (s: string) => toMrkdwn(s, ctx);
const ZWJ = "\u200D";

/** Every `<` in mrkdwn output must open one of our own links to the site. */
function expectOnlySiteLinks(out: string): void {
  const sequences = out.match(/<[^>]*>?/g) ?? [];
  for (const s of sequences) expect(s).toMatch(/^<https:\/\/(www\.)?site\.example\/[^|<>\s]*\|[^|<>]+>$/);
}

describe("toMrkdwn: entities", () => {
  it("decodes named, decimal and hex references once, then escapes & < >", () => {
    expect(md("AT&amp;T &sect; 1983 &#167; &#xA7; &quot;q&quot; &#39;s &rsquo; &hellip;")).toBe(
      "AT&amp;T § 1983 § § \"q\" 's ’ …",
    );
    expect(md("a&nbsp;&nbsp;b")).toBe("a b");
    expect(md("&lt;b&gt;not bold&lt;/b&gt;")).toBe("&lt;b&gt;not bold&lt;/b&gt;");
    expect(md("&amp;lt;")).toBe("&amp;lt;"); // decoded once: the text is "&lt;", shown as such
  });

  it("keeps unknown or malformed references as text", () => {
    expect(md("&bogus; &#; &#x110000; fish & chips")).toBe("&amp;bogus; &amp;#; \uFFFD fish &amp; chips");
  });

  it("is idempotent on escaped text: output read again gives the same output", () => {
    for (const s of ["a & b < c > d", "AT&amp;T", "§ 1983 — “quoted”", "BOND SET AT 15003.00"]) {
      expect(md(md(s))).toBe(md(s));
    }
  });
});

describe("toMrkdwn: links", () => {
  it("keeps links to the site, absolute or relative, as <url|label>", () => {
    expect(md('See <a href="/cases/X/1--23-cv-1/T/">the order</a>.')).toBe(
      "See <https://site.example/cases/X/1--23-cv-1/T/|the order>.",
    );
    expect(md("<a href='https://site.example/cases/a/docs/5.pdf'>Doc 5</a>")).toBe(
      "<https://site.example/cases/a/docs/5.pdf|Doc 5>",
    );
    expect(md('<a href="https://www.site.example/x">x</a>')).toBe("<https://www.site.example/x|x>");
    expect(md("<a href=/cases/y>y</a>")).toBe("<https://site.example/cases/y|y>");
  });

  it("drops every other link but keeps its text", () => {
    const hostile = [
      '<a href="https://evil.example/phish">click</a>',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt&#58;alert(1)">click</a>',
      '<a href="java\nscript:alert(1)">click</a>',
      '<a href="data:text/html,x">click</a>',
      '<a href="//evil.example/x">click</a>',
      '<a href="/\\evil.example/x">click</a>',
      '<a href="http://site.example/x">click</a>', // another scheme is another origin
      '<a href="https://site.example:8443/x">click</a>',
      '<a href="https://site.example@evil.example/">click</a>',
      '<a href="https://site.example.evil.example/">click</a>',
      '<a href="https://evil.example/?next=https://site.example/">click</a>',
      "<a>click</a>",
    ];
    for (const h of hostile) expect(md(h), h).toBe("click");
  });

  it("keeps the link text's spacing when a link is dropped or kept", () => {
    expect(md('see<a href="https://evil.example"> here </a>now')).toBe("see here now");
    expect(md('see<a href="/x"> here </a>now')).toBe("see <https://site.example/x|here> now");
  });

  it("lets no | or > in a label or URL break out of the link", () => {
    const out = md('<a href="/x|y z?a=1&amp;b=<2>">a|b &gt; c</a> tail');
    expect(out).toBe("<https://site.example/x%7Cy%20z?a=1&amp;b=%3C2%3E|a｜b &gt; c> tail");
    expectOnlySiteLinks(out);
    expect(siteLink("/p", "x|y", ctx)).toBe("<https://site.example/p|x｜y>");
  });

  it("drops formatting inside labels and empty links", () => {
    expect(md('<a href="/x"><b>bold</b> label</a>')).toBe("<https://site.example/x|bold label>");
    expect(md('<a href="/x"></a>after')).toBe("after");
  });

  it("reads quoted attribute values containing > and falls back on unclosed quotes", () => {
    expect(md('<a title="a>b" href="/x">label</a>')).toBe("<https://site.example/x|label>");
    expect(md("<a title='x' href=\"/y\">label</a>")).toBe("<https://site.example/y|label>");
    expect(md('<a href="/z>label</a> after')).toBe("<https://site.example/z|label> after");
    expect(md('<b x=">">bold</b>')).toBe("*bold*");
  });

  it("closes an unclosed link, and a new <a> closes the previous one", () => {
    expect(md('<a href="/a">one <a href="/b">two')).toBe("<https://site.example/a|one> <https://site.example/b|two>");
  });

  it("resolves hrefs only against an http(s) site", () => {
    expect(siteHref("/x", { siteUrl: "not a url" })).toBeUndefined();
    expect(siteHref("/x", { siteUrl: "ftp://site.example/" })).toBeUndefined();
    expect(siteHref("docs/1.pdf", { siteUrl: "https://site.example/base/" })).toBe("https://site.example/base/docs/1.pdf");
  });
});

describe("toMrkdwn: mentions are defused in every form", () => {
  const forms = ["<!channel>", "<!here>", "<!everyone>", "<!subteam^S0123|@lawyers>", "<@U12345>", "<@U12345|bob>", "<#C123|general>", "<!date^1^{date}|x>"];

  it.each(forms)("%s cannot form a control sequence", (form) => {
    const out = md(`Notice ${form} filed`);
    expect(out).not.toContain("<");
    expect(out).toContain("&lt;");
  });

  it.each(forms)("%s inside a label or a tag attribute stays inert", (form) => {
    const out = md(`<a href="/x">${form}</a><b title="${form}">t</b>`);
    expectOnlySiteLinks(out);
    expect(out.replace(/^<https:\/\/site\.example\/x\|/, "")).not.toMatch(/<[!@#]/);
  });

  it("adds a zero-width joiner to bare @channel, @here and @everyone", () => {
    expect(md("cc @channel @here @everyone @HERE")).toBe(`cc @${ZWJ}channel @${ZWJ}here @${ZWJ}everyone @${ZWJ}HERE`);
    expect(md("@channels @hereby @someone")).toBe("@channels @hereby @someone");
    expect(md("@<b>here</b>")).not.toMatch(/@here/);
  });
});

describe("toMrkdwn: formatting", () => {
  it("turns <b>/<strong> into *…* and <i>/<em> into _…_, spaces outside the markers", () => {
    expect(md("<b>ORDER</b> granting <strong> motion </strong> <i>sua sponte</i> <em>x</em>")).toBe(
      "*ORDER* granting *motion* _sua sponte_ _x_",
    );
  });

  it("handles nesting, stray closers and unclosed tags", () => {
    expect(md("<b><i>both</i></b>")).toBe("*_both_*");
    expect(md("<b>a <b>b</b> c</b>")).toBe("*a b c*");
    expect(md("stray</b> close</i>")).toBe("stray close");
    expect(md("<b>unclosed")).toBe("*unclosed*");
    expect(md("<b>bold <i>both</b> italic</i>")).toBe("*bold _both_* italic");
    expect(md("<b>multi<br>line</b>")).toBe("*multi*\n*line*");
    expect(md("<b> </b>x")).toBe("x");
  });

  it("maps <br>, <p>, <div> and <li> to line breaks and bullets, collapsing whitespace", () => {
    expect(md("one<br/>two<br />three")).toBe("one\ntwo\nthree");
    expect(md("<p>one</p><p>two</p>")).toBe("one\n\ntwo");
    expect(md("<div>a</div><div>b</div>")).toBe("a\n\nb");
    expect(md("Items:<ul><li>a</li><li>b</li></ul>end")).toBe("Items:\n\n• a\n• b\nend");
    expect(md("  a \n\t b  <br>  c  ")).toBe("a b\nc");
    expect(md("<p></p><p></p><p>x</p><br><br><br>y")).toBe("x\n\ny");
  });

  it("drops other tags, and script, style and comments with their content", () => {
    expect(md("<span class='description'>BOND SET</span> entered <font color=red>01/08/2007</font>.")).toBe(
      "BOND SET entered 01/08/2007.",
    );
    expect(md("<script>alert('<b>x</b>')</script>ok")).toBe("ok");
    expect(md('<SCRIPT type="x">alert(1)</SCRIPT >ok')).toBe("ok");
    expect(md("<style>p { color: red }</style>ok<!-- <b>hidden</b> -->!")).toBe("ok!");
    expect(md("before<script>never closed <b>x</b>")).toBe("before");
    expect(md("before<!-- never closed")).toBe("before");
    expect(md("<!DOCTYPE html><html><body>x</body></html>")).toBe("x");
    expect(md("<grammarly-desktop-integration data-x='1'></grammarly-desktop-integration>text")).toBe("text");
  });

  it("shows text that only looks like markup", () => {
    expect(md("a < b and c > d")).toBe("a &lt; b and c &gt; d");
    expect(md("<<>>")).toBe("&lt;&lt;&gt;&gt;");
    expect(md("x <b unclosed tag")).toBe("x &lt;b unclosed tag");
  });

  // Decision (sanitize.ts): service text never formats; look-alikes keep it readable.
  it("neutralises mrkdwn markers from the service: no code fence can swallow the message", () => {
    const out = md("```\nsecret fence``` *star* _under_ ~strike~ `tick` snake_case __init__ a_b_c");
    expect(out).not.toMatch(/[`*~]/);
    expect(out).toContain("snake_case");
    expect(out).toContain("a_b_c");
    expect(out).toBe("ˋˋˋ secret fenceˋˋˋ ∗star∗ ＿under＿ ∼strike∼ ˋtickˋ snake_case ＿＿init＿＿ a_b_c");
  });

  it("removes control and bidi override characters", () => {
    expect(md("doc\u202Efdp.exe\u0007 x\u0000y")).toBe("docfdp.exe xy");
  });

  it("removes zero-width and invisible format characters, in mrkdwn and plain text alike", () => {
    const hidden = "1:23-cv-\u200B01234 \u2060Order\uFEFF \u200Cgran\u00ADted\u200D \u200Eby\u200F \u180EJudge\u2061 \u034FX\u061C";
    expect(md(hidden)).toBe("1:23-cv-01234 Order granted by Judge X");
    expect(toPlainText(hidden)).toBe("1:23-cv-01234 Order granted by Judge X");
    expect(toMrkdwnLine(hidden)).toBe("1:23-cv-01234 Order granted by Judge X");
  });

  it("still defuses a mention written with zero-width characters inside it", () => {
    // "@\u200Bhere" would read as @here once the invisible character is gone: the joiner we add goes after.
    expect(md("ping @\u200Bhere now")).toBe("ping @\u200Dhere now");
    expect(toPlainText("ping @\u2060channel")).toBe("ping @\u200Dchannel");
  });
});

describe("toMrkdwn: hostile and huge input", () => {
  it("renders the hostile samples safely", () => {
    expect(md("<!channel> Holdings LLC")).toBe("&lt;!channel&gt; Holdings LLC");
    const entry = md("Letter to @here re <@U12345> and <a href=\"https://evil.example/phish\">click</a>");
    expect(entry).toBe(`Letter to @${ZWJ}here re &lt;@U12345&gt; and click`);
    expect(entry).not.toContain("evil.example");
  });

  it("handles 1 MB of pathological markup in one pass", () => {
    const inputs = [
      "<b>".repeat(100_000) + "x".repeat(200_000) + "</i>".repeat(50_000),
      "<a href='".repeat(120_000),
      "<".repeat(1_000_000),
      "<td>".repeat(250_000),
      "<script>".repeat(120_000),
      "&amp;".repeat(200_000),
      `<a ${'href="'.repeat(170_000)}>`,
      " ".repeat(500_000) + "x" + "\n".repeat(500_000),
      '<a href="/x">l</a>'.repeat(50_000),
      '<a x=">" y="'.repeat(80_000),
      '<a href="'.repeat(10) + "<b>".repeat(300_000),
    ];
    for (const input of inputs) {
      const out = md(input);
      expect(typeof out).toBe("string");
      expectOnlySiteLinks(out);
      expect(toPlainText(input)).not.toContain("<");
    }
  });
});

describe("toPlainText", () => {
  it("decodes, strips tags, collapses whitespace, keeps & as is", () => {
    expect(toPlainText("<b>Acme</b> &amp; Co<br>Inc &nbsp; &sect;1")).toBe("Acme & Co Inc §1");
    expect(toPlainText("<p>one</p><p>two</p><script>x</script>")).toBe("one two");
  });

  it("defuses mentions and control sequences for the mrkdwn-parsed text fallback", () => {
    const out = toPlainText("<!channel> Holdings LLC @here &lt;@U12345&gt; &lt;http://evil.example|x&gt; <http://evil.example|y>");
    // The last one looks like an HTML tag (`<` then a letter), so it is stripped as one.
    expect(out).toBe(`‹!channel> Holdings LLC @${ZWJ}here ‹@U12345> ‹http://evil.example|x>`);
    expect(out).not.toContain("<");
  });

  it("cuts at a word boundary with …", () => {
    expect(toPlainText("Acme Corporation versus Widget Incorporated", 20)).toBe("Acme Corporation…");
    expect(toPlainText("short", 20)).toBe("short");
  });
});

describe("toMrkdwnLine", () => {
  it("is one escaped line without links or formatting, safe inside a label", () => {
    expect(toMrkdwnLine("<b>Acme</b> | <a href='/x'>Co</a>\n&amp; *Sons*")).toBe("Acme ｜ Co &amp; ∗Sons∗");
  });

  it("bounds the escaped length without breaking an escape", () => {
    const out = toMrkdwnLine("Smith & Wesson & Co & Others", 18);
    expect(out.length).toBeLessThanOrEqual(18);
    expect(out).toBe("Smith &amp;…");
  });
});
