import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { documentFileName } from "../../src/court/document-name.ts";
import { REAL_DOCKETS_DIR, realDocketFiles } from "../helpers/real-dockets.ts";

const SAFE = /^[^\\/:*?"<>|\u0000-\u001F]{1,140}\.pdf$/;

describe("documentFileName", () => {
  it("names a PDF the way a docketing clerk files it: date, Dkt number, what it is", () => {
    expect(documentFileName({ date: "10/29/2026", number: "54", contents: "AMENDED SCHEDULING ORDER: Expert Reports due by 12/8/2026. Signed by Judge X." }))
      .toBe("2026-10-29 Dkt 54 Amended Scheduling Order.pdf");
    expect(documentFileName({ date: "2/27/2025", number: "39", contents: "<span class='description'>ORDER re: 37 MOTION to Compel</span>" }))
      .toBe("2025-02-27 Dkt 39 Order.pdf");
    expect(documentFileName({ date: "1/28/2025", number: "38", contents: "MEMORANDUM OF LAW in Opposition re: 37 MOTION to Compel Discovery. Document filed by Globex" }))
      .toBe("2025-01-28 Dkt 38 Memorandum of Law in Opposition.pdf");
    expect(documentFileName({ date: "5/5/2025", number: "43", contents: "LETTER MOTION for Discovery Conference addressed to Judge Eleanor R. Whitcombe" }))
      .toBe("2025-05-05 Dkt 43 Letter Motion for Discovery Conference.pdf");
  });

  it("keeps mixed case as the court wrote it and falls back when parts are missing", () => {
    expect(documentFileName({ date: "3/4/2026", number: "7", contents: "Notice of Appearance by Jane Roe" })).toBe("2026-03-04 Dkt 7 Notice of Appearance.pdf");
    expect(documentFileName({ entry_date: "3/4/2026", contents: "Minute Entry for proceedings held before Judge X" })).toBe("2026-03-04 Minute Entry.pdf");
    expect(documentFileName({ docket: "1:23-cv-01234" })).toBe("Dkt 1-23-cv-01234.pdf");
    expect(documentFileName({})).toBe("Docket document.pdf");
  });

  it("never yields a path, a reserved character, an invisible one or an endless name", () => {
    const hostile = documentFileName({ date: "x", number: "../../etc/passwd", contents: `<b>A\u202Eexe.fdp</b> ${"WORD ".repeat(500)}` });
    expect(hostile).toMatch(SAFE);
    expect(hostile).not.toMatch(/[\u202E/]/);
    expect(documentFileName({ number: "12", contents: 'ORDER "quoted" <x> a|b c:d *e? \u0007' })).toMatch(SAFE);
    expect(documentFileName({ number: "12", contents: "x".repeat(5000) }).length).toBeLessThanOrEqual(140);
  });
});

const realDir = REAL_DOCKETS_DIR;
const files = realDocketFiles().map((f) => join(realDir, f));

describe.skipIf(files.length === 0)(`documentFileName over the real dockets${files.length === 0 ? " (skipped: ../shared/fixtures/real-dockets is absent)" : ""}`, () => {
  it.each(files.map((f) => [f.slice(realDir.length), f]))("%s: every entry gets a safe, dated name", (_, file) => {
    const docket = JSON.parse(readFileSync(file, "utf8")) as { docket_report?: Record<string, unknown>[] };
    for (const entry of docket.docket_report ?? []) {
      const name = documentFileName(entry as Parameters<typeof documentFileName>[0]);
      expect(name).toMatch(SAFE);
      if (typeof entry.date === "string" && /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(entry.date)) expect(name).toMatch(/^\d{4}-\d{2}-\d{2} /);
    }
  });
});
