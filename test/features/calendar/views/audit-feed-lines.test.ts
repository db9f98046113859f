/** The audit trail's lines for calendar feed URLs made and revoked (matters/views/audit-log.ts). */
import { describe, expect, it } from "vitest";
import { renderAuditLog } from "../../../../src/features/matters/views/audit-log.ts";
import type { AuditEvent } from "../../../../src/store/store.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const AT = Date.UTC(2026, 10, 20, 15, 0, 0);
const event = (over: Partial<AuditEvent>): AuditEvent => ({ key: "c1", teamId: "T1", channelId: "", clientMatter: "ACME-001", userId: "U0ADMIN", action: "feed_made", at: AT, ...over });

describe("calendar feeds in the audit trail", () => {
  it("says who made and who revoked a feed URL, with no channel (the table keeps none)", async () => {
    const m = renderAuditLog({ matters: ["ACME-001"], events: [event({ key: "r1", action: "feed_revoked", userId: "U0OTHER", at: AT + 60_000 }), event({})] });
    expectValidMessage(m);
    expect(JSON.stringify(m)).not.toContain("<#>");
    await expectGoldens(m, "./__goldens__/audit-feed-lines");
  });
});
