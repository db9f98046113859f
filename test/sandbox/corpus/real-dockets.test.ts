import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { courtByName } from "../../../src/court/courts.ts";
import { parseDate } from "../../../sandbox/docket-service/corpus/dates.ts";
import { createCorpus } from "../../../sandbox/docket-service/corpus/index.ts";
import { loadRealDockets } from "../../../sandbox/docket-service/corpus/real-dockets.ts";

const REAL = new URL("../../../../shared/fixtures/real-dockets/", import.meta.url);
const haveShared = existsSync(fileURLToPath(REAL));
if (!haveShared) console.warn(`real-dockets tests skipped: ${fileURLToPath(REAL)} is absent (a clone without ../shared)`);

const scratch = mkdtempSync(join(tmpdir(), "real-dockets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function docket(entries: { date: string; number: string | null; contents: string }[]) {
  return {
    success: true,
    info: { title: "Acme v. Globex", date_filed: "1/2/2020", judges: ["A"], court: "nysd", docket: "1:20-cv-00001", patents: [], status: null, type: null },
    docket_report: entries.map((e) => ({ ...e, entry_date: e.date, exhibits: [], analyze: {} })),
    parties: [{ name: "Acme", type: "Plaintiff", counsel: [{ name: "A. Lawyer", firm: null, email: "a@x.example", phone: null, lead: true, prose: false }] }],
    related: [],
    claims: [],
  };
}

describe("loadRealDockets (synthetic files)", () => {
  it("returns [] when the folder is absent", () => {
    expect(loadRealDockets(join(scratch, "nope"))).toEqual([]);
  });

  it("puts entries oldest first whatever the file's order, and skips non-dockets", () => {
    const dir = join(scratch, "order");
    mkdirSync(join(dir, "nested"), { recursive: true });
    const rows = [
      { date: "3/1/2020", number: "3", contents: "ORDER & more" },
      { date: "2/1/2020", number: "2", contents: "ANSWER" },
      { date: "1/2/2020", number: "1", contents: "COMPLAINT" },
    ];
    writeFileSync(join(dir, "newest-first.json"), JSON.stringify(docket(rows)));
    writeFileSync(join(dir, "nested", "oldest-first.json"), JSON.stringify({ ...docket(rows.slice().reverse()), info: { ...docket([]).info, docket: "1:20-cv-00002" } }));
    writeFileSync(join(dir, "error.json"), JSON.stringify({ success: false, error: "not a docket" }));
    writeFileSync(join(dir, "broken.json"), "{");
    const skipped: string[] = [];
    const cases = loadRealDockets(dir, { onSkip: (f) => skipped.push(f) });
    expect(cases).toHaveLength(2);
    expect(skipped.sort()).toEqual(["broken.json", "error.json"]);
    for (const c of cases) {
      expect(c.court).toBe("New York Southern District Court");
      expect(c.entries.map((e) => e.number)).toEqual(["1", "2", "3"]);
      expect(c.entries[2]!.contents).toBe("<span class='description'>ORDER &amp; more</span>");
      expect(c.entries[0]!.document).toMatchObject({ name: "1", cached: true, sealed: false });
      expect(c.status).toBe("Open");
      expect(c.parties[0]!.counsel[0]).toEqual({ name: "A. Lawyer", email: "a@x.example", lead: true, prose: false });
    }
  });
});

describe.skipIf(!haveShared)("loadRealDockets (../shared/fixtures/real-dockets)", () => {
  const cases = haveShared ? loadRealDockets(REAL) : [];
  const files = haveShared ? (readdirSync(fileURLToPath(REAL), { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".json")) : [];

  it("loads every docket file and skips the success:false ones", () => {
    const ok = files.filter((f) => JSON.parse(readFileSync(join(fileURLToPath(REAL), f), "utf8")).success === true);
    expect(ok.length).toBeGreaterThan(30);
    expect(cases).toHaveLength(ok.length);
  });

  it("maps short court codes to the service's long names", () => {
    for (const c of cases.filter((k) => k.federal)) expect(courtByName(c.court)?.name, c.court).toBe(c.court);
    expect(cases.some((c) => c.court === "New York Southern District Court")).toBe(true);
    expect(cases.some((c) => c.court === "Supreme Court of the United States")).toBe(true);
    expect(cases.find((c) => c.docket === "08-16-00334-CV")?.court).toBe("Texas State Court of Appeals, Eighth District");
    expect(cases.every((c) => !/^[a-z0-9_]+$/.test(c.court))).toBe(true);
  });

  it("keeps entries oldest first with unpadded dates, named cached documents, parties, related and claims", () => {
    for (const c of cases) {
      const dates = c.entries.map((e) => parseDate(e.date));
      expect(dates.every((d) => Number.isFinite(d))).toBe(true);
      if (dates.length > 1) expect(dates[0]!).toBeLessThanOrEqual(dates[dates.length - 1]!);
      for (const e of c.entries) {
        expect(e.date).toMatch(/^[1-9]\d?\/[1-9]\d?\/\d{4}$/);
        if (e.number) expect(e.document).toMatchObject({ cached: true });
      }
      expect(c.active).toBe(false);
    }
    const names = cases.flatMap((c) => c.entries.flatMap((e) => [e.document?.name, ...e.exhibits.map((x) => x.name)]).filter(Boolean));
    expect(names.length).toBeGreaterThan(1_000);
    expect(cases.some((c) => c.parties.some((p) => p.counsel.some((x) => x.firm && x.lead)))).toBe(true);
    expect(cases.some((c) => c.related.length > 0)).toBe(true);
    expect(cases.find((c) => c.docket === "15-32065")?.claims[0]).toMatchObject({ type: "Secured", code: "1", date: "5/14/2015" });
  });

  it("joins the corpus, findable like any case", () => {
    const corpus = createCorpus({ seed: 1, now: Date.UTC(2026, 10, 23), realDocketsDir: REAL, size: 20 });
    expect(corpus.find("New York Southern District Court", "1:20-cv-10821")?.title).toBe("Molina v. Hornblower Group, Inc.");
    expect(corpus.find("new york southern district court", "1:20-cv-010821")).toBeDefined();
  });
});
