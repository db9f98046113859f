import { describe, expect, it } from "vitest";
import { decodeFeedMatter, encodeFeedMatter, renderFeeds } from "../../../../src/features/calendar/views/feeds.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const AT = Date.UTC(2026, 10, 20, 15, 0, 0);
const URL_ = "https://docketbot.example.com/calendar/Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6c.ics";

describe("the calendar feeds view", () => {
  it("lists each matter with its feed or none, and warns who can read a URL", async () => {
    const m = renderFeeds({ rows: [{ matter: "ACME-001", feed: { createdBy: "U0ADMIN", createdAt: AT } }, { matter: "IP-007" }] });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/feeds-list");
  });

  it("shows a URL just made once, with how to subscribe in Outlook and Google Calendar", async () => {
    const m = renderFeeds({ rows: [{ matter: "ACME-001", feed: { createdBy: "U0ADMIN", createdAt: AT } }], made: { matter: "ACME-001", url: URL_, replaced: true } });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/feeds-made");
  });

  it("says a feed was revoked", async () => {
    const m = renderFeeds({ rows: [{ matter: "ACME-001" }], revoked: { matter: "ACME-001" } });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/feeds-revoked");
  });

  it("keeps hostile matter names as text, bounds many matters, gives each button its own id", () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ matter: `<!channel> *M-${i}* <@U1>`, feed: i % 2 ? { createdBy: "<@U2>", createdAt: AT } : undefined }));
    const m = renderFeeds({ rows, made: { matter: "<!here>`x`", url: URL_, replaced: false } });
    expectValidMessage(m);
    const shown = JSON.stringify(m, (k, v: unknown) => (k === "value" ? undefined : v));
    expect(shown).not.toMatch(/<!channel>|<!here>|<@U1>|<@U2>/);
    const ids = m.blocks.flatMap((b) => (b.type === "actions" ? b.elements.map((e) => e.action_id) : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("round-trips its button value and refuses anything odd", () => {
    expect(decodeFeedMatter(encodeFeedMatter("ACME-001"))).toBe("ACME-001");
    expect(decodeFeedMatter('{"m":""}')).toBeUndefined();
    expect(decodeFeedMatter(`{"m":"${"x".repeat(51)}"}`)).toBeUndefined();
    expect(decodeFeedMatter('{"m":"a\\nb"}')).toBeUndefined();
    expect(decodeFeedMatter("nope")).toBeUndefined();
  });
});
