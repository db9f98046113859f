import { describe, expect, it } from "vitest";
import { decodeLinkMatter, encodeLinkMatter, renderConfirmLink } from "../../../../src/features/matters/views/link-confirm.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

describe("the second-matter link question", () => {
  it("names what the channel's members will start to see", async () => {
    const m = renderConfirmLink({ matter: "IP-007", existing: ["ACME-001"], subscriptions: 3, otherChannels: 2 });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/link-confirm");
  });

  it("round-trips its button value and refuses anything odd; hostile names stay text", () => {
    expect(decodeLinkMatter(encodeLinkMatter("IP-007"))).toBe("IP-007");
    expect(decodeLinkMatter('{"m":""}')).toBeUndefined();
    expect(decodeLinkMatter(`{"m":"${"x".repeat(51)}"}`)).toBeUndefined();
    expect(decodeLinkMatter("not json")).toBeUndefined();
    const m = renderConfirmLink({ matter: "<!channel>*x*", existing: ["<@U1>"], subscriptions: 0, otherChannels: 0 });
    expectValidMessage(m);
    expect(JSON.stringify(m, (k, v: unknown) => (k === "value" ? undefined : v))).not.toMatch(/<!channel>|<@U1>/);
  });
});
