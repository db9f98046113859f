/**
 * Issue 25 item 1: a follow-up asked with the "Ask a follow-up" button shows in the thread under
 * its asker's name, and the form is titled as a follow-up and names the case by its title.
 */
import { describe, expect, it } from "vitest";
import { renderAskModal } from "../../../../src/features/qa/views/ask-modal.ts";
import { renderFollowUpQuestion } from "../../../../src/features/qa/views/follow-up-question.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const acme = { court: "New York Southern District Court", docket: "1:23-cv-01234" };

describe("the follow-up question in the thread", () => {
  it("names its asker and quotes the question; valid", async () => {
    const msg = renderFollowUpQuestion({ askedBy: "U0ANN", question: "When are expert reports due?\nAnd rebuttal?" });
    expectValidMessage(msg);
    expect(msg.text).toBe("Follow-up: When are expert reports due? And rebuttal?");
    expect(JSON.stringify(msg.blocks)).toContain(":speech_balloon: *<@U0ANN> asks a follow-up*\\n> When are expert reports due?\\n> And rebuttal?");
    await expectGoldens(msg, "./__goldens__/follow-up-question");
  });

  it("defuses a hostile question and a forged asker", () => {
    const msg = renderFollowUpQuestion({ askedBy: "<!channel>", question: "<!here> *x* <https://evil.example|click> <@U0BOSS>" + "y".repeat(5_000) });
    expectValidMessage(msg);
    const all = JSON.stringify(msg);
    // Shown as typed, never live: no mention, no link (a `<` is written as an entity).
    expect(all).not.toMatch(/<!here>|<!channel>|<@U0BOSS>|<https?:\/\/evil/);
    expect(all).toContain("*someone asks a follow-up*");
  });
});

describe("the Ask a follow-up form", () => {
  it("is titled as a follow-up and names the case by its title, court and number", async () => {
    const view = renderAskModal({ case: acme, title: "Acme Corp v. Widget Inc", followUp: true, privateMetadata: "{}", clientMatter: "ACME-001" }, { siteUrl });
    expectValidView(view as unknown as Record<string, unknown>);
    expect(view.title.text).toBe("Ask a follow-up");
    expect(JSON.stringify(view.blocks[0])).toContain("*Follow-up about* *<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234");
    await expectGoldens({ text: "ask a follow-up", blocks: view.blocks as never }, "./__goldens__/ask-modal-follow-up");
  });
  it("a hostile title is defused in the form", () => {
    const view = renderAskModal({ case: acme, title: "<!channel> v. <@U1>", followUp: true, privateMetadata: "{}" }, { siteUrl });
    expectValidView(view as unknown as Record<string, unknown>);
    expect(JSON.stringify(view.blocks)).not.toMatch(/<!channel>|<@U1>/);
  });
});
