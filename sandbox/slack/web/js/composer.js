/**
 * The message composer: Enter sends, Shift+Enter starts a new line; a leading "/" offers the app's
 * slash commands with their usage hints; ⚡ lists the app's global shortcuts (main composer only).
 * What happens to the text (command or message) is the page API's business (page/compose.ts).
 */
import { h } from "./dom.js";
import { openMenu } from "./menu.js";

export function createComposer({ label, commands, shortcuts = [], onSend, onShortcut }) {
  const input = h("textarea", { class: "composer-input", rows: "1", "aria-label": label, placeholder: label, spellcheck: "true" });
  const hint = h("div", { class: "composer-hint", hidden: true, role: "listbox", "aria-label": "Commands" });
  const status = h("div", { class: "composer-status", role: "status", "aria-live": "polite" });
  const send = h("button", { type: "submit", class: "composer-send", "aria-label": "Send", title: "Send (Enter)" }, "➤");
  const lightning = shortcuts.length > 0
    ? h("button", { type: "button", class: "icon-btn composer-shortcuts", "aria-label": "Shortcuts", title: "Shortcuts", "aria-haspopup": "menu", "aria-expanded": "false" }, "⚡")
    : null;
  lightning?.addEventListener("click", () => openMenu(lightning, [
    { heading: "docketbot" },
    ...shortcuts.map((s) => ({ label: s.name, hint: s.description, onSelect: () => onShortcut(s.callback_id) })),
  ], { label: "Shortcuts" }));
  const form = h("form", { class: "composer", novalidate: true },
    hint,
    h("div", { class: "composer-box" }, input, h("div", { class: "composer-bar" }, lightning, h("span", { class: "composer-tip" }, "/docket for commands · Shift+Enter for a new line"), send)),
    status);

  const grow = () => {
    input.style.height = "auto";
    input.style.height = `${Math.min(input.scrollHeight, 200)}px`;
  };
  const updateHint = () => {
    hint.replaceChildren();
    const m = /^\/(\S*)(\s?)/.exec(input.value);
    const matches = m ? commands.filter((c) => c.command.startsWith(`/${m[1]}`) && (m[2] === "" || c.command === `/${m[1]}`)) : [];
    hint.hidden = matches.length === 0;
    for (const c of matches) {
      hint.append(h("button", {
        type: "button", class: "hint-item", role: "option",
        onclick: () => {
          input.value = `${c.command} `;
          updateHint();
          input.focus();
        },
      }, h("span", { class: "hint-command" }, c.command), " ", h("span", { class: "hint-usage" }, c.usage_hint), h("span", { class: "hint-desc" }, c.description)));
    }
  };
  input.addEventListener("input", () => {
    grow();
    updateHint();
    status.textContent = "";
    status.classList.remove("is-error");
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = input.value;
    if (text.trim() === "" || form.classList.contains("is-busy")) return;
    form.classList.add("is-busy");
    const result = await onSend(text);
    form.classList.remove("is-busy");
    if (result.ok) {
      input.value = "";
      grow();
      updateHint();
    }
    status.textContent = result.message ?? "";
    status.classList.toggle("is-error", !result.ok || Boolean(result.warning));
    input.focus();
  });
  return { node: form, focus: () => input.focus() };
}
