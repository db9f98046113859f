/** The one reader of case references in Slack text and messages (docket_lookup, docket_ask and mentions use it). */
import { describe, expect, it } from "vitest";
import { caseRefsInMessage, caseRefsInText, messagePieces } from "../../src/slack/message-refs.ts";

const site = "https://dockets.example/";
const court = "New York Southern District Court";

// From the cases feature's tests (the docket_lookup shortcut).
describe("caseRefsInMessage", () => {
  it("reads the text, rich-text links and link previews, first mention first, without repeats", () => {
    const message = {
      text: "Has S.D.N.Y. No. 1:23-cv-01234 moved? Also nysd 1:23-cv-1234.",
      blocks: [{ type: "rich_text", elements: [{ type: "rich_text_section", elements: [{ type: "link", url: `${site}cases/Delaware_District_Court/1--24-cv-00077/` }] }] }],
      attachments: [{ from_url: `${site}cases/Texas_Eastern_District_Court/2--22-cv-00100/X/`, title: "ignored words" }],
    };
    expect(caseRefsInMessage(message, site)).toEqual([
      { court, docket: "1:23-cv-01234" },
      { court: "Delaware District Court", docket: "1:24-cv-00077" },
      { court: "Texas Eastern District Court", docket: "2:22-cv-00100" },
    ]);
  });

  it("trusts only the service's site for links, and never pairs words across pieces", () => {
    expect(caseRefsInMessage({ text: "see https://evil.example/cases/New_York_Southern_District_Court/1--23-cv-01234/" }, site)).toEqual([]);
    expect(caseRefsInMessage({ text: "S.D.N.Y.", attachments: [{ text: "1:23-cv-01234" }] }, site)).toEqual([]);
    expect(caseRefsInMessage(undefined, site)).toEqual([]);
    expect(messagePieces({ text: "a", attachments: ["x", null, { fallback: "b" }] })).toEqual(["a", "b"]);
  });
});

describe("caseRefsInMessage, text first (docket_track)", () => {
  it("reads only the text when it names a case, and the rest when it names none", () => {
    const view = { text: "Acme v. Globex", blocks: [{ type: "section", text: { type: "mrkdwn", text: `<${site}cases/Delaware_District_Court/1--24-cv-00077/|Acme>` } }] };
    expect(caseRefsInMessage(view, site, { textFirst: true })).toEqual([{ court: "Delaware District Court", docket: "1:24-cv-00077" }]);
    expect(caseRefsInMessage({ ...view, text: "nysd 1:23-cv-01234" }, site, { textFirst: true })).toEqual([{ court, docket: "1:23-cv-01234" }]);
    expect(caseRefsInMessage({ ...view, text: "nysd 1:23-cv-01234" }, site)).toEqual([{ court, docket: "1:23-cv-01234" }, { court: "Delaware District Court", docket: "1:24-cv-00077" }]);
  });
});

// From the Q&A feature's tests (the docket_ask shortcut).
describe("caseRefsInMessage, for a question", () => {
  const siteUrl = "https://site.example/";
  const FLAGSHIP = { court: "New York Southern District Court", docket: "1:23-cv-01234" };

  it("finds a case in a message's blocks (a case view's link) when its text names none", () => {
    const message = {
      text: "Acme Widgets, Inc. v. Globex Corporation",
      blocks: [{ type: "context", elements: [{ type: "mrkdwn", text: "*<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme/|Acme>* · S.D.N.Y." }] }],
    };
    expect(caseRefsInMessage(message, siteUrl)).toEqual([FLAGSHIP]);
    expect(caseRefsInMessage({ text: "nothing here" }, siteUrl)).toEqual([]);
  });

  it("finds cases in questions, question marks and links included", () => {
    expect(caseRefsInText("any news in nysd 1:23-cv-01234?", siteUrl)).toEqual([FLAGSHIP]);
    expect(caseRefsInText("see <https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme/|this>!", siteUrl)).toEqual([FLAGSHIP]);
    expect(caseRefsInText("see <https://evil.example/cases/New_York_Southern_District_Court/1--23-cv-01234/>", siteUrl)).toEqual([]);
    expect(caseRefsInText("lunch on 3/4/2026?", siteUrl)).toEqual([]);
  });

  it("reads a question's docket number with its question mark", () => {
    expect(caseRefsInMessage({ text: "any news in nysd 1:23-cv-01234?" }, siteUrl)).toEqual([FLAGSHIP]);
  });
});
