/**
 * `/docket usage` and App Home end to end, with the wall: C0ACME carries ACME-001 (MEMBER and
 * ADMIN are in it), C0IP carries IP-007 (only ADMIN is in it). Neither channel, nor MEMBER's Home,
 * ever shows the other matter's figures, trackers or recent cases.
 */
import { setTimeout } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../../src/slack/blockkit/format.ts";
import type { MatterUsage } from "../../../src/store/store.ts";
import { HOSTILE_PARTY } from "../../../sandbox/docket-service/corpus/index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";
import type { SlackView } from "../../../sandbox/slack/types.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { expectValidView } from "../../helpers/blockkit.ts";
import { ackBody, command, expectValidPayloads, mark, textOf } from "../tracking/helpers.ts";

let h: BotHarness;
let hostile: EmuCase;
async function waitForUsage(matter: string, done: (u: MatterUsage) => boolean): Promise<MatterUsage> {
  for (let i = 0; i < 200; i++) {
    const [u] = await h.store.usageMonthToDate([matter]);
    if (done(u!)) return u!;
    await setTimeout(10);
  }
  throw new Error(`usage of ${matter} never got there`);
}
const tags = (channel: string) => ({ team: TEAM, user: ADMIN, channel, ref: "test" });

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
  hostile = h.docket.corpus.cases.find((c) => c.parties.some((p) => p.name === HOSTILE_PARTY))!;
  // Trackers of both matters, made as the bot's client makes them.
  await h.bot.docket.track(FLAGSHIP, { enable: true, frequency: "daily" }, { clientMatter: "ACME-001" });
  await h.bot.docket.track({ court: hostile.court, docket: hostile.docket }, { enable: true, frequency: "weekly" }, { clientMatter: "IP-007" });
});
afterAll(async () => {
  await h?.close();
});

describe("/docket usage", () => {
  it("shows month-to-date calls, fee-bearing calls and priced spend of this channel's matter only", async () => {
    // A live pull (may incur court fees) and an AI answer (priced) for ACME-001; a call for IP-007.
    await h.bot.docket.getDocket({ ...FLAGSHIP, live: true }, { clientMatter: "ACME-001", tags: tags(ACME_CHANNEL) });
    const ask = await h.bot.docket.askDocket(
      { ...FLAGSHIP, question: "Who is the judge?", target: "docket", outputFormat: "one sentence", providers: ["providerone"] },
      { clientMatter: "ACME-001", tags: tags(ACME_CHANNEL) },
    );
    await h.bot.docket.getDocket({ court: hostile.court, docket: hostile.docket }, { clientMatter: "IP-007", tags: tags(IP_CHANNEL) });
    // The ledger is written just after each call returns (features/matters/usage-ledger.ts, the client's onCall).
    const u = await waitForUsage("ACME-001", (x) => x.feeBearingCalls >= 2 && x.pricedCalls >= 1);
    expect(u.feeBearingCalls).toBe(2);
    expect(u.pricedCalls).toBe(1);
    const price = ask.data.price!;
    expect(price).toBeGreaterThan(0);
    expect(u.pricedSpend).toBe(price);

    const body = ackBody(await command(h, "usage", MEMBER, ACME_CHANNEL));
    expect(body.response_type).toBe("ephemeral");
    expect(body.text).toMatch(/^Usage in \w+ \d{4} so far: /);
    expect(body.text).toContain(`ACME-001: ${u.calls} calls, AI ${money(price)} reported, court fees $0.00 estimate.`);
    expect(textOf(body)).toContain("*Court fees not priced*\\n1 live pull or document");
    expect(textOf(body)).not.toContain("IP-007");

    const ip = ackBody(await command(h, "usage", ADMIN, IP_CHANNEL));
    expect(ip.text).toMatch(/^Usage in \w+ \d{4} so far: IP-007: \d+ calls, AI \$0\.00 reported, court fees \$0\.00 estimate\.$/);
    expect(textOf(ip)).not.toContain("ACME");
  });

  it("export: a CSV of every call whose totals equal the view and the emulator's ledger (issue 14 item 4)", async () => {
    // A PACER search (court fee: estimate at the tariff) on top of the AI answer and live pull above.
    await h.bot.docket.searchPacer({ partyName: "Acme" }, { clientMatter: "ACME-001", tags: tags(ACME_CHANNEL) });
    await waitForUsage("ACME-001", (x) => x.feeBearingCalls >= 3);
    const view = textOf(ackBody(await command(h, "usage", MEMBER, ACME_CHANNEL)));
    const ai = Number(/\*AI spend\*\\n\$(\d+\.\d+) reported/.exec(view)![1]);
    const court = Number(/\*Court fees\*\\n\$(\d+\.\d+) estimate/.exec(view)![1]);
    expect(court).toBe(0.2);

    const d = await command(h, "usage export", MEMBER, ACME_CHANNEL);
    expect(ackBody(d).text).toMatch(/Preparing \d{4}-\d{2}'s usage as a CSV file/);
    const file = await h.slack.waitFor(() => h.slack.state.files().find((f) => f.name.startsWith("docketbot-usage-")), { what: "the CSV" });
    const store = (h.slack.state as unknown as { fileStore: { get(id: string): { bytes?: Buffer } | undefined } }).fileStore;
    const csv = store.get(file.id)!.bytes!.toString("utf8");
    const rows = csv.trim().split("\r\n").map((line) => line.slice(1, -1).split('","'));
    expect(rows[0]).toEqual(["date_utc", "user", "channel", "matter", "endpoint", "fee_kind", "amount_usd", "estimate_or_reported", "reference_id"]);
    const body = rows.slice(1);
    expect(body.every((r) => r[3] === "ACME-001")).toBe(true); // the wall: no other matter's calls
    const sum = (kind: string, basis: string) => body.filter((r) => r[5] === kind && r[7] === basis).reduce((n, r) => n + Number(r[6]), 0);
    // The view shows cents (issue 25 item 5); the CSV keeps the exact amounts, which round to them.
    expect(sum("ai", "reported")).toBeCloseTo(ai, 2);
    expect(sum("pacer_search", "estimate")).toBeCloseTo(court, 6);
    expect(sum("ai", "reported")).toBeCloseTo(h.docket.ledger.total({ client_matter: "ACME-001", kind: "ai" }), 6);
    expect(body.filter((r) => r[5] === "live_docket" && r[7] === "unpriced")).toHaveLength(1);
  });

  it("export: a month in the future or a bad month gets a clear sentence, and no file", async () => {
    const files = h.slack.state.files().length;
    expect(ackBody(await command(h, "usage export 2999-01", MEMBER, ACME_CHANNEL)).text).toBe("2999-01 hasn't started yet, so it has no usage. Export this month or an earlier one.");
    expect(ackBody(await command(h, "usage export March", MEMBER, ACME_CHANNEL)).text).toMatch(/^"March" is not a month: write it as YYYY-MM/);
    expect(h.slack.state.files()).toHaveLength(files);
  });

  it("says a channel with no matter has nothing billed to it", async () => {
    const d = await command(h, "usage", MEMBER, "D0MO");
    expect(ackBody(d).text).toBe("This channel isn't linked to a client matter, so no usage is billed to it.");
  });
});

describe("App Home", () => {
  const homeOf = (user: string): SlackView | undefined => h.slack.state.homeView(user);
  const publishes = (user: string, since: number) => h.slack.callsTo("views.publish").filter((c) => c.params.user_id === user && c.at >= since);

  beforeAll(async () => {
    for (const [user, kase, matter] of [
      [MEMBER, { ...FLAGSHIP, title: "Acme Widgets, Inc. v. Globex Corporation" }, "ACME-001"],
      [MEMBER, { court: hostile.court, docket: hostile.docket, title: hostile.title }, "IP-007"],
      [MEMBER, { court: FLAGSHIP.court, docket: "1:24-cv-00077", title: "Looked Up Outside Any Matter" }, undefined],
      [ADMIN, { court: hostile.court, docket: hostile.docket, title: hostile.title }, "IP-007"],
    ] as const) {
      await h.store.touchRecentCase({ teamId: TEAM, userId: user, ...kase, clientMatter: matter });
    }
  });

  it("publishes a member's recent cases, their channels' matters and those matters' trackers only", async () => {
    const from = mark(h);
    const since = Date.now();
    const d = await h.slack.openAppHome(MEMBER);
    expect(d.status).toBe(200);
    expect(d.ackMs).toBeLessThan(3000);
    await h.slack.waitFor(() => homeOf(MEMBER)?.blocks.some((b) => JSON.stringify(b).includes("Checked daily")), { what: "MEMBER's Home with trackers" });
    const home = homeOf(MEMBER)!;
    // What the bot sent (the stored view carries Slack's own fields too).
    expectValidView(publishes(MEMBER, since).at(-1)!.params.view as Record<string, unknown>);
    const s = textOf(home);
    expect(s).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(s).toContain("Looked Up Outside Any Matter");
    expect(s).toContain("*ACME-001* · <#C0ACME>");
    expect(s).toContain("Checked daily · matter *ACME-001*");
    // The wall: MEMBER is not in C0IP, so nothing of IP-007 shows, not even their own recent view of its case.
    expect(s).not.toMatch(/IP-007|Holdings|C0IP/);
    expect(publishes(MEMBER, since)).toHaveLength(1); // fast service: one publish, no loading state
    expectValidPayloads(h, from);
  });

  it("shows an admin in both channels both matters, with hostile captions made safe", async () => {
    await h.slack.openAppHome(ADMIN);
    await h.slack.waitFor(() => homeOf(ADMIN)?.blocks.some((b) => JSON.stringify(b).includes("Checked weekly")), { what: "ADMIN's Home with trackers" });
    const s = textOf(homeOf(ADMIN)!);
    expect(s).toContain("*ACME-001* · <#C0ACME>");
    expect(s).toContain("*IP-007* · <#C0IP>");
    expect(s).toContain("Holdings LLC");
    expect(s).not.toContain("<!channel>");
  });

  it("is published at once with a loading line when the service hangs, then completed", async () => {
    h.docket.faults.delayNext("track", 2_500);
    const since = Date.now();
    const d = await h.slack.openAppHome(MEMBER);
    expect(d.ackMs).toBeLessThan(3000);
    const [first] = await h.slack.waitFor(() => {
      const p = publishes(MEMBER, since);
      return p.length >= 2 ? p : undefined;
    }, { timeoutMs: 8000, what: "two Home publishes" });
    expect(textOf(first!.params.view as object)).toContain("Loading the trackers of your matters");
    expect(textOf(homeOf(MEMBER)!)).toContain("Checked daily · matter *ACME-001*");
  });

  it("says so when Slack won't list the user's channels, and shows no matter", async () => {
    h.slack.faults.failNext("users.conversations", "missing_scope");
    const since = Date.now();
    await h.slack.openAppHome(MEMBER);
    await h.slack.waitFor(() => publishes(MEMBER, since).length > 0, { what: "the Home publish" });
    const s = textOf(homeOf(MEMBER)!);
    expect(s).toContain("couldn't read which channels you're in");
    expect(s).not.toContain("ACME-001");
    expect(s).toContain("Looked Up Outside Any Matter");
  });
});
