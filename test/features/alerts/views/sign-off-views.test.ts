/**
 * The alert desk's own views (issue 12, items 3 to 5): the undocketed list of `/docket alerts`,
 * the assignee's DM, the snooze note in a case thread, the settings modal and its confirmation.
 * Goldens, Block Kit validity, and hostile service text and ids.
 */
import { describe, expect, it } from "vitest";
import { filingValue } from "../../../../src/features/alerts/views/alert-controls.ts";
import { ALERT_SETTINGS_CALLBACK, renderAlertSettingsModal, settingsMetadata } from "../../../../src/features/alerts/views/alert-settings-modal.ts";
import { renderAlertSettingsSaved } from "../../../../src/features/alerts/views/alert-settings-saved.ts";
import { renderAssignmentDm } from "../../../../src/features/alerts/views/assignment-dm.ts";
import { renderSnoozeNote } from "../../../../src/features/alerts/views/snooze-note.ts";
import { renderUndocketed, UNDOCKETED_SHOWN, type UndocketedFiling } from "../../../../src/features/alerts/views/undocketed-list.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const court = "New York Southern District Court";
const HOSTILE = "<!channel> <@U0EVIL> *bold* <https://evil.example|click> &lt;script&gt; | pipe";

const order: UndocketedFiling = {
  id: 41, court, docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc", entryNumber: "42", entryDate: "2026-03-03",
  kind: "Order", summary: "ORDER granting motion to dismiss for lack of personal jurisdiction", link: "https://site.example/docs/42.pdf",
};
const motion: UndocketedFiling = {
  id: 44, court: "Delaware District Court", docket: "1:26-cv-00042", caseTitle: "Crashco Inc. v. Durable LLC", entryNumber: "7", entryDate: "2026-03-05",
  kind: "Motion", summary: "MOTION to compel discovery", assignee: "U0ADMIN",
};
const hostile: UndocketedFiling = {
  id: 45, court: HOSTILE, docket: HOSTILE, caseTitle: HOSTILE, entryNumber: HOSTILE, entryDate: HOSTILE, kind: HOSTILE, summary: HOSTILE.repeat(40),
  link: "https://evil.example/steal", assignee: "<!here>",
};

const defused = (json: string) => {
  expect(json).not.toContain("<!channel>");
  expect(json).not.toContain("<!here>");
  expect(json).not.toContain("<@U0EVIL>");
  // Links only to the service's site (a hostile court may still be a path segment on it).
  expect(json).not.toMatch(/<https?:\/\/evil/);
  expect(json).not.toContain("evil.example/steal");
};

describe("the undocketed list", () => {
  it("lists filings in the order given with case, entry and Docketed ✓ carrying the filing", () => {
    const msg = renderUndocketed({ filings: [order, motion], more: false }, { siteUrl });
    expectValidMessage(msg);
    expect(msg.text).toBe("2 significant filings not docketed yet in this channel.");
    const buttons = msg.blocks.flatMap((b) => (b.type === "section" && b.accessory ? [b.accessory] : []));
    expect(buttons.map((b) => [b.action_id, filingValue.decode(b.value)?.f])).toEqual([["filing_docketed:41", 41], ["filing_docketed:44", 44]]);
    expect(JSON.stringify(msg.blocks)).toContain("Assigned to <@U0ADMIN>");
  });

  it("golden: two filings", async () => {
    const msg = renderUndocketed({ filings: [order, motion], more: false }, { siteUrl });
    await expectGoldens(msg, "./__goldens__/undocketed-two");
  });

  it("golden: none waiting", async () => {
    const msg = renderUndocketed({ filings: [], more: false }, { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/undocketed-none");
  });

  it("caps the list and says there are more", () => {
    const many = Array.from({ length: UNDOCKETED_SHOWN + 5 }, (_, i) => ({ ...order, id: i + 1, entryNumber: String(i + 1) }));
    const msg = renderUndocketed({ filings: many, more: true }, { siteUrl });
    expectValidMessage(msg);
    expect(msg.blocks.filter((b) => b.type === "section" && b.accessory)).toHaveLength(UNDOCKETED_SHOWN);
    expect(msg.text).toBe(`More than ${UNDOCKETED_SHOWN} significant filings not docketed yet in this channel.`);
  });

  it("defuses hostile service text and ids", () => {
    const msg = renderUndocketed({ filings: [hostile], more: false }, { siteUrl });
    expectValidMessage(msg);
    defused(JSON.stringify(msg));
  });
});

describe("the assignee's DM", () => {
  const model = { filing: { ...order, clientMatter: "ACME-001" }, by: "U0MEMBER", channelId: "C0ACME" };

  it("says who assigned which filing of which case, in which channel", () => {
    const msg = renderAssignmentDm(model, { siteUrl });
    expectValidMessage(msg);
    expect(msg.text).toBe("You were assigned #42 · 3/3/2026 · Order in Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234");
    expect(JSON.stringify(msg.blocks)).toContain("<@U0MEMBER> assigned you a filing in <#C0ACME>");
  });

  it("golden", async () => {
    await expectGoldens(renderAssignmentDm(model, { siteUrl }), "./__goldens__/assignment-dm");
  });

  it("defuses hostile text, ids and matter", () => {
    const msg = renderAssignmentDm({ filing: { ...hostile, clientMatter: HOSTILE }, by: "<!channel>", channelId: "<!here>" }, { siteUrl });
    expectValidMessage(msg);
    defused(JSON.stringify(msg));
    expect(JSON.stringify(msg.blocks)).toContain("someone assigned you a filing in a channel");
  });
});

describe("the snooze note", () => {
  const until = Date.UTC(2026, 10, 30, 14, 0, 0);

  it("golden: muted 7 days, until the next order, until unmuted, unmuted", async () => {
    const notes = [
      renderSnoozeNote({ by: "U0MEMBER", snooze: { mode: "until", until } }),
      renderSnoozeNote({ by: "U0MEMBER", snooze: { mode: "next_order" } }),
      renderSnoozeNote({ by: "U0MEMBER", snooze: { mode: "unmuted" } }),
      renderSnoozeNote({ by: "U0ADMIN" }),
    ];
    for (const n of notes) expectValidMessage(n);
    expect(notes[0]!.text).toBe("Muted until 2026-11-30T14:00:00Z by <@U0MEMBER>. Routine filings stay in this thread; court-date reminders for this case are paused here.");
    expect(notes[3]!.text).toBe("Unmuted by <@U0ADMIN>");
    await expectGoldens(notes, "./__goldens__/snooze-notes");
  });

  it("names nobody it cannot mention", () => {
    const msg = renderSnoozeNote({ by: "<!channel>", snooze: { mode: "until", until: Number.NaN } });
    expectValidMessage(msg);
    defused(JSON.stringify(msg));
    expect(msg.text).toBe("Muted until unmuted by someone. Routine filings stay in this thread; court-date reminders for this case are paused here.");
  });
});

describe("the settings modal", () => {
  const metadata = settingsMetadata.mustEncode({ c: "C0ACME" });

  it("shows orders as fixed, the current choices selected, and carries the channel", () => {
    const view = renderAlertSettingsModal({ postNotable: true, postRoutine: false, dailyAt: "08:00", weeklyOn: 1, timeZone: "America/Chicago", privateMetadata: metadata, channelId: "C0ACME" });
    expectValidView(view as never);
    expect(view.callback_id).toBe(ALERT_SETTINGS_CALLBACK);
    expect(settingsMetadata.decode(view.private_metadata)).toEqual({ c: "C0ACME" });
    const json = JSON.stringify(view);
    expect(json).toContain("Orders, opinions and judgments always post");
    expect(json).toContain('"initial_option":{"text":{"type":"plain_text","text":"8:00 AM","emoji":true},"value":"08:00"}');
  });

  it("golden: defaults", async () => {
    const view = renderAlertSettingsModal({ postNotable: true, postRoutine: false, timeZone: "America/New_York", privateMetadata: metadata, channelId: "C0ACME" });
    expectValidView(view as never);
    await expectGoldens(view, "./__goldens__/alert-settings-modal-defaults");
  });

  it("golden: everything on, an unlisted zone kept", async () => {
    const view = renderAlertSettingsModal({ postNotable: true, postRoutine: true, dailyAt: "17:00", weeklyOn: 5, timeZone: "Europe/London", privateMetadata: metadata, channelId: "C0ACME" });
    expectValidView(view as never);
    await expectGoldens(view, "./__goldens__/alert-settings-modal-all");
  });

  it("refuses metadata that is not a channel id", () => {
    expect(settingsMetadata.decode('{"c":"<!channel>"}')).toBeUndefined();
    expect(settingsMetadata.decode("nonsense")).toBeUndefined();
    const view = renderAlertSettingsModal({ postNotable: false, postRoutine: false, dailyAt: "25:99", weeklyOn: 9, timeZone: HOSTILE, privateMetadata: metadata, channelId: "<!here>" });
    expectValidView(view as never);
    expect(JSON.stringify(view.blocks[0])).not.toContain("<!here>");
  });
});

describe("the settings confirmation", () => {
  it("golden: what now posts and the digest", async () => {
    const msgs = [
      renderAlertSettingsSaved({ by: "U0ADMIN", postNotable: true, postRoutine: false, dailyAt: "08:00", weeklyOn: 1, timeZone: "America/Chicago" }),
      renderAlertSettingsSaved({ by: "U0ADMIN", postNotable: false, postRoutine: false, weeklyOn: 5, timeZone: "UTC" }),
      renderAlertSettingsSaved({ by: "U0ADMIN", postNotable: true, postRoutine: true, timeZone: "America/New_York" }),
    ];
    for (const m of msgs) expectValidMessage(m);
    expect(msgs[0]!.text).toBe("<@U0ADMIN> changed this channel's alert settings. Posting to the channel: orders, opinions and judgments · notable filings. Routine filings stay in the case threads.");
    await expectGoldens(msgs, "./__goldens__/alert-settings-saved");
  });

  it("defuses a hostile zone and id", () => {
    const msg = renderAlertSettingsSaved({ by: "<!channel>", postNotable: true, postRoutine: false, dailyAt: "08:00", timeZone: HOSTILE });
    expectValidMessage(msg);
    defused(JSON.stringify(msg));
  });
});
