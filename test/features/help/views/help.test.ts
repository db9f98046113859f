import { describe, expect, it } from "vitest";
import { renderHelp } from "../../../../src/features/help/views/help.ts";
import type { MessagePayload } from "../../../../src/slack/blockkit/blocks.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

// renderHelp returns @slack/types' KnownBlock; ours are the same shapes.
const asMessage = (p: ReturnType<typeof renderHelp>) => p as unknown as MessagePayload;

describe("renderHelp", () => {
  it("names the channel's matters, and leaves Q&A out when it is off", () => {
    const p = renderHelp({ qaEnabled: false, isAdmin: false, matters: ["ACME-001", "<!channel>"] });
    expectValidMessage(asMessage(p));
    const json = JSON.stringify(p.blocks);
    expect(json).not.toContain("/docket ask");
    expect(json).not.toContain("<!channel>");
  });

  it("golden: a member in a channel with one matter, Q&A on", async () => {
    const p = renderHelp({ qaEnabled: true, isAdmin: false, matters: ["ACME-001"] });
    expectValidMessage(asMessage(p));
    await expectGoldens(p, "./__goldens__/help-member");
  });

  it("golden: an admin in an unlinked channel, Q&A off", async () => {
    const p = renderHelp({ qaEnabled: false, isAdmin: true, matters: [] });
    expectValidMessage(asMessage(p));
    await expectGoldens(p, "./__goldens__/help-admin-unlinked");
  });
});
