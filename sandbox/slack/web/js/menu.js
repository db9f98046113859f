/**
 * One small popup menu for the whole page (a message's ⋯, the ⚡ shortcuts, overflow menus): opens
 * under its button, closes on a pick, a click elsewhere or Escape, and gives focus back.
 */
import { h } from "./dom.js";

let open;

export function closeMenu() {
  if (!open) return;
  const { node, anchor, onDocument } = open;
  open = undefined;
  node.remove();
  anchor.setAttribute("aria-expanded", "false");
  document.removeEventListener("mousedown", onDocument, true);
}

/** items: [{ label, hint?, onSelect }] (a heading: { heading }). */
export function openMenu(anchor, items, { label = "Menu" } = {}) {
  const wasOpen = open?.anchor === anchor;
  closeMenu();
  if (wasOpen) return;
  const node = h("div", { class: "menu", role: "menu", "aria-label": label });
  for (const item of items) {
    if (item.heading) {
      node.append(h("div", { class: "menu-heading", role: "presentation" }, item.heading));
      continue;
    }
    node.append(h("button", {
      type: "button", class: "menu-item", role: "menuitem",
      onclick: () => {
        closeMenu();
        anchor.focus();
        item.onSelect();
      },
    }, h("span", { class: "menu-label" }, item.label), item.hint ? h("span", { class: "menu-hint" }, item.hint) : null));
  }
  node.addEventListener("keydown", (e) => {
    const buttons = [...node.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    if (e.key === "Escape") {
      closeMenu();
      anchor.focus();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      buttons[(at + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    }
  });
  document.body.append(node);
  const r = anchor.getBoundingClientRect();
  const w = node.offsetWidth;
  const hgt = node.offsetHeight;
  node.style.left = `${Math.max(8, Math.min(r.left, window.innerWidth - w - 8))}px`;
  node.style.top = `${r.bottom + hgt + 4 > window.innerHeight ? Math.max(8, r.top - hgt - 4) : r.bottom + 4}px`;
  const onDocument = (e) => {
    if (!node.contains(e.target) && !anchor.contains(e.target)) closeMenu();
  };
  document.addEventListener("mousedown", onDocument, true);
  anchor.setAttribute("aria-expanded", "true");
  open = { node, anchor, onDocument };
  node.querySelector("button")?.focus();
}
