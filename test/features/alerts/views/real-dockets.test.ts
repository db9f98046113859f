/**
 * Every real docket in ../shared/fixtures/real-dockets, pushed whole as one `docket` alert (what a
 * newly tracked case can send), renders as valid messages that hold every notable entry once. A
 * user's clone has no ../shared: the suite skips, saying why.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DocketResponse } from "../../../../src/docket/schemas/index.ts";
import { renderDocketAlert, ROUTINE_LISTED } from "../../../../src/features/alerts/views/docket-alert.ts";
import { DEFAULT_ROUTINE_PATTERNS, splitRoutine } from "../../../../src/features/alerts/views/routine.ts";
import { sortEntriesNewestFirst } from "../../../../src/slack/blockkit/case-entries.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";

const root = fileURLToPath(new URL("../../../../../shared/fixtures/real-dockets/", import.meta.url));
const exists = existsSync(root);
const files = exists ? readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json")).sort() : [];

describe.skipIf(!exists)(
  exists ? "real dockets as docket alerts" : "real dockets as docket alerts: SKIPPED, ../shared/fixtures/real-dockets is absent",
  () => {
    it.each(files)("%s", (file) => {
      const raw = JSON.parse(readFileSync(join(root, file), "utf8")) as { success?: unknown };
      if (raw.success !== true) return;
      const d = DocketResponse.parse(raw);
      const model = { court: d.info.court ?? "unknown court", docket: d.info.docket ?? "unknown", title: d.info.title, entries: d.docket_report };
      const messages = renderDocketAlert(model, { siteUrl: "https://site.example/", maxMessages: 1_000 });
      let sections = 0;
      for (const m of messages) {
        expectValidMessage(m);
        sections += m.blocks.filter((b) => b.type === "section" && b.text?.text.startsWith("*")).length;
      }
      // Every notable entry, and the routine ones up to ROUTINE_LISTED (issue 25 item 4), one section each.
      const split = splitRoutine(sortEntriesNewestFirst(d.docket_report), DEFAULT_ROUTINE_PATTERNS);
      expect(sections).toBe(split.notable.length + Math.min(ROUTINE_LISTED, split.routine.length));
    });
  },
);
