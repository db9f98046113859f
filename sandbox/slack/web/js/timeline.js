/**
 * A conversation's message list (the channel pane or the thread pane): messages and this person's
 * ephemeral messages in time order, kept scrolled to the newest unless the reader scrolled up.
 */
import { h } from "./dom.js";
import { renderEphemeral, renderMessage } from "./messages.js";

/**
 * env: {
 *   ctx,                      the rendering context (people, channels, time zone, act for a container)
 *   channel,                  the conversation's id
 *   inThread,                 true in the thread pane
 *   intro,                    a node shown before the first message (or null)
 *   shortcuts, onShortcut(callbackId, message), onOpenThread(ts), onDismiss(ts), act(container) }
 */
/** Keeps a list scrolled to its end while the reader is there, also when the pane is resized. */
export function followEnd(list) {
  let atEnd = true;
  list.addEventListener("scroll", () => {
    atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 60;
  });
  new ResizeObserver(() => {
    if (atEnd) list.scrollTop = list.scrollHeight;
  }).observe(list);
  return list;
}

/**
 * Like Slack's client, a message that did not change keeps its node across refreshes: a reader's
 * half-made choice in a select survives someone else's post, and nothing under the pointer is swapped.
 */
const rendered = new WeakMap();

export function renderTimeline(list, { messages, ephemerals }, env) {
  const nearEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 60;
  const keep = list.scrollTop;
  const before = rendered.get(list) ?? new Map();
  const now = new Map();
  const scope = JSON.stringify([env.channel, env.inThread, env.ctx.tz, env.ctx.currentChannel, env.ctx.users?.length]);
  const reuse = (key, data, make) => {
    const sig = scope + JSON.stringify(data);
    const old = before.get(key);
    const node = old?.sig === sig ? old.node : make();
    now.set(key, { sig, node });
    return node;
  };
  const items = [
    ...messages.map((m) => ({ ts: m.ts, node: () => reuse(`m${m.ts}`, m, () => message(m, env)) })),
    ...ephemerals.map((e) => ({ ts: e.message_ts, node: () => reuse(`e${e.message_ts}`, e, () => ephemeral(e, env)) })),
  ].sort((a, b) => Number(a.ts) - Number(b.ts) || a.ts.localeCompare(b.ts));
  list.replaceChildren(...(env.intro ? [env.intro] : []), ...items.map((i) => i.node()));
  rendered.set(list, now);
  if (env.inThread && messages.length > 1) {
    const parent = list.querySelector(".msg");
    parent?.after(h("div", { class: "thread-divider", role: "separator" }, `${messages.length - 1} ${messages.length === 2 ? "reply" : "replies"}`));
  }
  list.scrollTop = env.forceEnd || nearEnd ? list.scrollHeight : keep;
}

function message(m, env) {
  const ctx = { ...env.ctx, act: env.act({ type: "message", channel: env.channel, ts: m.ts }) };
  return renderMessage(m, ctx, { inThread: env.inThread, shortcuts: env.shortcuts, onShortcut: env.onShortcut, onOpenThread: env.onOpenThread });
}

function ephemeral(e, env) {
  const ctx = { ...env.ctx, act: env.act({ type: "ephemeral", ts: e.message_ts }) };
  return renderEphemeral(e, ctx, { onDismiss: () => env.onDismiss(e.message_ts) });
}
