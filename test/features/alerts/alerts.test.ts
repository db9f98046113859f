import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { readAudit } from "../../helpers/audit-trail.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-777");
  const push = (matter: string, n: number) =>
    h.store.storePush({
      body: JSON.stringify({ push_type: "docket", client_matter: matter, court: "Delaware District Court", docket: `1:26-cv-0000${n}`, docket_report: [] }),
      receivedAt: Date.now(),
      pushType: "docket",
      clientMatter: matter,
    });
  await push("ACME-001", 1);
  await push("ACME-001", 2);
  await push("IP-777", 3);
  await h.store.storePush({ body: "{not json", receivedAt: Date.now(), clientMatter: "ACME-001", quarantineReason: "invalid_json" });
  const [first] = await h.store.listDeliveries({ matters: ["ACME-001"], limit: 1 });
  await h.store.markDead(first!.id, "channel_not_found");
});
afterAll(async () => {
  await h?.close();
});

describe("/docket alerts", () => {
  it("refuses members", async () => {
    const d = await h.slack.sendCommand({ text: "alerts", user: MEMBER, channel: ACME_CHANNEL });
    expect((d.body as { text: string }).text).toContain("Only docketbot admins");
  });

  it("shows an admin this channel's matters only, with dead and quarantined counts and a Retry button", async () => {
    const d = await h.slack.sendCommand({ text: "alerts", user: ADMIN, channel: ACME_CHANNEL });
    expect(d.lateAck).toBe(false);
    const body = d.body as { text: string; blocks: { type: string; text?: { text: string }; elements?: { action_id?: string }[] }[] };
    expectValidMessage(body);
    const all = JSON.stringify(body.blocks);
    expect(all).toContain("ACME-001");
    expect(all).not.toContain("IP-777");
    expect(all).toContain("the channel no longer exists");
    expect(body.text).toMatch(/1 parked, 1 quarantined/);
    expect(all).toContain("alerts_retry");
    expect(all).toContain("alerts_dismiss");
  });

  it("Retry requeues the dead delivery within the channel's matters", async () => {
    const before = await h.store.listDeliveries({ matters: ["ACME-001"], state: "dead" });
    expect(before).toHaveLength(1);
    const status = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).filter((e) => JSON.stringify(e.blocks ?? []).includes("alerts_retry")).at(-1)!;
    const d = await h.slack.sendBlockAction({ user: ADMIN, ephemeral: status.message_ts, actionId: "alerts_retry" });
    expect(d.status).toBe(200);
    await h.slack.waitFor(() => h.slack.responses.find((r) => JSON.stringify(r.body).includes("Retrying 1 alert")));
    expect(await h.store.listDeliveries({ matters: ["ACME-001"], state: "dead" })).toHaveLength(0);
  });

  it("Dismiss takes the parked delivery out for good, within the channel's matters, and the audit trail says who", async () => {
    const [acme] = await h.store.listDeliveries({ matters: ["ACME-001"], state: "pending", limit: 1 });
    const [ip] = await h.store.listDeliveries({ matters: ["IP-777"], limit: 1 });
    await h.store.markDead(acme!.id, "store_failed");
    await h.store.markDead(ip!.id, "store_failed");
    await h.slack.sendCommand({ text: "alerts", user: ADMIN, channel: ACME_CHANNEL });
    const status = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).filter((e) => JSON.stringify(e.blocks ?? []).includes("alerts_dismiss")).at(-1)!;
    expect(JSON.stringify(status.blocks)).toContain("docketbot's database refused to save it");
    const d = await h.slack.sendBlockAction({ user: ADMIN, ephemeral: status.message_ts, actionId: "alerts_dismiss" });
    expect(d.status).toBe(200);
    await h.slack.waitFor(() => h.slack.responses.find((r) => JSON.stringify(r.body).includes("Dismissed 1 parked alert")));
    expect(await h.store.getDelivery(acme!.id)).toMatchObject({ state: "dismissed", dismissedBy: ADMIN });
    expect(await h.store.getDelivery(ip!.id)).toMatchObject({ state: "dead" }); // another channel's matter: untouched
    const audit = await h.store.auditLog(TEAM, { matters: ["ACME-001"] });
    expect(audit.find((e) => e.action === "alert_dismissed")).toMatchObject({ userId: ADMIN, detail: `alert ${acme!.id}: store_failed` });
  });

  it("the retry is in the matter's audit trail with who and how many, and not in another matter's", async () => {
    const { text, csv } = await readAudit(h, ACME_CHANNEL);
    expect(text).toContain("<@U0ADMIN> retried 1 failed alert · *ACME-001* · in <#C0ACME>");
    expect(csv).toContain('"alerts_retried","U0ADMIN","ACME-001","C0ACME","","","","","","1 failed alert","retried 1 failed alert"');
    const ip = await readAudit(h, IP_CHANNEL);
    expect(ip.text).not.toContain("retried");
    expect(ip.csv).not.toContain("alerts_retried");
  });
});
