import { describe, expect, it } from "vitest";
import { ALERTS_RETRY_ACTION, renderAlertStatus, type AlertStatusModel } from "../../../../src/features/alerts/views/alert-status.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const troubled: AlertStatusModel = {
  matters: ["ACME-001", "BETA-002"],
  counts: [
    { clientMatter: "ACME-001", pending: 2, inFlight: 1, sent: 40, dead: 2 },
    { clientMatter: "BETA-002", pending: 0, inFlight: 0, sent: 7, dead: 0 },
  ],
  quarantined: 1,
  held: 3,
  oldestPendingAgeMs: 25 * 60_000,
  dead: [
    { id: 812, clientMatter: "ACME-001", channelId: "C0123ABCD", deadReason: "is_archived" },
    { id: 790, clientMatter: "ACME-001", channelId: "C0456EFGH", deadReason: "some_new_error" },
  ],
  ref: "a1b2c3",
};

describe("renderAlertStatus", () => {
  it("sums pending and dead deliveries, explains dead ones and offers Retry", () => {
    const msg = renderAlertStatus(troubled);
    expectValidMessage(msg);
    expect(msg.text).toBe("Alert delivery: 3 pending, 2 parked, 1 quarantined.");
    const json = JSON.stringify(msg.blocks);
    expect(json).toContain("the channel is archived");
    expect(json).toContain(ALERTS_RETRY_ACTION);
  });

  it("golden: deliveries pending, dead, quarantined and held", async () => {
    const msg = renderAlertStatus(troubled);
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/alert-status-troubled");
  });

  it("golden: all delivered", async () => {
    const msg = renderAlertStatus({
      matters: ["ACME-001"],
      counts: [{ clientMatter: "ACME-001", pending: 0, inFlight: 0, sent: 12, dead: 0 }],
      quarantined: 0,
      held: 0,
      dead: [],
      ref: "d4e5f6",
    });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/alert-status-all-delivered");
  });
});
