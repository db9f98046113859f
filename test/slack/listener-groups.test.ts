/**
 * listener-groups.ts: the listeners of each kind run behind one chain, so a request no longer runs
 * every listener's chain, and what the listeners see and do is what Bolt alone made of them: the
 * same listeners called in the same order with the same arguments, the same acks, the same errors.
 */
import { App, LogLevel, type AnyMiddlewareArgs } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupListenersByKind } from "../../src/slack/listener-groups.ts";
import { startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";

type Seen = string[];

function makeApp(seen: Seen): InstanceType<typeof App> {
  const receiver = { init() {}, start: async () => undefined, stop: async () => undefined };
  const app = new App({
    token: "xoxb-test", receiver: receiver as never, deferInitialization: true, tokenVerificationEnabled: false,
    logLevel: LogLevel.ERROR, convoStore: false, botId: "B0BOT", botUserId: "U0BOT",
  });
  const mark = (what: string) => async (args: AnyMiddlewareArgs & { ack?: () => Promise<void> }) => {
    seen.push(what);
    await args.ack?.();
  };
  app.command("/docket", mark("command /docket"));
  app.command(/^\/other/, mark("command /other"));
  app.action("approve", async ({ next }) => {
    seen.push("approve middleware");
    await next();
  }, mark("action approve"));
  app.action(/^page:/, mark("action page:*"));
  app.action({ block_id: "b1" }, mark("action block b1"));
  app.action("boom", async () => {
    throw new Error("boom one");
  });
  app.action({ block_id: "boom-block" }, async () => {
    throw new Error("boom two");
  });
  app.action("boom-block-only", async () => {
    throw new Error("boom alone");
  });
  app.view("modal", mark("view modal"));
  app.shortcut("lookup", mark("shortcut lookup"));
  app.event("app_home_opened", mark("event app_home_opened"));
  app.message(/hello/, mark("message hello"));
  app.options("pick", mark("options pick"));
  app.error(async (e) => {
    const err = e as Error & { originals?: Error[] };
    seen.push(`error ${err.constructor.name}: ${err.originals ? err.originals.map((o) => o.message).join("+") : err.message}`);
  });
  return app;
}

const user = { id: "U0MEMBER" };
const action = (action_id: string, block_id = "b0") => ({
  type: "block_actions", team: { id: "T0" }, user, channel: { id: "C0" }, trigger_id: "t",
  actions: [{ type: "button", action_id, block_id, action_ts: "1" }], response_url: "https://hooks.slack.com/actions/x",
});
const BODIES: Record<string, unknown> = {
  command: { command: "/docket", text: "case x", team_id: "T0", channel_id: "C0", user_id: "U0MEMBER", response_url: "https://hooks.slack.com/commands/x", trigger_id: "t" },
  otherCommand: { command: "/other-thing", text: "", team_id: "T0", channel_id: "C0", user_id: "U0MEMBER", trigger_id: "t" },
  approve: action("approve"),
  page: action("page:3"),
  blockB1: action("anything", "b1"),
  oneThrows: action("boom"),
  twoThrow: action("boom", "boom-block"),
  nobody: action("nobody"),
  view: { type: "view_submission", team: { id: "T0" }, user, view: { id: "V0", callback_id: "modal", state: { values: {} } } },
  shortcut: { type: "shortcut", team: { id: "T0" }, user, callback_id: "lookup", trigger_id: "t" },
  home: { type: "event_callback", team_id: "T0", event: { type: "app_home_opened", user: "U0MEMBER", tab: "home" } },
  message: { type: "event_callback", team_id: "T0", event: { type: "message", user: "U0MEMBER", channel: "C0", text: "hello there", ts: "1.2" } },
  options: { type: "block_suggestion", team: { id: "T0" }, user, action_id: "pick", block_id: "b0", value: "x" },
};

async function run(grouped: boolean): Promise<Record<string, Seen>> {
  const out: Record<string, Seen> = {};
  for (const [name, body] of Object.entries(BODIES)) {
    const seen: Seen = [];
    const app = makeApp(seen);
    if (grouped) groupListenersByKind(app);
    await app.init();
    let acks = 0;
    await app.processEvent({ body: body as never, ack: async () => void acks++ }).catch((e: unknown) => seen.push(`rejected ${(e as Error).message}`));
    out[name] = [...seen, `acks ${acks}`];
  }
  return out;
}

describe("listeners grouped by kind", () => {
  it("run one chain per kind instead of one per listener", () => {
    const app = makeApp([]);
    expect((app as unknown as { listeners: unknown[] }).listeners).toHaveLength(13);
    expect(groupListenersByKind(app)).toBe(6);
  });

  it("call the same listeners, in the same order, with the same acks and errors as Bolt alone", async () => {
    const alone = await run(false);
    expect(alone.approve).toEqual(["approve middleware", "action approve", "acks 1"]);
    expect(alone.twoThrow?.[0]).toBe("error MultipleListenerError: boom one+boom two");
    expect(await run(true)).toEqual(alone);
  });
});

describe("the bot", () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("runs at most one listener chain per kind of request", () => {
    expect((h.bot.slack!.app as unknown as { listeners: unknown[] }).listeners.length).toBeLessThanOrEqual(6);
  });
});
