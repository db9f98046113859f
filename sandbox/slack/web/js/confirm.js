/**
 * Block Kit confirmation dialogs (docs.slack.dev, Composition objects: confirm): the title, the text,
 * and two buttons; resolves true only when the person confirms. Escape or the backdrop deny.
 */
import { h } from "./dom.js";
import { plainString, renderText } from "./text.js";

export function confirmDialog(confirm, ctx) {
  return new Promise((resolve) => {
    const previous = document.activeElement;
    const done = (answer) => {
      backdrop.remove();
      previous?.focus?.();
      resolve(answer);
    };
    const yes = h("button", { type: "button", class: ["btn", confirm.style === "danger" ? "btn-danger" : "btn-primary"], onclick: () => done(true) },
      plainString(confirm.confirm) || "Yes");
    const dialog = h("div", { class: "confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title" },
      h("h2", { id: "confirm-title", class: "confirm-title" }, plainString(confirm.title) || "Are you sure?"),
      h("div", { class: "confirm-text" }, renderText(confirm.text, ctx)),
      h("div", { class: "confirm-buttons" },
        h("button", { type: "button", class: "btn", onclick: () => done(false) }, plainString(confirm.deny) || "Cancel"),
        yes));
    const backdrop = h("div", { class: "confirm-backdrop", onmousedown: (e) => e.target === backdrop && done(false) }, dialog);
    dialog.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        done(false);
      }
    });
    document.body.append(backdrop);
    yes.focus();
  });
}
