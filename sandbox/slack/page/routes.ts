import { fileURLToPath } from "node:url";
import express, { type Request } from "express";
import { z } from "zod";
import type { Senders } from "../senders.ts";
import type { WorkspaceState } from "../state.ts";
import { BOT, TEAM } from "../workspace.ts";
import { parseComposer, COMPOSER_MAX } from "./compose.ts";
import { describeDemoAction, type DemoAction } from "./demo.ts";
import { streamChanges } from "./events.ts";
import type { AppFeatures } from "./features.ts";
import { deliveryOutcome, handle, PageError, securityHeaders, sendError, withSecurityHeaders } from "./http.ts";
import { historyFor, threadFor, visibleChannel, visibleChannels } from "./snapshot.ts";

/**
 * The stand-in's web page: the static client (../web/, plain ES modules, no build step) at `/`, and
 * the JSON API it drives at `/page/api/`. Reads give one person's view of the workspace; writes are
 * what that person does in Slack's client, turned into the signed requests Slack sends the app by
 * the stand-in's own senders. Everything is as the given user (the page's user switcher): this is a
 * local sandbox on loopback, with no sign-in.
 */
export interface PageDeps {
  state: WorkspaceState;
  senders: Senders;
  features: AppFeatures;
  demoActions(): readonly DemoAction[];
}

const WEB_DIR = fileURLToPath(new URL("../web/", import.meta.url));

const Id = z.string().regex(/^[A-Z0-9]{2,40}$/, { error: "is not a Slack id" });
const Ts = z.string().regex(/^\d{1,12}\.\d{1,6}$/, { error: "is not a message ts" });
const Choice = z.union([z.string().max(3000), z.array(z.string().max(3000)).max(100), z.null()]);
const Values = z.record(z.string().max(255), z.union([Choice, z.record(z.string().max(255), Choice)]));
const UserQuery = z.object({ user: Id });
const Compose = z.object({ user: Id, channel: Id, text: z.string().max(COMPOSER_MAX), thread_ts: Ts.optional() });
const Action = z.object({
  user: Id,
  action_id: z.string().min(1).max(255),
  block_id: z.string().max(255).optional(),
  value: Choice.optional(),
  container: z.discriminatedUnion("type", [
    z.object({ type: z.literal("message"), channel: Id, ts: Ts }),
    z.object({ type: z.literal("ephemeral"), ts: Ts }),
    z.object({ type: z.literal("view"), view_id: Id, values: Values.optional() }),
  ]),
});
const Submit = z.object({ user: Id, values: Values });
const Close = z.object({ user: Id, all: z.boolean().optional() });
const Shortcut = z.object({ user: Id, callback_id: z.string().min(1).max(255), channel: Id.optional(), message_ts: Ts.optional() });

export function pageRoutes(deps: PageDeps): express.Router {
  const { state, senders, features } = deps;
  const router = express.Router();
  const api = express.Router();
  api.use(withSecurityHeaders, express.json({ limit: "1mb", type: "application/json" }));

  /** A person of the workspace (not the bot): the page acts only as one of them. */
  const person = (raw: unknown): string => {
    const id = Id.parse(raw);
    const user = state.userRef(id);
    if (!user || user.is_bot) throw new PageError(400, "unknown_user", "There is no such person in this workspace.");
    return id;
  };
  const userOf = (req: Request) => person(UserQuery.parse(req.query).user);
  const stack = (user: string) => state.modals(user);

  api.get("/workspace", handle(() => ({
    team: { id: TEAM.id, name: TEAM.name, domain: TEAM.domain },
    bot: { id: BOT.userId, name: BOT.name, real_name: BOT.realName },
    users: state.users().map(({ id, name, real_name, is_admin, is_bot, tz }) => ({ id, name, real_name, is_admin, is_bot, tz })),
    commands: features.commands,
    shortcuts: features.shortcuts,
    demo: deps.demoActions().map(describeDemoAction),
    // Where the page opens when no conversation is asked for: the first channel of the workspace.
    default_channel: state.channels().find((c) => !c.is_im)?.id ?? null,
  })));
  api.get("/channels", handle((req) => ({ channels: visibleChannels(state, userOf(req)) })));
  api.get("/channels/:id/history", handle((req) => ({ ...historyFor(state, userOf(req), Id.parse(req.params.id)) })));
  api.get("/channels/:id/threads/:ts", handle((req) => ({ ...threadFor(state, userOf(req), Id.parse(req.params.id), Ts.parse(req.params.ts)) })));
  api.get("/home", handle((req) => ({ view: state.homeView(userOf(req)) ?? null })));
  api.get("/modals", handle((req) => ({ stack: stack(userOf(req)) })));
  api.get("/events", (req, res) => {
    try {
      streamChanges(state, userOf(req), req, res);
    } catch (e) {
      sendError(res, e);
    }
  });

  api.post("/compose", handle(async (req) => {
    const body = Compose.parse(req.body);
    const user = person(body.user);
    const channel = visibleChannel(state, user, body.channel);
    const composed = parseComposer(body.text, {
      users: state.users(), channels: visibleChannels(state, user), commands: features.commands.map((c) => c.command),
    });
    if (composed.kind === "invalid") throw new PageError(400, composed.error, composed.message);
    if (composed.kind === "command") {
      // Slack sends a command from a thread with the channel only; its answers land in the channel.
      const d = await senders.sendCommand({ command: composed.command, text: composed.text, user, channel: channel.id });
      return { kind: "command", delivery: deliveryOutcome(d) };
    }
    const posted = await senders.postUserMessage({
      user, channel: channel.id, text: composed.text, richText: composed.richText, ...(body.thread_ts ? { threadTs: body.thread_ts } : {}),
    });
    return { kind: "message", ts: posted.ts, deliveries: posted.deliveries.map(deliveryOutcome) };
  }));

  api.post("/actions", handle(async (req) => {
    const body = Action.parse(req.body);
    const user = person(body.user);
    const c = body.container;
    const common = { user, actionId: body.action_id, ...(body.block_id ? { blockId: body.block_id } : {}), ...(body.value !== undefined ? { value: body.value } : {}) };
    if (c.type === "view") {
      const found = state.views.find({ viewId: c.view_id });
      if (!found || found.user !== user) throw new PageError(404, "view_not_found", "That view is no longer open.");
      const d = await senders.sendBlockAction({ ...common, view: c.view_id, ...(c.values ? { viewValues: c.values } : {}) });
      return { delivery: deliveryOutcome(d) };
    }
    if (c.type === "ephemeral") return { delivery: deliveryOutcome(await senders.sendBlockAction({ ...common, ephemeral: c.ts })) };
    visibleChannel(state, user, c.channel);
    return { delivery: deliveryOutcome(await senders.sendBlockAction({ ...common, channel: c.channel, message: c.ts })) };
  }));

  api.post("/views/:id/submit", handle(async (req) => {
    const body = Submit.parse(req.body);
    const user = person(body.user);
    const viewId = Id.parse(req.params.id);
    if (!stack(user).some((e) => e.view.id === viewId)) throw new PageError(404, "view_not_found", "That view is no longer open.");
    const d = await senders.sendViewSubmission({ user, view: viewId, values: body.values });
    return { delivery: deliveryOutcome(d), stack: stack(user) };
  }));

  // Cancel closes the view (back to the one under it); the × closes them all. No view_closed is
  // sent: docketbot asks for none (notify_on_close).
  api.post("/views/:id/close", handle((req) => {
    const body = Close.parse(req.body);
    const user = person(body.user);
    const viewId = Id.parse(req.params.id);
    if (!stack(user).some((e) => e.view.id === viewId)) throw new PageError(404, "view_not_found", "That view is no longer open.");
    if (body.all) state.views.clear(user);
    else state.views.close(user, viewId);
    state.emit({ kind: "modal", user });
    return { stack: stack(user) };
  }));

  api.post("/shortcuts", handle(async (req) => {
    const body = Shortcut.parse(req.body);
    const user = person(body.user);
    const shortcut = features.shortcuts.find((s) => s.callback_id === body.callback_id);
    if (!shortcut) throw new PageError(400, "unknown_shortcut", "The app has no such shortcut.");
    if (shortcut.type === "global") return { delivery: deliveryOutcome(await senders.sendGlobalShortcut({ user, callbackId: shortcut.callback_id })) };
    if (!body.channel || !body.message_ts) throw new PageError(400, "invalid_request", "A message shortcut needs the message it was used on.");
    visibleChannel(state, user, body.channel);
    const d = await senders.sendMessageShortcut({ user, callbackId: shortcut.callback_id, channel: body.channel, message: body.message_ts });
    return { delivery: deliveryOutcome(d) };
  }));

  api.post("/home/open", handle(async (req) => ({ delivery: deliveryOutcome(await senders.openAppHome(person(UserQuery.parse(req.body).user))) })));

  api.post("/ephemerals/:ts/dismiss", handle((req) => {
    const user = person(UserQuery.parse(req.body).user);
    const ts = Ts.parse(req.params.ts);
    if (!state.ephemeralRef(user, ts)) throw new PageError(404, "message_not_found", "That message is already gone.");
    state.deleteEphemeral(user, ts);
    return {};
  }));

  api.post("/demo/:id", handle(async (req) => {
    const action = deps.demoActions().find((a) => a.id === req.params.id);
    if (!action) throw new PageError(404, "unknown_demo_action", "There is no such demo control.");
    try {
      return { message: await action.run() };
    } catch (e) {
      throw new PageError(500, "demo_failed", `That didn't work: ${e instanceof Error ? e.message : String(e)}`);
    }
  }));

  // A shared file, downloaded by a person in Slack's client (the Web API's url_private wants the bot token).
  api.get("/files/:id", (req, res) => {
    const upload = state.fileStore.get(String(req.params.id));
    if (!upload?.file || !upload.bytes) return sendError(res, new PageError(404, "file_not_found", "There is no such file."));
    res.status(200).type(upload.file.mimetype).attachment(upload.file.name).send(upload.bytes);
  });

  api.use((_req, res) => sendError(res, new PageError(404, "not_found", "No such page API endpoint.")));
  // Bodies express.json could not read (bad JSON, too large).
  api.use((err: unknown, _req: Request, res: express.Response, _next: express.NextFunction) => {
    const status = (err as { status?: number }).status;
    sendError(res, status && status < 500 ? new PageError(status, "invalid_request", "The page sent a body the stand-in can't read.") : err);
  });
  router.use("/page/api", api);
  router.use(express.static(WEB_DIR, { index: "index.html", setHeaders: securityHeaders }));
  return router;
}
