/**
 * The Slack stand-in's page: a small Slack client for trying docketbot by hand. This module holds
 * the page's state (who is at the keyboard, which conversation and thread are open), follows the
 * workspace's change stream, and refetches whatever a change touches.
 * Location: #user=U0ADMIN&channel=C0ACME (or channel=home), so a view can be linked to.
 */
import { api, subscribe } from "./api.js";
import { renderBlocks } from "./blocks.js";
import { createComposer } from "./composer.js";
import { h } from "./dom.js";
import { createModals } from "./modal.js";
import { renderNav } from "./nav.js";
import { followEnd, renderTimeline } from "./timeline.js";

const $ = (id) => document.getElementById(id);
const state = { ws: null, user: null, channels: [], view: null, thread: null, unread: new Set() };
let unsubscribe;
let pane = null;
let threadPane = null;

const me = () => state.ws.users.find((u) => u.id === state.user);
const channelOf = (id) => state.channels.find((c) => c.id === id);
const q = () => `user=${encodeURIComponent(state.user)}`;

function toast(message) {
  const node = h("div", { class: "toast", role: "alert" }, message);
  $("toasts").append(node);
  setTimeout(() => node.remove(), 7000);
}

/**
 * One run at a time per refresher; a call during a run makes it run once more afterwards. So the
 * last change is always followed by a fetch that started after it, and an older answer can never
 * land after a newer one.
 */
function coalesce(fn) {
  let running = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await fn();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}

const report = (r) => {
  if (!r.ok) toast(r.message);
  else if (r.delivery?.ui_error) toast(`docketbot didn't answer in time (${r.delivery.ui_error}).`);
};

/** What every renderer needs: people, conversations, the reader's time zone, navigation. */
function context() {
  const users = state.ws.users;
  return {
    tz: me()?.tz, bot: { id: state.ws.bot.id, name: state.ws.bot.name }, users, channels: state.channels,
    currentChannel: state.view?.kind === "channel" ? state.view.id : undefined,
    userName: (id) => users.find((u) => u.id === id)?.real_name ?? id ?? "someone",
    channelName: (id) => state.channels.find((c) => c.id === id)?.label ?? "private-channel",
    openChannel: (id) => (channelOf(id) ? open(id) : toast("You're not in that channel.")),
  };
}

const act = (container) => async (el, block, value) => {
  report(await api.post("/actions", { user: state.user, action_id: el.action_id, block_id: block.block_id, value, container }));
};

const modals = createModals({ root: $("modal-root"), api, user: () => state.user, context, toast, coalesce });

function timelineEnv(channel, inThread) {
  return {
    ctx: context(), channel, inThread, act,
    shortcuts: state.ws.shortcuts.filter((s) => s.type === "message"),
    onShortcut: async (callbackId, m) => report(await api.post("/shortcuts", { user: state.user, callback_id: callbackId, channel, message_ts: m.ts })),
    onOpenThread: (ts) => openThread(channel, ts),
    onDismiss: async (ts) => report(await api.post(`/ephemerals/${ts}/dismiss`, { user: state.user })),
  };
}

async function send(channel, text, threadTs) {
  const r = await api.post("/compose", { user: state.user, channel, text, ...(threadTs ? { thread_ts: threadTs } : {}) });
  if (!r.ok) return { ok: false, message: r.message };
  if (r.kind === "command" && r.delivery.ui_error) {
    return { ok: true, warning: true, message: `${text.trim().split(/\s/)[0]} failed with the error "${r.delivery.ui_error}"` };
  }
  return { ok: true };
}

// ---- the main pane: a conversation or the app's Home tab ------------------------------------------

function channelPane(channel) {
  const list = followEnd(h("div", { class: "timeline", role: "log", "aria-label": `Messages in ${channel.is_im ? channel.label : `#${channel.label}`}`, tabindex: "0" }));
  const label = channel.is_im ? `Message ${channel.label}` : `Message #${channel.label}`;
  const composer = createComposer({
    label, commands: state.ws.commands, shortcuts: state.ws.shortcuts.filter((s) => s.type === "global"),
    onSend: (text) => send(channel.id, text),
    onShortcut: async (callbackId) => report(await api.post("/shortcuts", { user: state.user, callback_id: callbackId })),
  });
  const title = channel.is_im ? channel.label : `# ${channel.label}`;
  $("pane").replaceChildren(
    h("header", { class: "pane-header" }, h("h1", { class: "pane-title" }, title),
      channel.purpose ? h("span", { class: "pane-purpose" }, channel.purpose) : null,
      h("span", { class: "pane-members" }, `${channel.member_count} members`)),
    list, composer.node);
  const intro = () => h("div", { class: "intro" },
    h("h2", {}, channel.is_im ? `This is your space with ${channel.label}` : `This is the very beginning of #${channel.label}`),
    h("p", {}, "Try ", h("code", {}, "/docket case nysd 1:23-cv-01234"), ", ", h("code", {}, "/docket search acme widget"), " or ", h("code", {}, "/docket help"), "."));
  return { kind: "channel", id: channel.id, list, intro, composer, first: true };
}

const refreshHistory = coalesce(async () => {
  const p = pane;
  if (p?.kind !== "channel") return;
  const r = await api.get(`/channels/${p.id}/history?${q()}`);
  if (pane !== p) return;
  if (!r.ok) return toast(r.message);
  renderTimeline(p.list, r, { ...timelineEnv(p.id, false), intro: p.intro(), forceEnd: p.first });
  p.first = false;
});

function homePane() {
  const dm = state.channels.find((c) => c.is_im);
  const body = h("div", { class: "home-body", role: "region", "aria-label": `${state.ws.bot.name} Home` }, h("p", { class: "muted" }, "Opening…"));
  $("pane").replaceChildren(
    h("header", { class: "pane-header" }, h("span", { class: "avatar avatar-bot", "aria-hidden": "true" }, "DB"), h("h1", { class: "pane-title" }, state.ws.bot.name),
      h("nav", { class: "tabs", "aria-label": "App tabs" },
        h("button", { type: "button", class: "tab is-current", "aria-current": "page" }, "Home"),
        dm ? h("button", { type: "button", class: "tab", onclick: () => open(dm.id) }, "Messages") : null)),
    body);
  return { kind: "home", body };
}

const refreshHome = coalesce(async () => {
  const p = pane;
  if (p?.kind !== "home") return;
  const r = await api.get(`/home?${q()}`);
  if (pane !== p) return;
  if (!r.ok) return toast(r.message);
  if (!r.view) return void p.body.replaceChildren(h("p", { class: "muted" }, `${state.ws.bot.name} hasn't published a Home tab yet.`));
  p.body.replaceChildren(renderBlocks(r.view.blocks, { ...context(), act: act({ type: "view", view_id: r.view.id }) }));
});

// ---- the thread pane ---------------------------------------------------------------------------------

function openThread(channel, ts) {
  state.thread = { channel, ts };
  const c = channelOf(channel);
  const list = followEnd(h("div", { class: "timeline", role: "log", "aria-label": "Thread messages", tabindex: "0" }));
  const composer = createComposer({ label: "Reply…", commands: state.ws.commands, onSend: (text) => send(channel, text, ts) });
  $("thread").replaceChildren(
    h("header", { class: "pane-header" }, h("h2", { class: "pane-title" }, "Thread"), h("span", { class: "pane-purpose" }, c?.is_im ? c.label : `#${c?.label ?? ""}`),
      h("button", { type: "button", class: "icon-btn close-thread", "aria-label": "Close thread", onclick: closeThread }, "×")),
    list, composer.node);
  $("thread").hidden = false;
  threadPane = { channel, ts, list, first: true };
  void refreshThread();
  composer.focus();
}

function closeThread() {
  state.thread = null;
  threadPane = null;
  $("thread").hidden = true;
  $("thread").replaceChildren();
}

const refreshThread = coalesce(async () => {
  const p = threadPane;
  if (!p) return;
  const r = await api.get(`/channels/${p.channel}/threads/${p.ts}?${q()}`);
  if (threadPane !== p) return;
  if (!r.ok) return r.error === "thread_not_found" ? closeThread() : toast(r.message);
  renderTimeline(p.list, r, { ...timelineEnv(p.channel, true), forceEnd: p.first });
  p.first = false;
});

// ---- navigation, people, live updates ------------------------------------------------------------------

function nav() {
  renderNav($("nav"), { channels: state.channels, current: state.view?.kind === "home" ? "home" : state.view?.id, unread: state.unread, bot: state.ws.bot, onOpen: open });
}

function remember() {
  const channel = state.view?.kind === "home" ? "home" : state.view?.id;
  history.replaceState(null, "", `#user=${encodeURIComponent(state.user)}&channel=${encodeURIComponent(channel ?? "")}`);
}

async function open(target) {
  state.unread.delete(target);
  if (state.thread && state.thread.channel !== target) closeThread();
  if (target === "home") {
    state.view = { kind: "home" };
    pane = homePane();
    nav();
    remember();
    report(await api.post("/home/open", { user: state.user }));
    return refreshHome();
  }
  const channel = channelOf(target) ?? state.channels[0];
  state.view = { kind: "channel", id: channel.id };
  pane = channelPane(channel);
  nav();
  remember();
  await refreshHistory();
  pane?.composer?.focus();
}

const loadChannels = coalesce(async () => {
  const r = await api.get(`/channels?${q()}`);
  if (r.ok) state.channels = r.channels;
  else toast(r.message);
});

const pending = new Set();
let flushTimer;
function schedule(what) {
  pending.add(what);
  flushTimer ??= setTimeout(async () => {
    flushTimer = undefined;
    const jobs = [...pending];
    pending.clear();
    if (jobs.includes("channels")) await loadChannels().then(nav);
    await Promise.all([
      jobs.includes("history") && refreshHistory(), jobs.includes("thread") && refreshThread(),
      jobs.includes("home") && refreshHome(), jobs.includes("modals") && modals.refresh(),
    ]);
  }, 40);
}

function onChange(change) {
  const current = state.view?.kind === "channel" ? state.view.id : undefined;
  switch (change.kind) {
    case "message": case "message_changed": case "message_deleted": case "file": case "ephemeral":
      if (change.channel && change.channel !== current && change.kind === "message" && channelOf(change.channel)) {
        state.unread.add(change.channel);
        nav();
      }
      if (!change.channel || change.channel === current) schedule("history");
      if (!change.channel || change.channel === state.thread?.channel) schedule("thread");
      break;
    case "modal": schedule("modals"); break;
    case "home": schedule("home"); break;
    case "channel": schedule("channels"); break;
    default: break;
  }
}

async function switchUser(user, target) {
  state.user = user;
  state.unread.clear();
  closeThread();
  unsubscribe?.();
  let dropped = false;
  unsubscribe = subscribe(user, {
    onChange,
    onOpen: () => {
      $("conn").textContent = "";
      // Back after a drop: whatever changed meanwhile was missed, so refetch all of it.
      if (dropped) ["channels", "history", "thread", "home", "modals"].forEach(schedule);
      dropped = false;
    },
    onError: () => {
      dropped = true;
      $("conn").textContent = "Reconnecting…";
    },
  });
  await loadChannels();
  await open(target === "home" || channelOf(target) ? target : channelOf(state.ws.default_channel)?.id ?? state.channels[0]?.id);
  await modals.refresh();
}

function renderDemo() {
  const actions = state.ws.demo;
  $("demo").hidden = actions.length === 0;
  $("demo-actions").replaceChildren(...actions.map((a) => h("div", { class: "demo-action" },
    h("button", {
      type: "button", class: "btn btn-primary btn-small",
      onclick: async (e) => {
        const button = e.currentTarget;
        button.classList.add("is-busy");
        $("demo-result").textContent = "…";
        const r = await api.post(`/demo/${encodeURIComponent(a.id)}`);
        button.classList.remove("is-busy");
        $("demo-result").textContent = r.message;
      },
    }, a.label),
    h("p", { class: "demo-desc" }, a.description))));
}

async function boot() {
  const ws = await api.get("/workspace");
  if (!ws.ok) {
    $("pane").replaceChildren(h("p", { class: "fatal" }, ws.message));
    return;
  }
  state.ws = ws;
  const people = ws.users.filter((u) => !u.is_bot);
  const params = new URLSearchParams(location.hash.slice(1));
  const user = people.find((u) => u.id === params.get("user"))?.id ?? people[0].id;
  const select = $("user-switch");
  select.replaceChildren(...people.map((u) => h("option", { value: u.id, selected: u.id === user }, `${u.real_name}${u.is_admin ? " (admin)" : ""}`)));
  select.addEventListener("change", () => switchUser(select.value));
  $("workspace-name").textContent = ws.team.name;
  renderDemo();
  await switchUser(user, params.get("channel") ?? undefined);
  document.body.dataset.ready = "true";
}

void boot();
