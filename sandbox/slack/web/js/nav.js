/** The sidebar's conversation list: channels, the DM with the app, and the app's Home tab. */
import { h } from "./dom.js";

export function renderNav(root, { channels, current, unread, bot, onOpen }) {
  const item = (id, icon, label, extra = {}) => h("li", {},
    h("button", {
      type: "button", class: ["nav-item", current === id && "is-current", unread.has(id) && "is-unread"],
      "aria-current": current === id ? "page" : undefined, "data-target": id, onclick: () => onOpen(id), ...extra,
    }, h("span", { class: "nav-icon", "aria-hidden": "true" }, icon), h("span", { class: "nav-label" }, label),
    unread.has(id) ? h("span", { class: "nav-dot", "aria-label": "new messages" }) : null));
  const section = (title, items) => (items.length ? h("section", { class: "nav-section" }, h("h2", { class: "nav-heading" }, title), h("ul", {}, items)) : null);
  root.replaceChildren(
    section("Channels", channels.filter((c) => !c.is_im).map((c) => item(c.id, c.is_private ? "🔒" : "#", c.label))),
    section("Direct messages", channels.filter((c) => c.is_im).map((c) => item(c.id, "●", c.label))),
    section("Apps", [item("home", "⌂", `${bot.name} Home`)]),
  );
}
