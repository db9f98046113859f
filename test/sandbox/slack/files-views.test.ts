import type { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { slackError, startStandIn, webClient } from "./harness.ts";

const modal = (title = "Ask about a case") => ({
  type: "modal" as const,
  callback_id: "docket_ask",
  title: { type: "plain_text" as const, text: title },
  submit: { type: "plain_text" as const, text: "Ask" },
  blocks: [{
    type: "input", block_id: "question", label: { type: "plain_text", text: "Question" },
    element: { type: "plain_text_input", action_id: "q" },
  }],
});

describe("Slack stand-in: the file upload flow (filesUploadV2)", () => {
  let slack: SlackStandIn;
  let client: WebClient;
  beforeEach(async () => {
    slack = await startStandIn();
    client = webClient(slack);
  });
  afterEach(() => slack.close());

  it("uploads a Buffer into a thread: the file is shared as a message in that thread and served back", async () => {
    const root = await client.chat.postMessage({ channel: "C0ACME", text: "Docket entry 12" });
    const bytes = Buffer.from("%PDF-1.7 pretend this is a complaint");
    const res = await client.filesUploadV2({
      channel_id: "C0ACME", thread_ts: root.ts as string, file: bytes, filename: "complaint.pdf", initial_comment: "Entry 12",
    });
    expect(res.ok).toBe(true);
    const completion = (res as unknown as { files: { ok: boolean; files: { id: string; title: string }[] }[] }).files[0];
    const fileId = completion?.files[0]?.id as string;
    expect(completion?.files[0]).toEqual({ id: fileId, title: "complaint.pdf" });

    const get = slack.callsTo("files.getUploadURLExternal")[0];
    expect(get?.params).toMatchObject({ filename: "complaint.pdf", length: String(bytes.length) });
    const thread = slack.state.thread("C0ACME", root.ts as string);
    expect(thread).toHaveLength(2);
    expect(thread[1]).toMatchObject({ text: "Entry 12", thread_ts: root.ts, upload: true, user: "U0BOT" });
    expect(thread[1]?.files?.[0]).toMatchObject({ id: fileId, name: "complaint.pdf", mimetype: "application/pdf", size: bytes.length, channels: ["C0ACME"] });

    const info = await client.files.info({ file: fileId });
    expect(info.file).toMatchObject({ id: fileId, title: "complaint.pdf", filetype: "pdf" });
    const download = await fetch(info.file?.url_private as string, { headers: { authorization: "Bearer xoxb-sandbox-bot-token" } });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect((await fetch(info.file?.url_private as string)).status).toBe(403);
    expect(slack.state.files().map((f) => f.id)).toEqual([fileId]);
  });

  it("completing a file whose bytes never arrived is file_not_found; sharing in an archived channel is_archived", async () => {
    const url = await client.files.getUploadURLExternal({ filename: "a.txt", length: 3 });
    expect(url.upload_url).toMatch(new RegExp(`^${slack.baseUrl}upload/v1/`));
    const early = await slackError(client.files.completeUploadExternal({ files: [{ id: url.file_id as string }], channel_id: "C0ACME" }));
    expect(early.error).toBe("file_not_found");
    slack.archiveChannel("C0IP");
    const archived = await slackError(client.filesUploadV2({ channel_id: "C0IP", file: Buffer.from("abc"), filename: "a.txt" }));
    expect(archived.error).toBe("is_archived");
  });
});

describe("Slack stand-in: views and trigger_ids", () => {
  let slack: SlackStandIn;
  let client: WebClient;
  let now = 0;
  beforeEach(async () => {
    now = 0;
    slack = await startStandIn({ stopwatch: () => now });
    client = webClient(slack);
  });
  afterEach(() => slack.close());

  /** A trigger as Slack hands one out: with a slash command (no bot needed for this). */
  const triggerFor = async (user: string) => {
    slack.setBotUrl(`${slack.baseUrl}nowhere`); // the request fails, but the trigger is issued
    const delivery = await slack.sendCommand({ text: "help", user, channel: "C0ACME" });
    return delivery.triggerId as string;
  };

  it("views.open with a fresh trigger opens a modal for that trigger's user and answers with the view", async () => {
    const trigger = await triggerFor("U0MEMBER");
    const res = await client.views.open({ trigger_id: trigger, view: modal() });
    expect(res.view).toMatchObject({ type: "modal", callback_id: "docket_ask", team_id: "T0DOCKET", bot_id: "B0BOT", state: { values: {} } });
    expect(res.view?.root_view_id).toBe(res.view?.id);
    expect(slack.state.modals("U0MEMBER").map((m) => m.view.id)).toEqual([res.view?.id]);
    expect((await slackError(client.views.open({ trigger_id: trigger, view: modal() }))).error).toBe("exchanged_trigger_id");
  });

  it("a trigger expires 3 s (real time) after it was issued; unknown triggers are invalid", async () => {
    const trigger = await triggerFor("U0ADMIN");
    now = 3001;
    expect((await slackError(client.views.open({ trigger_id: trigger, view: modal() }))).error).toBe("expired_trigger_id");
    const other = await triggerFor("U0ADMIN");
    slack.expireTriggers();
    expect((await slackError(client.views.open({ trigger_id: other, view: modal() }))).error).toBe("expired_trigger_id");
    expect((await slackError(client.views.open({ trigger_id: "1.2.3", view: modal() }))).error).toBe("invalid_trigger_id");
  });

  it("an invalid view is invalid_arguments with the problem named; the trigger stays usable", async () => {
    const trigger = await triggerFor("U0ADMIN");
    const bad = await slackError(client.views.open({ trigger_id: trigger, view: modal("A title that is far too long") }));
    expect(bad.error).toBe("invalid_arguments");
    expect(bad.data?.response_metadata).toMatchObject({ messages: ["[ERROR] must be less than 25 characters [json-pointer:/view/title/text]"] });
    expect((await client.views.open({ trigger_id: trigger, view: modal() })).ok).toBe(true);
  });

  it("views.push stacks up to three; views.update honours hash; views.publish sets the Home tab", async () => {
    const opened = await client.views.open({ trigger_id: await triggerFor("U0ADMIN"), view: modal() });
    const pushed = await client.views.push({ trigger_id: await triggerFor("U0ADMIN"), view: modal("Step 2") });
    expect(pushed.view).toMatchObject({ previous_view_id: opened.view?.id, root_view_id: opened.view?.id });
    await client.views.push({ trigger_id: await triggerFor("U0ADMIN"), view: modal("Step 3") });
    expect((await slackError(client.views.push({ trigger_id: await triggerFor("U0ADMIN"), view: modal("Step 4") }))).error).toBe("push_limit_reached");

    const id = opened.view?.id as string;
    const stale = await slackError(client.views.update({ view_id: id, hash: "0.stale", view: modal("Updated") }));
    expect(stale.error).toBe("hash_conflict");
    const updated = await client.views.update({ view_id: id, hash: opened.view?.hash as string, view: modal("Updated") });
    expect(updated.view).toMatchObject({ id, title: { text: "Updated" } });
    expect((await slackError(client.views.update({ view_id: "V0NOPE", view: modal() }))).error).toBe("not_found");

    const home = { type: "home" as const, blocks: [{ type: "section", text: { type: "mrkdwn", text: "*Your recent cases*" } }] };
    const published = await client.views.publish({ user_id: "U0MEMBER", view: home });
    expect(published.view).toMatchObject({ type: "home" });
    expect(slack.state.homeView("U0MEMBER")?.blocks[0]).toMatchObject({ type: "section", text: { text: "*Your recent cases*" } });
    expect((await slackError(client.views.publish({ user_id: "U0MEMBER", view: modal() as never }))).error).toBe("invalid_arguments");
  });
});
