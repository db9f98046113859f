import { describe, expect, it } from "vitest";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { renderPdf } from "../../../sandbox/docket-service/documents.ts";
import { documentFee, docketPullFee, pacerSearchFee } from "../../../sandbox/docket-service/fees.ts";
import { Ledger } from "../../../sandbox/docket-service/ledger.ts";
import { normalizeEntityName, normalizePersonName } from "../../../sandbox/docket-service/normalize.ts";
import { splitCredentials } from "../../../sandbox/docket-service/push-delivery.ts";
import { MAX_RETRIES, retryDelayMs } from "../../../sandbox/docket-service/push-retry.ts";
import { RateLimiter } from "../../../sandbox/docket-service/rate-limit.ts";
import { nosCodes } from "../../../sandbox/docket-service/trackers.ts";
import { docketFromSegment, docketSegment, titleSegment } from "../../../sandbox/docket-service/urls.ts";

describe("renderPdf", () => {
  it("writes a PDF whose xref offsets point at its objects", () => {
    const pdf = renderPdf({ title: "Doe v. Roe (Doc 1)", text: "Line one\nA \\ backslash (and parens)", pages: 3 }).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    expect(pdf).toContain("/Count 3");
    expect(pdf).toContain("(A \\\\ backslash \\(and parens\\)) Tj");
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(3 + 3 * 2);
    offsets.forEach((off, i) => expect(pdf.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });
});

describe("fees", () => {
  it("follow the spec's schedule", () => {
    expect(pacerSearchFee(1, 50)).toBe(0.2);
    expect(pacerSearchFee(1, 0)).toBe(0.1);
    expect(pacerSearchFee(3, 10)).toBe(0.1);
    expect(documentFee({ pages: 5 })).toBe(0.5);
    expect(documentFee({ pages: 300 })).toBe(3);
    expect(docketPullFee({ entries: new Array(16) })).toBe(0.2);
    expect(docketPullFee({ entries: new Array(10_000) })).toBe(3);
  });
});

describe("Ledger", () => {
  it("sums without floating-point drift and filters", () => {
    const l = new Ledger();
    const base = { at: 0, user: "u", endpoint: "searchpacer" as const, client_matter: "a", test: false, kind: "pacer_page" as const };
    for (let i = 0; i < 3; i++) l.record({ ...base, fee: 0.1 });
    l.record({ ...base, client_matter: "b", fee: 0.2 });
    expect(l.total()).toBe(0.5);
    expect(l.total({ client_matter: "a" })).toBe(0.3);
    expect(l.count({ client_matter: "b" })).toBe(1);
  });
});

describe("retry schedule", () => {
  it("grows from 10 minutes and is capped at 4 hours, 10 retries", () => {
    expect(MAX_RETRIES).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => retryDelayMs(i + 1) / 60_000)).toEqual([10, 20, 40, 80, 160, 240, 240, 240, 240, 240]);
  });
});

describe("RateLimiter", () => {
  it("counts a sliding window per user and endpoint", async () => {
    const clock = new FakeClock();
    const rl = new RateLimiter(clock, { getdocket: 2 });
    expect(rl.take("a", "getdocket")).toBe(0);
    await clock.advance(59_000);
    expect(rl.take("a", "getdocket")).toBe(0);
    expect(rl.take("a", "getdocket")).toBe(1);
    expect(rl.take("b", "getdocket")).toBe(0);
    await clock.advance(1_000);
    expect(rl.take("a", "getdocket")).toBe(0);
  });
});

describe("URL forms", () => {
  it("encode docket numbers the site's way, reversibly", () => {
    expect(docketSegment("1:23-cv-11195")).toBe("1--23-cv-11195");
    expect(docketSegment("526241/2019")).toBe("526241---2019");
    expect(docketFromSegment("526241---2019")).toBe("526241/2019");
    expect(docketFromSegment("1--23-cv-11195")).toBe("1:23-cv-11195");
    expect(titleSegment("The New York Times Company v. Microsoft Corporation et al")).toBe("The_New_York_Times_Company_v._Microsoft_Corporation_et_al");
    expect(titleSegment("USA v. Thompson/Smith, et al.")).toBe("USA_v._ThompsonSmith_et_al.");
  });

  it("split basic-auth credentials out of push URLs", () => {
    expect(splitCredentials("http://u%40x:p%3Aw@127.0.0.1:8080/p?q=1")).toEqual({
      url: "http://127.0.0.1:8080/p?q=1",
      authorization: `Basic ${Buffer.from("u@x:p:w").toString("base64")}`,
    });
    expect(splitCredentials("http://127.0.0.1/p")).toEqual({ url: "http://127.0.0.1/p" });
  });
});

describe("names and queries", () => {
  it("normalizes names", () => {
    expect(normalizePersonName("Hon. Sidney H. Stein")).toBe("Sidney Stein");
    expect(normalizeEntityName("Acme Widgets, Incorporated et al.")).toBe("Acme Widgets Inc");
  });

  it("finds nature-of-suit codes in saved searches", () => {
    expect(nosCodes("nature_of_suit:(830 OR 835) party:(name:Acme)")).toEqual(["830", "835"]);
    expect(nosCodes("nos:830")).toEqual(["830"]);
    expect(nosCodes("acme patent")).toEqual([]);
  });
});
