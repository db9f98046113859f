/**
 * Every real docket in ../shared/fixtures/real-dockets renders as valid, paged messages
 * (DEVELOPERS.md, Testing; issue 4, Tests). The folder lives outside the repo; a user's clone has
 * none, so the suite skips, saying why.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DocketResponse } from "../../../src/docket/schemas/index.ts";
import { sortEntriesNewestFirst } from "../../../src/slack/blockkit/case-entries.ts";
import { casePageCount, renderCaseView, type CaseViewModel } from "../../../src/features/cases/views/case-view.ts";
import { BLOCK_TEXT_TARGET } from "../../../src/slack/blockkit/limits.ts";
import { courtLongName } from "../../../src/court/labels.ts";
import { blockTextLength } from "../../../src/slack/blockkit/limits.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { REAL_DOCKETS_DIR, realDocketFiles } from "../../helpers/real-dockets.ts";

const root = REAL_DOCKETS_DIR;
const files = realDocketFiles();
const exists = files.length > 0;

function load(file: string): CaseViewModel | undefined {
  const raw = JSON.parse(readFileSync(join(root, file), "utf8")) as { success?: unknown };
  if (raw.success !== true) return undefined;
  const d = DocketResponse.parse(raw);
  // Fixtures name courts by PACER code (`nysd`); the case view takes the service's long name.
  return { ...d, court: courtLongName(d.info.court ?? "unknown court"), docket: d.info.docket ?? "unknown" };
}

/** Entry sections of a page: the sections after the divider. */
function entryTexts(blocks: ReturnType<typeof renderCaseView>["blocks"]): string[] {
  return blocks
    .slice(blocks.findIndex((b) => b.type === "divider") + 1)
    .flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));
}

describe.skipIf(!exists)(
  exists ? "real dockets render as valid paged case views" : "real dockets: SKIPPED, ../shared/fixtures/real-dockets is absent",
  () => {
    it("finds the fixtures", () => {
      expect(files.length).toBeGreaterThan(30);
    });

    it.each(files)("%s", (file) => {
      const model = load(file);
      if (!model) return; // a `success: false` body is an error, not a docket
      const expected = sortEntriesNewestFirst(model.docket_report).length;
      for (const pageSize of [undefined, 50]) {
        const pages = casePageCount(model, pageSize);
        const shown: string[] = [];
        for (let page = 0; page < pages; page++) {
          const view = renderCaseView(model, {
            siteUrl: "https://site.example/",
            page,
            pageSize,
            ref: "7f3a9c21",
            clientMatter: "ACME-001",
            cachedAt: new Date("2026-03-04T15:12:00Z"),
          });
          expectValidMessage(view);
          expect(blockTextLength(view.blocks)).toBeLessThanOrEqual(BLOCK_TEXT_TARGET);
          expect(JSON.stringify(view)).not.toMatch(/<[!@#](?!date\^)/);
          shown.push(...entryTexts(view.blocks));
        }
        expect(shown).toHaveLength(expected);
      }
    });
  },
);
