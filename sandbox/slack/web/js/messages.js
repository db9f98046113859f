/**
 * Messages as Slack's client shows them: author, time, blocks (or the text as mrkdwn when there are
 * none), shared files, attachments and link unfurls, the thread summary, and on hover "Reply in
 * thread" and the ⋯ menu with the app's message shortcuts. Ephemeral messages say "Only visible to
 * you" and can be dismissed.
 */
import { renderBlocks } from "./blocks.js";
import { download, h, image, link } from "./dom.js";
import { colorSlot, fileSize, formatFull, formatTime, initials } from "./format.js";
import { openMenu } from "./menu.js";
import { mrkdwn } from "./mrkdwn.js";

const ATTACHMENT_COLORS = { good: "#2eb67d", warning: "#ecb22e", danger: "#e01e5a" };

function author(m, ctx) {
  const isBot = Boolean(m.bot_id || m.bot_profile) || m.user === ctx.bot.id;
  if (isBot) return { id: ctx.bot.id, name: m.bot_profile?.name ?? ctx.bot.name, bot: true };
  return { id: m.user ?? "?", name: ctx.userName(m.user), bot: false };
}

function avatar(who) {
  return h("div", { class: ["avatar", who.bot ? "avatar-bot" : `avatar-${colorSlot(who.id)}`], "aria-hidden": "true" }, who.bot ? "DB" : initials(who.name));
}

function head(who, ts, ctx, extra = []) {
  return h("div", { class: "msg-head" },
    h("span", { class: "msg-author" }, who.name),
    who.bot ? h("span", { class: "badge" }, "APP") : null,
    h("time", { class: "msg-time", title: formatFull(ts, ctx.tz) }, formatTime(ts, ctx.tz)),
    extra);
}

/** A message's content: its blocks, else its text; then files and attachments. */
export function messageContent(m, ctx) {
  const hasBlocks = Array.isArray(m.blocks) && m.blocks.length > 0;
  return h("div", { class: "msg-content" },
    hasBlocks ? renderBlocks(m.blocks, ctx) : h("div", { class: "msg-text" }, mrkdwn(m.text ?? "", ctx)),
    Array.isArray(m.files) && m.files.length > 0 ? h("div", { class: "files" }, m.files.map(fileCard)) : null,
    Array.isArray(m.attachments) ? m.attachments.map((a) => attachment(a, ctx)) : null);
}

function fileCard(f) {
  const kind = String(f.filetype ?? "file").toUpperCase().slice(0, 4);
  return download(`/page/api/files/${encodeURIComponent(f.id)}`,
    [h("span", { class: `file-icon file-${String(f.filetype ?? "").replace(/[^a-z0-9]/g, "")}`, "aria-hidden": "true" }, kind),
      h("span", { class: "file-meta" }, h("span", { class: "file-title" }, String(f.title ?? f.name ?? "file")),
        h("span", { class: "file-sub" }, `${f.pretty_type ?? kind} · ${fileSize(f.size)}`))],
    { class: "file-card", title: `Download ${String(f.name ?? "")}` });
}

function attachment(a, ctx) {
  const card = h("div", { class: ["att", a.is_app_unfurl && "att-unfurl"] });
  const color = ATTACHMENT_COLORS[a.color] ?? (/^#?[0-9a-f]{6}$/i.test(String(a.color ?? "")) ? `#${String(a.color).replace("#", "")}` : undefined);
  if (color) card.style.borderLeftColor = color;
  if (a.is_app_unfurl) card.append(h("div", { class: "att-app" }, h("span", { class: "avatar avatar-bot avatar-tiny", "aria-hidden": "true" }, "DB"), ctx.bot.name));
  if (a.pretext) card.append(h("div", { class: "att-pretext" }, mrkdwn(a.pretext, ctx)));
  if (a.author_name) card.append(h("div", { class: "att-author" }, link(a.author_link, String(a.author_name))));
  if (a.title) card.append(h("div", { class: "att-title" }, link(a.title_link, String(a.title))));
  if (a.text) card.append(h("div", { class: "att-text" }, mrkdwn(a.text, ctx)));
  if (Array.isArray(a.fields) && a.fields.length > 0) {
    card.append(h("div", { class: "att-fields" }, a.fields.map((f) => h("div", { class: ["att-field", f.short && "short"] },
      h("div", { class: "att-field-title" }, String(f.title ?? "")), h("div", {}, mrkdwn(String(f.value ?? ""), ctx))))));
  }
  if (Array.isArray(a.blocks)) card.append(renderBlocks(a.blocks, ctx));
  if (a.image_url) card.append(image(a.image_url, { class: "bk-image", alt: "" }));
  if (a.footer) card.append(h("div", { class: "att-footer" }, mrkdwn(a.footer, ctx)));
  if (!card.childElementCount && a.fallback) card.append(h("div", { class: "att-text" }, String(a.fallback)));
  return card;
}

/**
 * One message. opts: { inThread, onOpenThread(ts), shortcuts: [{ name, callback_id }], onShortcut(callbackId, m) }
 */
export function renderMessage(m, ctx, opts) {
  if (m.subtype === "tombstone") {
    return h("div", { class: "msg msg-tombstone", "data-ts": m.ts }, h("div", { class: "avatar avatar-gone", "aria-hidden": "true" }, "–"),
      h("div", { class: "msg-body" }, h("div", { class: "msg-text muted" }, "This message was deleted."), replies(m, ctx, opts)));
  }
  const who = author(m, ctx);
  const menu = h("button", { type: "button", class: "icon-btn", "aria-label": "More actions", "aria-haspopup": "menu", "aria-expanded": "false" }, "⋯");
  menu.addEventListener("click", () => openMenu(menu, [
    { heading: ctx.bot.name },
    ...opts.shortcuts.map((s) => ({ label: s.name, hint: s.description, onSelect: () => opts.onShortcut(s.callback_id, m) })),
  ], { label: "Message actions" }));
  const canReply = !opts.inThread;
  return h("article", { class: "msg", "data-ts": m.ts, "aria-label": `${who.name} at ${formatTime(m.ts, ctx.tz)}` },
    avatar(who),
    h("div", { class: "msg-body" },
      head(who, m.ts, ctx, m.edited ? h("span", { class: "msg-edited" }, "(edited)") : null),
      messageContent(m, ctx),
      broadcastNote(m, opts),
      canReply ? replies(m, ctx, opts) : null),
    h("div", { class: "msg-actions" },
      canReply ? h("button", { type: "button", class: "icon-btn", "aria-label": "Reply in thread", title: "Reply in thread", onclick: () => opts.onOpenThread(m.ts) }, "💬") : null,
      menu));
}

/** A reply broadcast to the channel: in the channel it leads to its thread; in the thread it says it was also sent. */
function broadcastNote(m, opts) {
  if (m.subtype !== "thread_broadcast") return null;
  if (opts.inThread) return h("div", { class: "broadcast-note muted" }, "Also sent to the channel");
  return h("button", { type: "button", class: "link-btn broadcast-note", onclick: () => opts.onOpenThread(m.thread_ts) }, "Replied to a thread · View thread");
}

function replies(m, ctx, opts) {
  if (!m.reply_count || opts.inThread) return null;
  const n = m.reply_count;
  return h("button", { type: "button", class: "replies", onclick: () => opts.onOpenThread(m.ts) },
    h("span", { class: "replies-count" }, `${n} ${n === 1 ? "reply" : "replies"}`),
    m.latest_reply ? h("span", { class: "replies-last" }, `Last reply ${formatTime(m.latest_reply, ctx.tz)}`) : null);
}

/** An ephemeral message: only this person sees it; Dismiss removes it. */
export function renderEphemeral(e, ctx, { onDismiss }) {
  const who = { id: ctx.bot.id, name: ctx.bot.name, bot: true };
  return h("article", { class: "msg msg-ephemeral", "data-ts": e.message_ts, "aria-label": `${who.name} (only visible to you)` },
    avatar(who),
    h("div", { class: "msg-body" },
      head(who, e.message_ts, ctx, h("span", { class: "only-you" }, "👁 Only visible to you")),
      messageContent(e, ctx),
      h("button", { type: "button", class: "link-btn dismiss", onclick: onDismiss }, "Dismiss message")));
}
