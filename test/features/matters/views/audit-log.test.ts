/** `/docket audit`'s view (issue 13, item 4) and its CSV: goldens, Block Kit validity, hostile text. */
import { describe, expect, it } from "vitest";
import { auditCsv } from "../../../../src/features/matters/audit-csv.ts";
import { renderAuditLog } from "../../../../src/features/matters/views/audit-log.ts";
import type { AuditEvent } from "../../../../src/store/store.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const AT = Date.UTC(2026, 10, 23, 15, 4, 5);
const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const base = { teamId: "T1", channelId: "C0ACME", clientMatter: "ACME-001", userId: "U0ADMIN" };
const EVENTS: AuditEvent[] = [
  { ...base, key: "f2", action: "assigned", target: CASE, entryNumber: "41", assignee: "U0MEMBER", at: AT + 5000 },
  { ...base, key: "f1", action: "docketed", target: CASE, entryNumber: "41", at: AT + 4000 },
  { ...base, key: "a4", action: "untrack", target: { q: "widget patent" }, at: AT + 3000 },
  { ...base, key: "a3", action: "frequency", target: CASE, detail: "daily → weekly", at: AT + 2000 },
  { ...base, key: "a2", action: "track", target: CASE, detail: "daily", userId: "U0MEMBER", at: AT + 1000 },
  { ...base, key: "a1", action: "link", at: AT },
];

describe("the audit trail view", () => {
  it("lists each action with when, who, what, the matter and where", async () => {
    const m = renderAuditLog({ matters: ["ACME-001"], events: EVENTS });
    expectValidMessage(m);
    expect(m.text).toBe("Audit trail for ACME-001: the latest 6 actions.");
    await expectGoldens(m, "./__goldens__/audit-log");
  });

  it("says so when nothing is recorded", async () => {
    const m = renderAuditLog({ matters: ["ACME-001", "ACME-002"], events: [] });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/audit-log-empty");
  });

  it("keeps hostile text inert, and stays within Slack's limits at its longest", () => {
    const hostile: AuditEvent = { ...base, key: "a9", action: "track", target: { q: `<!channel> ${"x".repeat(600)} <https://evil.example|click>` }, detail: "<!here>", at: AT };
    const m = renderAuditLog({ matters: ["ACME-001"], events: Array.from({ length: 40 }, (_, i) => ({ ...hostile, key: `a${i}` })) });
    expectValidMessage(m);
    const shown = JSON.stringify(m);
    expect(shown).not.toMatch(/<!channel>|<!here>|evil\.example\|/);
  });
});

describe("the audit CSV", () => {
  it("quotes every field, doubles quotes, and defuses spreadsheet formulas", () => {
    const csv = auditCsv([
      { ...base, key: "a1", action: "track", target: { q: '=HYPERLINK("http://x") "q"' }, detail: "daily", at: AT },
      { ...base, key: "f1", action: "assigned", target: CASE, entryNumber: "41", assignee: "U0MEMBER", at: AT },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe('"time_utc","action","user","matter","channel","court","docket","saved_search","entry","assignee","detail"');
    expect(lines[1]).toBe('"2026-11-23T15:04:05.000Z","track","U0ADMIN","ACME-001","C0ACME","","","\'=HYPERLINK(""http://x"") ""q""","","","daily"');
    expect(lines[2]).toBe('"2026-11-23T15:04:05.000Z","assigned","U0ADMIN","ACME-001","C0ACME","New York Southern District Court","1:23-cv-01234","","41","U0MEMBER",""');
    expect(lines[3]).toBe("");
  });
});
