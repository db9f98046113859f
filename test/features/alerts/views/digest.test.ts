import { describe, expect, it } from "vitest";
import { renderDigest, type DigestFiling, type DigestModel } from "../../../../src/features/alerts/views/digest.ts";
import type { SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://www.courtlistener.com/";
const SINCE = Date.UTC(2026, 10, 22, 14, 0);
const UNTIL = Date.UTC(2026, 10, 23, 14, 0);
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc" };
const BETA = { court: "ded", docket: "1:24-cv-00077", caseTitle: "Beta LLC v. Gamma Co" };

let at = SINCE;
function f(n: number, extra: Partial<DigestFiling> = {}): DigestFiling {
  at += 60_000;
  return {
    ...ACME, entryNumber: String(n), entryDate: "2026-11-22", level: "notable", kind: "Motion",
    summary: `MOTION number ${n} to compel discovery`, link: `${siteUrl}docket/1/${n}/acme/`, shown: "channel", createdAt: at, ...extra,
  };
}

const model = (filings: DigestFiling[], period: DigestModel["period"] = "daily"): DigestModel => ({ period, since: SINCE, until: UNTIL, filings });
const texts = (blocks: { type: string }[]) => blocks.filter((b): b is SectionBlock => b.type === "section").map((b) => b.text!.text);

const ordinary = () => [
  f(40, { level: "routine", kind: "Notice of appearance", summary: "NOTICE of Appearance by Jane Roe" }),
  f(3, { ...BETA, level: "notable", kind: "Brief" }),
  f(41),
  f(42, { level: "urgent", kind: "Order", summary: "ORDER granting 30 Motion to Dismiss", docketedBy: "U1" }),
  f(43, { level: "routine", kind: "Pro hac vice", summary: "MOTION for Leave to Appear Pro Hac Vice" }),
  f(4, { ...BETA, level: "routine", kind: "Certificate of service", entryNumber: undefined }),
];

describe("digest view", () => {
  it("groups by case, urgent cases and filings first, routine folded, with the count not yet docketed", () => {
    const msg = renderDigest(model(ordinary()), { siteUrl });
    expectValidMessage(msg);
    const [head, acme, beta] = texts(msg.blocks);
    expect(head).toMatch(new RegExp(`^\\*Daily digest\\* · 6 filings in 2 cases since <!date\\^${SINCE / 1000}\\^`));
    expect(head).toContain(":warning: *2 not yet docketed*");
    expect(acme!.split("\n")).toEqual([
      expect.stringContaining("Acme Corp v. Widget Inc"),
      expect.stringMatching(/^• <https:\/\/www\.courtlistener\.com\/docket\/1\/42\/acme\/\|\*#42\*> · 11\/22\/2026 · Order — ORDER granting 30 Motion to Dismiss {2}✓ Docketed$/),
      expect.stringMatching(/^• <[^|]+\|\*#41\*> · 11\/22\/2026 · Motion — MOTION number 41/),
      "+2 routine filings: #40, #43",
    ]);
    expect(beta!.split("\n").slice(1)).toEqual([expect.stringMatching(/\*#3\*> · 11\/22\/2026 · Brief/), "+1 routine filing"]);
    expect(msg.text).toBe("Daily digest: 6 filings in 2 cases, 2 not yet docketed (first: Order in Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234)");
  });

  it("an empty period says so (what /docket digest shows; the scheduler posts nothing)", () => {
    const msg = renderDigest(model([], "current"), { siteUrl });
    expectValidMessage(msg);
    expect(texts(msg.blocks)).toEqual([expect.stringMatching(/^\*Digest so far\* · No new filings since <!date\^\d+\^/)]);
    expect(msg.text).toBe("Digest so far: no new filings");
  });

  it("everything docketed reads as such; a snoozed case's filings are marked", () => {
    const msg = renderDigest(model([f(1, { docketedBy: "U1", shown: "muted" }), f(2, { level: "routine" })], "weekly"), { siteUrl });
    expectValidMessage(msg);
    expect(texts(msg.blocks)[0]).toContain("Every significant filing is docketed ✓");
    expect(texts(msg.blocks)[1]).toContain("✓ Docketed · _snoozed_");
    expect(msg.text).toMatch(/^Weekly digest: 2 filings in 1 case \(first: Motion in /);
  });

  it("defuses hostile service text: mentions, foreign links, markup", () => {
    const hostile = f(1, {
      caseTitle: "<!channel> v. <@U123> *bold*", kind: "<!here>`Order`", summary: "Click <https://evil.example|here> @everyone <!subteam^S1>",
      link: "https://evil.example/x", entryNumber: "1|<https://evil.example|x>", entryDate: "<!everyone>", docket: "1:23-cv-1 <!here>",
    });
    const msg = renderDigest(model([hostile, f(2, { ...hostile, level: "routine" })]), { siteUrl });
    expectValidMessage(msg);
    const json = JSON.stringify(msg);
    for (const bad of ["<!channel>", "<!here>", "<!everyone>", "<@U123>", "evil.example", "<!subteam"]) expect(json).not.toContain(bad);
    expect(msg.text).not.toMatch(/<|@(here|channel|everyone)\b/);
  });

  it("stays one valid message when long: cases past the budget are counted, a long case is cut", () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      f(i, { docket: `1:26-cv-${String(i % 80).padStart(5, "0")}`, caseTitle: `Plaintiff ${i % 80} v. Defendant ${"and others ".repeat(6)}`, summary: "MOTION ".repeat(60), level: i % 7 === 0 ? "urgent" : i % 3 === 0 ? "routine" : "notable" }),
    );
    const msg = renderDigest(model(many), { siteUrl });
    expectValidMessage(msg);
    const all = texts(msg.blocks);
    expect(all.at(-1)).toMatch(/^…and [\d,]+ more filings in \d+ more cases\. Each case's thread has them all\.$/);
    const one = renderDigest(model(Array.from({ length: 60 }, (_, i) => f(i, { summary: "ORDER ".repeat(60), level: "urgent" }))), { siteUrl });
    expectValidMessage(one);
    expect(texts(one.blocks)[1]).toMatch(/…and \d+ more significant filings in this case$/);
  });
});

describe("digest goldens", () => {
  it("an ordinary daily digest", async () => {
    const msg = renderDigest(model(ordinary()), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/digest-daily");
  });

  it("the digest so far, empty", async () => {
    const msg = renderDigest(model([], "current"), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/digest-empty");
  });

  it("a long weekly digest, counted past the budget", async () => {
    const many = Array.from({ length: 90 }, (_, i) =>
      f(i, { docket: `1:26-cv-${String(i % 30).padStart(5, "0")}`, caseTitle: `Plaintiff ${i % 30} v. Defendant`, summary: `MOTION ${i} ${"to compel ".repeat(12)}`, level: i % 5 === 0 ? "urgent" : "notable" }),
    );
    const msg = renderDigest(model(many, "weekly"), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/digest-long");
  });
});
