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

  it("says each change to what the matter's channels see, pay or are reminded of in words", async () => {
    const changes: AuditEvent[] = [
      { ...base, key: "a20", action: "budget_set", detail: "$500 a month (ask above $0.25)", at: AT + 13_000 },
      { ...base, key: "a19", action: "budget_cleared", at: AT + 12_000 },
      { ...base, key: "a18", action: "fee_confirmed", userId: "U0MEMBER", detail: "fee action 4: ask, $0.50 expected", at: AT + 11_000 },
      { ...base, key: "a17", action: "fee_cancelled", userId: "U0MEMBER", detail: "fee action 5: ask, $0.50 expected", at: AT + 10_000 },
      { ...base, key: "a16", action: "fee_approved", detail: "fee action 6: pacer, $3 expected", at: AT + 9000 },
      { ...base, key: "a15", action: "fee_declined", detail: "fee action 7: ask, $0.50 expected", at: AT + 8000 },
      { ...base, key: "a14", action: "fee_matter_picked", channelId: "D0MO", userId: "U0MEMBER", detail: "fee action 8: ask, $0.50 expected", at: AT + 7000 },
      { ...base, key: "a13", action: "muted", target: CASE, userId: "U0MEMBER", detail: "until the next order", at: AT + 6000 },
      { ...base, key: "a12", action: "unmuted", target: CASE, userId: "docketbot", detail: "the order it waited for arrived", at: AT + 5000 },
      { ...base, key: "a11", action: "alert_settings", detail: "notable filings post, routine ones in the thread; daily digest at 08:00 (America/Chicago)", at: AT + 4000 },
      { ...base, key: "a10", action: "reminder_settings", detail: "7 days before, 1 day before", at: AT + 3000 },
      { ...base, key: "a9", action: "calendared", target: CASE, userId: "U0MEMBER", detail: "Motion Hearing on 2026-12-08 at 10:00", at: AT + 2000 },
      { ...base, key: "a8", action: "uncalendared", target: CASE, detail: "Motion Hearing on 2026-12-08 at 10:00", at: AT + 1000 },
      { ...base, key: "a7", action: "alerts_retried", detail: "3 failed alerts", at: AT },
    ];
    const m = renderAuditLog({ matters: ["ACME-001"], events: changes });
    expectValidMessage(m);
    const text = JSON.stringify(m);
    expect(text).toContain("<@U0ADMIN> set *ACME-001*'s budget to $500 a month (ask above $0.25) · *ACME-001* · in <#C0ACME>");
    expect(text).toContain("<@U0ADMIN> retried 3 failed alerts · *ACME-001*");
    expect(text).toContain("docketbot unmuted 1:23-cv-01234 (S.D.N.Y.) (the order it waited for arrived)");
    await expectGoldens(m, "./__goldens__/audit-log-changes");
    expect(auditCsv(changes).split("\r\n")[1]).toBe(
      '"2026-11-23T15:04:18.000Z","budget_set","U0ADMIN","ACME-001","C0ACME","","","","","","$500 a month (ask above $0.25)","set ACME-001\'s budget to $500 a month (ask above $0.25)"',
    );
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
      { ...base, key: "l1", action: "link", at: AT },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe('"time_utc","action","user","matter","channel","court","docket","saved_search","entry","assignee","detail","what"');
    expect(lines[1]).toBe('"2026-11-23T15:04:05.000Z","track","U0ADMIN","ACME-001","C0ACME","","","\'=HYPERLINK(""http://x"") ""q""","","","daily","tracked saved search “=HYPERLINK(""http://x"") ""q""” (daily)"');
    expect(lines[2]).toBe('"2026-11-23T15:04:05.000Z","assigned","U0ADMIN","ACME-001","C0ACME","New York Southern District Court","1:23-cv-01234","","41","U0MEMBER","","assigned entry 41 in 1:23-cv-01234 (S.D.N.Y.) to U0MEMBER"');
    // The `what` column reads whole: whom an entry was assigned to, which channel a matter was linked to.
    expect(lines[3]).toBe('"2026-11-23T15:04:05.000Z","link","U0ADMIN","ACME-001","C0ACME","","","","","","","linked the matter to channel C0ACME"');
    expect(lines[4]).toBe("");
  });
});
