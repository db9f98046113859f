/**
 * Every real docket in ../shared/fixtures/real-dockets also renders as a valid unfurl card and a
 * valid parties modal (every page). Skips, saying why, when ../shared is absent.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DocketResponse } from "../../../../src/docket/schemas/index.ts";
import { courtLongName } from "../../../../src/court/labels.ts";
import { partiesPageCount, renderPartiesModal } from "../../../../src/features/cases/views/parties.ts";
import { renderCaseUnfurl } from "../../../../src/features/cases/views/unfurl.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";

const root = fileURLToPath(new URL("../../../../../shared/fixtures/real-dockets/", import.meta.url));
const exists = existsSync(root);
const files = exists ? readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json")).sort() : [];
const siteUrl = "https://www.docketservice.example/";

describe.skipIf(!exists)(exists ? "real dockets as unfurls and parties modals" : "real dockets: SKIPPED, ../shared/fixtures/real-dockets is absent", () => {
  it.each(files)("%s", (file) => {
    const raw = JSON.parse(readFileSync(join(root, file), "utf8")) as { success?: unknown };
    if (raw.success !== true) return;
    const d = DocketResponse.parse(raw);
    const model = { ...d, court: courtLongName(d.info.court ?? "unknown court"), docket: d.info.docket ?? "unknown" };
    expectValidMessage(renderCaseUnfurl(model, { siteUrl }));
    for (let page = 0; page < partiesPageCount(model.parties); page++) {
      const view = renderPartiesModal(model, { siteUrl, page });
      expectValidView(view as unknown as Record<string, unknown>);
      expect(JSON.stringify(view)).not.toMatch(/<!(channel|here|everyone)>/);
    }
  });
});
