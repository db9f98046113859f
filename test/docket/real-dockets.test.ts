/**
 * Every real docket in ../shared/fixtures/real-dockets must parse (DEVELOPERS.md, Testing). The
 * folder lives outside the repo; a user's clone has none, so the suite skips, saying why.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Counsel, DocketEntry, DocketInfo, DocketResponse, ErrorBody, Exhibit, Party } from "../../src/docket/schemas/index.ts";

const root = fileURLToPath(new URL("../../../shared/fixtures/real-dockets/", import.meta.url));
const exists = existsSync(root);
const files = exists
  ? readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".json"))
      .sort()
  : [];

type Raw = Record<string, any>;
const len = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/** Keys of `shape` whose parsed value is null (the schemas promise `T | undefined`, never null). */
function nullKeys(value: Record<string, unknown>, shape: Record<string, unknown>, at: string): string[] {
  return Object.keys(shape)
    .filter((k) => value[k] === null)
    .map((k) => `${at}.${k}`);
}

describe.skipIf(!exists)(
  exists ? "real dockets (../shared/fixtures/real-dockets)" : "real dockets: SKIPPED, ../shared/fixtures/real-dockets is absent",
  () => {
    it("finds the fixtures", () => {
      expect(files.length).toBeGreaterThan(30);
    });

    it.each(files)("%s", (file) => {
      const raw = JSON.parse(readFileSync(join(root, file), "utf8")) as Raw;
      expect(typeof raw.success, "success must be a boolean").toBe("boolean");

      if (raw.success === false) {
        const r = ErrorBody.safeParse(raw);
        expect(r.success, r.success ? "" : r.error.message).toBe(true);
        expect(DocketResponse.safeParse(raw).success).toBe(false);
        return;
      }

      const r = DocketResponse.safeParse(raw);
      if (!r.success) throw new Error(`${file}: ${r.error.message}`);
      const d = r.data;

      // Nothing is lost: entries (in order), exhibits, parties, counsel, related, claims.
      expect(d.docket_report).toHaveLength(len(raw.docket_report));
      d.docket_report.forEach((e, i) => {
        expect(e.contents).toBe(raw.docket_report[i].contents);
        expect(e.exhibits).toHaveLength(len(raw.docket_report[i].exhibits));
      });
      expect(d.parties).toHaveLength(len(raw.parties));
      d.parties.forEach((p, i) => expect(p.counsel).toHaveLength(len(raw.parties[i].counsel)));
      expect(d.related).toHaveLength(len(raw.related));
      expect(d.claims).toHaveLength(len(raw.claims));
      expect(d.info.title).toBe(raw.info.title);

      // No null survives where `string | undefined` is promised.
      const nulls = [
        ...nullKeys(d.info, DocketInfo.shape, "info"),
        ...d.docket_report.flatMap((e, i) => [
          ...nullKeys(e, DocketEntry.shape, `docket_report.${i}`),
          ...e.exhibits.flatMap((x, j) => nullKeys(x, Exhibit.shape, `docket_report.${i}.exhibits.${j}`)),
        ]),
        ...d.parties.flatMap((p, i) => [
          ...nullKeys(p, Party.shape, `parties.${i}`),
          ...p.counsel.flatMap((c, j) => nullKeys(c, Counsel.shape, `parties.${i}.counsel.${j}`)),
        ]),
      ];
      expect(nulls).toEqual([]);
      for (const e of d.docket_report) {
        expect(["string", "undefined"]).toContain(typeof e.number);
        expect(["string", "undefined"]).toContain(typeof e.date);
      }
      for (const c of d.parties.flatMap((p) => p.counsel)) {
        expect(typeof c.lead).toBe("boolean");
        expect(typeof c.prose).toBe("boolean");
      }
    });

    it("reads the one error body in the set as an ErrorBody", () => {
      const file = files.find((f) => f.includes("not_dockets"));
      expect(file).toBeDefined();
      const body = ErrorBody.parse(JSON.parse(readFileSync(join(root, file!), "utf8")));
      expect(body.error).toMatch(/not a docket/);
    });
  },
);
