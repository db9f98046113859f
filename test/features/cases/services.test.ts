/** The cases feature's Slack-free pieces: what a message names, which links unfurl, what a refresh added, which document a button means. */
import { describe, expect, it } from "vitest";
import { DocketEntry, DocketResponse } from "../../../src/docket/schemas/index.ts";
import { findDocument } from "../../../src/features/cases/document-target.ts";
import { newEntries } from "../../../src/features/cases/refresh-case.ts";
import { caseLinks } from "../../../src/features/cases/unfurl.ts";
import { surfaceOf } from "../../../src/features/cases/action-kit.ts";
import type { BlockAction } from "@slack/bolt";

const site = "https://dockets.example/";
const court = "New York Southern District Court";
const link = `${site}cases/New_York_Southern_District_Court/1--23-cv-01234/Acme/`;

describe("caseLinks (unfurls)", () => {
  it("keeps case links on the site's host only, at most five cases", () => {
    const others = Array.from({ length: 7 }, (_, i) => `${site}cases/New_York_Southern_District_Court/1--23-cv-0000${i + 1}/`);
    const got = caseLinks([link, "https://evil.example/cases/New_York_Southern_District_Court/1--23-cv-01234/", `${site}about/`, ...others], site);
    expect(got[0]).toEqual({ url: link, ref: { court, docket: "1:23-cv-01234" } });
    expect(got.map((g) => g.url)).not.toContain("https://evil.example/cases/New_York_Southern_District_Court/1--23-cv-01234/");
    expect(got).toHaveLength(5);
  });

  it("unfurls two links to one case (a case link and a document link) both", () => {
    const doc = `${site}cases/New_York_Southern_District_Court/1--23-cv-01234/docs/5.pdf`;
    expect(caseLinks([link, doc], site).map((g) => g.url)).toEqual([link, doc]);
  });
});

describe("newEntries", () => {
  const e = (number: string | undefined, date: string, contents: string) => DocketEntry.parse({ number, date, contents });
  it("is what the live pull added, repeats counted", () => {
    const before = [e("1", "1/1/2024", "COMPLAINT"), e(undefined, "1/2/2024", "Minute entry"), e(undefined, "1/2/2024", "Minute entry")];
    const added = [e("2", "3/1/2026", "ORDER"), e(undefined, "1/2/2024", "Minute entry")];
    expect(newEntries(before, [...before, ...added])).toEqual(added);
    expect(newEntries(before, before)).toEqual([]);
  });
});

describe("findDocument", () => {
  const model = {
    ...DocketResponse.parse({
      success: true,
      info: { title: "T" },
      docket_report: [
        { number: "12", date: "1/1/2024", contents: "ORDER", link: `${site}cases/x/docs/12.pdf` },
        { date: "1/2/2024", contents: "Unnumbered", link: `${site}cases/x/docs/abc.pdf` },
      ],
    }),
    court, docket: "1:23-cv-01234",
  };
  it("uses the entry's own link for a numbered entry, or builds the address when the docket lacks it", () => {
    expect(findDocument(model, { court, docket: "1:23-cv-01234", entry: "12" })).toMatchObject({ target: { url: `${site}cases/x/docs/12.pdf` }, label: "document #12" });
    expect(findDocument(model, { court, docket: "1:23-cv-01234", entry: "99" })).toMatchObject({ entry: undefined, target: { court, docket: "1:23-cv-01234", number: "99" } });
  });
  it("accepts a link only when the docket has it", () => {
    expect(findDocument(model, { court, docket: "d", doc: `${site}cases/x/docs/abc.pdf` })).toMatchObject({ label: "the document" });
    expect(findDocument(model, { court, docket: "d", doc: "https://evil.example/x.pdf" })).toBeUndefined();
    expect(findDocument(model, { court, docket: "d" })).toBeUndefined();
  });
});

describe("surfaceOf", () => {
  it("tells channel messages, ephemeral messages, threads and modals apart", () => {
    const body = (container: Record<string, unknown>) => ({ container }) as unknown as BlockAction;
    expect(surfaceOf(body({ type: "message", message_ts: "1.1", channel_id: "C1", is_ephemeral: false, thread_ts: "0.5" }))).toEqual({
      kind: "message", channelId: "C1", ts: "1.1", threadTs: "0.5", ephemeral: false,
    });
    expect(surfaceOf(body({ type: "message", message_ts: "1.1", channel_id: "C1", is_ephemeral: true }))).toMatchObject({ ephemeral: true, threadTs: undefined });
    expect(surfaceOf(body({ type: "view", view_id: "V1" }))).toEqual({ kind: "view", viewId: "V1" });
    expect(surfaceOf(body({}))).toEqual({ kind: "unknown" });
  });
});
