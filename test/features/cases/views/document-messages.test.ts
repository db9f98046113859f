import { describe, expect, it } from "vitest";
import { DocketEntry } from "../../../../src/docket/schemas/index.ts";
import type { ButtonElement } from "../../../../src/slack/blockkit/blocks.ts";
import {
  documentComment, documentLabel, liveDocumentConfirmText, renderDocumentDelivered, renderDocumentDmRoot, renderDocumentFetching, renderNotCached,
} from "../../../../src/features/cases/views/document-messages.ts";
import { decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { ZWJ, court, docket, siteUrl } from "./cases-fixtures.ts";

const fees = { perPage: 0.1, documentCap: 3 };
const target = { title: "Acme Corp v. Widget Inc", court, docket };

describe("document messages", () => {
  it("label documents by number", () => {
    expect(documentLabel("12")).toBe("document #12");
    expect(documentLabel(undefined)).toBe("the document");
  });

  it("show progress with the page-facing-up mark, saying where the file will go", () => {
    const m = renderDocumentFetching("document #12", { court, docket });
    expectValidMessage(m);
    expect(m.text).toBe("Fetching document #12 of 1:23-cv-01234 in S.D.N.Y.…");
    expect(JSON.stringify(m.blocks)).toContain(":page_facing_up: Fetching");
    const live = renderDocumentFetching("document #12", { court, docket }, true);
    expect(live.text).toBe("Getting document #12 of 1:23-cv-01234 in S.D.N.Y. from the court; this can take a minute.");
  });

  it("offer live retrieval behind a confirm dialog naming PACER's fees and the matter", () => {
    const value = { court, docket, entry: "12", thread: "1700000000.000100" };
    const m = renderNotCached({ target, label: "document #12", value, clientMatter: "ACME-001", testMode: false, fees }, siteUrl);
    expectValidMessage(m);
    const actions = m.blocks.find((b) => b.type === "actions")!;
    const b = (actions as { elements: ButtonElement[] }).elements[0]!;
    expect(b.action_id).toBe("get_pdf_live");
    expect(b.text.text).toBe("Get it from the court");
    expect(decodeValue(b.value)).toEqual(value);
    expect(b.confirm!.text.text).toBe(
      "Getting document #12 from the court may incur court fees (PACER: $0.10 a page, up to $3.00 a document), charged to matter ACME-001. Continue?",
    );
  });

  it("say test mode means no charges, and name no PACER fees outside federal courts", () => {
    expect(liveDocumentConfirmText({ target, label: "document #3", clientMatter: "M", testMode: true, fees })).toBe(
      "Test mode: no charges. Outside test mode, getting document #3 from the court may incur court fees (PACER: $0.10 a page, up to $3.00 a document). Continue?",
    );
    const state = { ...target, court: "Florida State, Duval County, Fourth Circuit Court" };
    expect(liveDocumentConfirmText({ target: state, label: "the document", testMode: false, fees })).toBe("Getting the document from the court may incur court fees. Continue?");
  });

  it("offer no button when the value can't be carried", () => {
    const m = renderNotCached({ target, label: "the document", value: { court, docket, doc: "x".repeat(1_600) }, testMode: false, fees }, siteUrl);
    expectValidMessage(m);
    expect(m.blocks.some((b) => b.type === "actions")).toBe(false);
  });

  it("comment on the upload with the entry, sanitized, and the case identity", () => {
    const entry = DocketEntry.parse({ date: "3/3/2026", number: "42", contents: "<b>ORDER</b> @channel see <a href=\"https://evil.example/\">x</a> " + "word ".repeat(100) });
    const c = documentComment(entry, "document #42", target, siteUrl);
    expect(c.startsWith(":page_facing_up: *#42* · 3/3/2026 — *ORDER* @")).toBe(true);
    expect(c).toContain(`@${ZWJ}channel`);
    expect(c).not.toContain("evil.example");
    expect(c.split("\n")[0]!.length).toBeLessThan(260);
    expect(c).toContain("S.D.N.Y. · 1:23-cv-01234");
  });

  it("say where the file went", () => {
    expect(renderDocumentDelivered("document #4", "thread").text).toBe("Document #4 is in the case's thread.");
    expect(renderDocumentDelivered("document #4", "dm").text).toBe("I sent document #4 to you in a direct message.");
    const root = renderDocumentDmRoot({ ...target, title: "<!here> v. Foo" }, siteUrl);
    expectValidMessage(root);
    expect(root.text).not.toContain("<!here>");
  });
});

describe("document message goldens", () => {
  it("fetching a stored copy into the thread", async () => {
    const m = renderDocumentFetching("document #12", { court, docket });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/document-fetching-thread");
  });

  it("getting a live copy from the court, to a DM", async () => {
    const m = renderDocumentFetching("document #12", { court, docket }, true);
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/document-fetching-live-dm");
  });

  it("not cached: the fee confirmation naming the matter", async () => {
    const value = { court, docket, entry: "12", thread: "1700000000.000100" };
    const m = renderNotCached({ target, label: "document #12", value, clientMatter: "ACME-001", testMode: false, fees }, siteUrl);
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/not-cached-confirm");
  });

  it("not cached in test mode", async () => {
    const value = { court, docket, entry: "12", thread: "1700000000.000100" };
    const m = renderNotCached({ target, label: "document #12", value, clientMatter: "ACME-001", testMode: true, fees }, siteUrl);
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/not-cached-test-mode");
  });

  it("not cached, with a value too long to carry (no button)", async () => {
    const m = renderNotCached({ target, label: "the document", value: { court, docket, doc: "x".repeat(1_600) }, testMode: false, fees }, siteUrl);
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/not-cached-no-button");
  });

  it("delivered to the thread and to a DM", async () => {
    const thread = renderDocumentDelivered("document #4", "thread");
    const dm = renderDocumentDelivered("document #4", "dm");
    expectValidMessage(thread);
    expectValidMessage(dm);
    await expectGoldens(thread, "./__goldens__/document-delivered-thread");
    await expectGoldens(dm, "./__goldens__/document-delivered-dm");
  });

  it("the DM root", async () => {
    const root = renderDocumentDmRoot(target, siteUrl);
    expectValidMessage(root);
    await expectGoldens(root, "./__goldens__/document-dm-root");
  });
});
