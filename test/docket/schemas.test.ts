import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  AskDocketResponse,
  Counsel,
  DocketEntry,
  DocketResponse,
  Envelope,
  ErrorBody,
  LoginResponse,
  PacerOptionsResponse,
  PushPayload,
  SearchPacerResponse,
  SearchResponse,
  TRACK_FREQUENCIES,
  TrackFrequency,
  TrackerListResponse,
  TrackResponse,
} from "../../src/docket/schemas/index.ts";

/** The dotted paths of a failed parse (fails the test if the parse succeeded). */
function issuePaths(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  expect(r.success, "expected the parse to fail").toBe(false);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
}

const clone = <T>(v: T): T => structuredClone(v);

// A getdocket/ body as the spec and observed-facts.md describe it: long court names, unpadded
// dates, HTML contents, newest entry first, nulls for absent values, extra keys.
const docketBody = {
  success: true,
  info: {
    title: "The New York Times Company v. Microsoft Corporation et al",
    court: "New York Southern District Court",
    docket: "1:23-cv-11195",
    date_filed: "12/27/2023",
    judges: ["Sidney H. Stein"],
    nature_of_suit: "820 Copyright",
    type: "Civil",
    status: "Open",
    cause: "17:501 Copyright Infringement",
    date_terminated: null,
    patents: null,
    date_cached: "1/5/2024",
    link: "/cases/New_York_Southern_District_Court/1--23-cv-11195/The_New_York_Times_Company_v._Microsoft_Corporation_et_al/",
    division: "Foley Square",
  },
  docket_report: [
    {
      date: "1/5/2024",
      entry_date: "1/5/2024",
      number: 12,
      contents: "<span class='description'>ORDER</span> granting motion &amp; setting conference.",
      link: "/cases/New_York_Southern_District_Court/1--23-cv-11195/docs/12.pdf",
      link_viewer: null,
      exhibits: [{ exhibit: 1, description: "Exhibit A", link: "/x/12-1.pdf", pages: 3 }],
      analyze: { type: "order", outcome: "granted", timing: "3 days", confidence: 0.9 },
    },
    { date: "1/2/2024", number: "11", contents: "NOTICE of appearance", analyze: {} },
    { date: "12/28/2023", number: null, contents: "Case opening initial assignment notice.", exhibits: null },
    { date: "12/27/2023", number: "1", contents: "COMPLAINT against Microsoft Corporation.", _pacer_doc_id: "1" },
  ],
  parties: [
    {
      name: "The New York Times Company",
      type: "Plaintiff",
      other: "a New York corporation",
      counsel: [
        { name: "Ian Crosby", firm: "Susman Godfrey LLP", email: null, phone: "212-336-8330", lead: "true", prose: "0" },
        { name: "Davida Brook", firm: null, lead: 1, prose: false },
        { name: "Pro Se Litigant", lead: "1", prose: 1 },
      ],
    },
    { name: "Microsoft Corporation", type: "Defendant" },
  ],
  analyze: { summary: "top-level analysis" },
};

describe("inferred types", () => {
  it("promise undefined, never null, and coerced primitives", () => {
    expectTypeOf<DocketEntry["number"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<DocketEntry["contents"]>().toEqualTypeOf<string>();
    expectTypeOf<DocketEntry["exhibits"]>().toBeArray();
    expectTypeOf<DocketResponse["info"]["title"]>().toEqualTypeOf<string>();
    expectTypeOf<DocketResponse["info"]["date_terminated"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Counsel["lead"]>().toEqualTypeOf<boolean>();
    expectTypeOf<SearchResponse["total"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<PushPayload["push_type"]>().toEqualTypeOf<"docket" | "search_results" | "new_case">();
    expectTypeOf<TrackFrequency>().toEqualTypeOf<(typeof TRACK_FREQUENCIES)[number]>();
  });
});

describe("LoginResponse", () => {
  it("accepts a token and rejects an empty one or a string success", () => {
    expect(LoginResponse.parse({ success: true, login_token: "tok" }).login_token).toBe("tok");
    expect(issuePaths(LoginResponse, { success: true, login_token: "" })).toEqual(["login_token"]);
    expect(issuePaths(LoginResponse, { success: "true", login_token: "tok" })).toEqual(["success"]);
  });
});

describe("ErrorBody and Envelope", () => {
  it("accepts the service's not-found body", () => {
    const body = {
      success: false,
      error: "Could not find docket 2014-CF-003894 in court=Florida State, Duval County, Fourth Circuit Court: ",
    };
    expect(ErrorBody.parse(body).error).toMatch(/^Could not find docket/);
    expect(ErrorBody.parse({ success: false, error: null }).error).toBeUndefined();
    expect(issuePaths(ErrorBody, { success: true, error: "x" })).toEqual(["success"]);
    expect(issuePaths(ErrorBody, { success: false, error: 5 })).toEqual(["error"]);
  });
  it("requires a boolean success", () => {
    expect(Envelope.parse({ success: false, extra: 1 })).toEqual({ success: false, extra: 1 });
    expect(issuePaths(Envelope, { success: "false" })).toEqual(["success"]);
    expect(issuePaths(Envelope, {})).toEqual(["success"]);
  });
});

describe("DocketResponse", () => {
  it("parses a realistic docket and normalises nulls, absent lists and numbers", () => {
    const d = DocketResponse.parse(clone(docketBody));
    expect(d.info.date_terminated).toBeUndefined();
    expect(d.info.patents).toEqual([]);
    expect(d.related).toEqual([]);
    expect(d.claims).toEqual([]);
    expect(d.docket_report.map((e) => e.number)).toEqual(["12", "11", undefined, "1"]);
    expect(d.docket_report[0]?.link_viewer).toBeUndefined();
    expect(d.docket_report[0]?.exhibits[0]?.exhibit).toBe("1");
    expect(d.docket_report[0]?.analyze?.outcome).toBe("granted");
    expect(d.docket_report[1]?.analyze).toBeUndefined(); // `{}` means no analysis
    expect(d.docket_report[2]?.exhibits).toEqual([]);
    expect(d.docket_report[3]?.exhibits).toEqual([]);
    expect(d.parties[1]?.counsel).toEqual([]);
    const flags = d.parties[0]?.counsel.map((c) => [c.lead, c.prose]);
    expect(flags).toEqual([[true, false], [true, false], [true, true]]);
    expect(d.parties[0]?.counsel[0]?.email).toBeUndefined();
  });

  it("passes unknown keys through at every level", () => {
    const d = DocketResponse.parse(clone(docketBody));
    expect(d["analyze"]).toEqual({ summary: "top-level analysis" });
    expect(d.info["division"]).toBe("Foley Square");
    expect(d.docket_report[3]?.["_pacer_doc_id"]).toBe("1");
    expect(d.docket_report[0]?.exhibits[0]?.["pages"]).toBe(3);
    expect(d.docket_report[0]?.analyze?.["confidence"]).toBe(0.9);
    expect(d.parties[0]?.["other"]).toBe("a New York corporation");
  });

  it("names the broken field", () => {
    const noContents = clone(docketBody) as Record<string, any>;
    noContents.docket_report[3].contents = null;
    expect(issuePaths(DocketResponse, noContents)).toEqual(["docket_report.3.contents"]);

    const notAnObject = clone(docketBody) as Record<string, any>;
    notAnObject.docket_report[1] = "NOTICE of appearance";
    expect(issuePaths(DocketResponse, notAnObject)).toEqual(["docket_report.1"]);

    const noTitle = clone(docketBody) as Record<string, any>;
    delete noTitle.info.title;
    expect(issuePaths(DocketResponse, noTitle)).toEqual(["info.title"]);

    const noInfo = clone(docketBody) as Record<string, any>;
    delete noInfo.info;
    expect(issuePaths(DocketResponse, noInfo)).toEqual(["info"]);

    const badFlag = clone(docketBody) as Record<string, any>;
    badFlag.parties[0].counsel[1].lead = "maybe";
    expect(issuePaths(DocketResponse, badFlag)).toEqual(["parties.0.counsel.1.lead"]);

    const badNumber = clone(docketBody) as Record<string, any>;
    badNumber.docket_report[2].number = { n: 3 };
    expect(issuePaths(DocketResponse, badNumber)).toEqual(["docket_report.2.number"]);

    expect(issuePaths(DocketResponse, { ...clone(docketBody), success: false })).toEqual(["success"]);
  });

  it("reads a blank entry number as no number, and never turns guessed analyze fields into errors", () => {
    const e = DocketEntry.parse({ contents: "x", number: " ", analyze: { type: { nested: true }, outcome: 7 } });
    expect(e.number).toBeUndefined();
    expect(e.analyze?.type).toBeUndefined();
    expect(e.analyze?.outcome).toBe("7");
    expect(DocketEntry.parse({ contents: "x", analyze: null }).analyze).toBeUndefined();
  });

  it("defaults absent counsel flags to false", () => {
    expect(Counsel.parse({ name: "A" })).toMatchObject({ lead: false, prose: false });
    expect(Counsel.parse({ name: "A", lead: null, prose: "yes" })).toMatchObject({ lead: false, prose: true });
  });
});

describe("SearchResponse", () => {
  const item = {
    court: "Delaware District Court",
    docket: "1:24-cv-00001",
    title: "Acme v. Widget",
    link: "/cases/Delaware_District_Court/1--24-cv-00001/Acme_v._Widget/",
    date_filed: "1/2/2024",
    result_type: "docket",
  };

  it("normalises search_results/count to results/total", () => {
    const r = SearchResponse.parse({ success: true, search_results: [item], count: "120", scroll_id: "abc" });
    expect(r.results).toHaveLength(1);
    expect(r.total).toBe(120);
    expect(r["scroll_id"]).toBe("abc");
    expect("search_results" in r).toBe(false);
  });

  it("prefers results and total, then total_count", () => {
    expect(SearchResponse.parse({ success: true, results: [item], total: 7, count: 1 }).total).toBe(7);
    expect(SearchResponse.parse({ success: true, results: [], total_count: "9" }).total).toBe(9);
    const none = SearchResponse.parse({ success: true });
    expect(none.results).toEqual([]);
    expect(none.total).toBeUndefined();
  });

  it("names the broken field under the key the service sent", () => {
    const { title: _title, ...noTitle } = item;
    expect(issuePaths(SearchResponse, { success: true, search_results: [item, item, noTitle] })).toEqual([
      "search_results.2.title",
    ]);
    expect(issuePaths(SearchResponse, { success: true, results: [item], total: "many" })).toEqual(["total"]);
  });
});

describe("SearchPacerResponse and PacerOptionsResponse", () => {
  const result = { title: "Doe v. Roe", court: "Florida Middle District Court", docket: "8:24-cv-00100", date_filed: "2024-01-03", nature_of_suit: null };

  it("coerces page_max and keeps optional fields optional", () => {
    const r = SearchPacerResponse.parse({ success: true, page_max: "3", search_results: [result] });
    expect(r.page_max).toBe(3);
    expect(r.search_results[0]?.nature_of_suit).toBeUndefined();
    expect(SearchPacerResponse.parse({ success: true }).search_results).toEqual([]);
  });

  it("names the broken field", () => {
    expect(issuePaths(SearchPacerResponse, { success: true, page_max: "three", search_results: [] })).toEqual(["page_max"]);
    expect(issuePaths(SearchPacerResponse, { success: true, search_results: [{ ...result, court: null }] })).toEqual([
      "search_results.0.court",
    ]);
  });

  it("keeps option lists as sent", () => {
    const r = PacerOptionsResponse.parse({
      success: true,
      courts: ["Delaware District Court", { name: "Nevada Bankruptcy Court", id: "nvb" }],
      nature_of_suits: [{ code: "830", name: "Patent" }, 820],
      case_types: ["Civil", "Bankruptcy"],
    });
    expect(r.court_regions).toEqual([]);
    expect(r.nature_of_suits[1]).toBe("820");
    expect(r.courts[1]).toEqual({ name: "Nevada Bankruptcy Court", id: "nvb" });
  });
});

describe("AskDocketResponse", () => {
  it("parses answers, coerces price and exposes the supporting data as relevant", () => {
    const r = AskDocketResponse.parse({
      success: true,
      question: "Who is lead counsel?",
      price: "0.12",
      date_cached: "1/5/2024",
      from_dockets: {
        providerone_answer: "Ian Crosby.",
        relevant_entries: [{ number: "12", date: "1/5/2024", contents: "ORDER" }, 5],
        model: "x-large",
      },
      from_documents: { providertwo_answer: "See the complaint.", chunks: [{ doc: "1", text: "..." }] },
    });
    expect(r.price).toBe(0.12);
    expect(r.from_dockets?.providerone_answer).toBe("Ian Crosby.");
    expect(r.from_dockets?.providertwo_answer).toBeUndefined();
    expect(r.from_dockets?.relevant).toEqual([{ number: "12", date: "1/5/2024", contents: "ORDER" }]);
    expect(r.from_dockets?.["relevant_entries"]).toHaveLength(2); // kept as sent
    expect(r.from_dockets?.["model"]).toBe("x-large");
    expect(r.from_documents?.relevant).toEqual([{ doc: "1", text: "..." }]); // unknown key, found by shape
  });

  it("gives [] when there is no supporting data and names a broken answer", () => {
    const r = AskDocketResponse.parse({ success: true, from_dockets: { providerone_answer: "Yes." } });
    expect(r.from_dockets?.relevant).toEqual([]);
    expect(r.from_documents).toBeUndefined();
    expect(issuePaths(AskDocketResponse, { success: true, from_dockets: { providerone_answer: 42 } })).toEqual([
      "from_dockets.providerone_answer",
    ]);
    expect(issuePaths(AskDocketResponse, { success: true, price: "$0.12" })).toEqual(["price"]);
  });
});

describe("track/", () => {
  const tracker = {
    court: "Delaware District Court",
    docket: "1:24-cv-00001",
    title: "Acme v. Widget",
    link: "/cases/Delaware_District_Court/1--24-cv-00001/Acme_v._Widget/",
    enabled: true,
    frequency: "daily",
    client_matter: "",
    datetime_updated: "2024-01-05T10:00:00Z",
  };

  it("lists the seven frequencies", () => {
    expect(TRACK_FREQUENCIES).toEqual(["realtime", "continuous", "40x", "twice_daily", "daily", "weekly", "monthly"]);
    expect(TrackFrequency.parse("40x")).toBe("40x");
    expect(issuePaths(TrackFrequency, "hourly")).toEqual([""]);
  });

  it("parses POST and GET responses", () => {
    expect(TrackResponse.parse({ success: true })).toEqual({ success: true });
    const r = TrackerListResponse.parse({
      success: true,
      dockets: [tracker, { q: "is:docket party:(name:Acme)", enabled: "1", frequency: "hourly", client_matter: null }],
      _api_push_debug_info: {
        response_code: "500",
        request_url: "https://bot.example/push",
        request_payload: { push_type: "docket" },
        will_retry: "true",
        error_message: null,
      },
    });
    expect(r.dockets[0]?.client_matter).toBe("");
    expect(r.dockets[1]).toMatchObject({ enabled: true, frequency: "hourly", client_matter: undefined });
    expect(r.dockets[1]?.court).toBeUndefined();
    expect(r._api_push_debug_info).toMatchObject({ response_code: 500, will_retry: true, error_message: undefined });
  });

  it("never fails a listing on its unversioned debug info", () => {
    const r = TrackerListResponse.parse({ success: true, dockets: [], _api_push_debug_info: "n/a" });
    expect(r._api_push_debug_info).toBeUndefined();
  });

  it("names the broken field", () => {
    expect(issuePaths(TrackerListResponse, { success: true })).toEqual(["dockets"]);
    const { enabled: _enabled, ...noEnabled } = tracker;
    expect(issuePaths(TrackerListResponse, { success: true, dockets: [tracker, noEnabled] })).toEqual(["dockets.1.enabled"]);
  });
});

describe("PushPayload", () => {
  const docketPush = {
    push_type: "docket",
    client_matter: "ACME-001",
    court: "Delaware District Court",
    docket: "1:24-cv-00001",
    info: { title: null, date_filed: "1/2/2024" },
    docket_report: [{ date: "1/5/2024", number: 12, contents: "ORDER" }],
    parties: null,
  };
  const searchPush = {
    push_type: "search_results",
    client_matter: "",
    q: "is:docket party:(name:Acme)",
    link: "/search/?q=...",
    title: "Acme suits",
    search_results: [{ court: "Delaware District Court", docket: "1:24-cv-00002", title: "Acme v. Gadget" }],
  };
  const newCasePush = {
    push_type: "new_case",
    client_matter: "IP-7",
    party_name: "Acme",
    nature_of_suit: "830",
    search_results: [{ court: "Delaware District Court", docket: "1:24-cv-00003", title: "Acme v. Patentee" }],
  };

  it("discriminates the three push types", () => {
    const d = PushPayload.parse(clone(docketPush));
    expect(d.push_type).toBe("docket");
    if (d.push_type !== "docket") throw new Error("unreachable");
    expect(d.docket_report[0]?.number).toBe("12");
    expect(d.info?.title).toBeUndefined();
    expect(d.parties).toEqual([]);

    const s = PushPayload.parse(clone(searchPush));
    if (s.push_type !== "search_results") throw new Error(`wrong type ${s.push_type}`);
    expect(s.client_matter).toBe("");
    expect(s.search_results[0]?.title).toBe("Acme v. Gadget");

    const n = PushPayload.parse({ ...clone(newCasePush), delivery_note: "kept" });
    if (n.push_type !== "new_case") throw new Error(`wrong type ${n.push_type}`);
    expect(n.nature_of_suit).toEqual(["830"]);
    expect(n["delivery_note"]).toBe("kept");
    expect(PushPayload.parse({ ...clone(newCasePush), nature_of_suit: ["830", "835"] })).toMatchObject({
      nature_of_suit: ["830", "835"],
    });
  });

  it("rejects an unknown or missing push_type", () => {
    expect(issuePaths(PushPayload, { ...clone(docketPush), push_type: "docket_update" })).toEqual(["push_type"]);
    expect(issuePaths(PushPayload, { client_matter: "x" })).toEqual(["push_type"]);
  });

  it("requires client_matter as a string and a docket push's court and docket", () => {
    const { client_matter: _cm, ...noMatter } = docketPush;
    expect(issuePaths(PushPayload, noMatter)).toEqual(["client_matter"]);
    expect(issuePaths(PushPayload, { ...clone(searchPush), client_matter: null })).toEqual(["client_matter"]);
    const { court: _court, ...noCourt } = docketPush;
    expect(issuePaths(PushPayload, noCourt)).toEqual(["court"]);
    expect(issuePaths(PushPayload, { ...clone(docketPush), docket_report: [{ contents: 5 }] })).toEqual([
      "docket_report.0.contents",
    ]);
    expect(issuePaths(PushPayload, { ...clone(newCasePush), search_results: [{ court: "x", docket: "y" }] })).toEqual([
      "search_results.0.title",
    ]);
  });
});
