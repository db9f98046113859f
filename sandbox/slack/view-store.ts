import type { ModalEntry, SlackView } from "./types.ts";

export interface FoundView {
  user: string;
  view: SlackView;
  surface: "modal" | "home";
}

/**
 * Each user's modal stack (at most three views, https://docs.slack.dev/surfaces/modals: "you can
 * push up to 2 additional views") and Home tab.
 */
export class ViewStore {
  static readonly MAX_STACK = 3;
  readonly #stacks = new Map<string, ModalEntry[]>();
  readonly #homes = new Map<string, SlackView>();

  stack(user: string): ModalEntry[] {
    return this.#stacks.get(user) ?? [];
  }

  home(user: string): SlackView | undefined {
    return this.#homes.get(user);
  }

  /** views.open starts a new stack (a modal already open is replaced). */
  open(user: string, view: SlackView): void {
    this.#stacks.set(user, [{ view }]);
  }

  push(user: string, view: SlackView): void {
    this.#stacks.set(user, [...this.stack(user), { view }]);
  }

  publishHome(user: string, view: SlackView): void {
    this.#homes.set(user, view);
  }

  find(ref: { viewId?: string; externalId?: string }): FoundView | undefined {
    const matches = (v: SlackView) =>
      (ref.viewId !== undefined && v.id === ref.viewId) ||
      (ref.externalId !== undefined && ref.externalId !== "" && v.external_id === ref.externalId);
    for (const [user, stack] of this.#stacks) {
      const entry = stack.find((e) => matches(e.view));
      if (entry) return { user, view: entry.view, surface: "modal" };
    }
    for (const [user, view] of this.#homes) if (matches(view)) return { user, view, surface: "home" };
    return undefined;
  }

  /** Swaps in a new version of a view, wherever it is; clears the old submission errors. */
  replace(found: FoundView, view: SlackView): void {
    if (found.surface === "home") {
      this.#homes.set(found.user, view);
      return;
    }
    const stack = this.stack(found.user).map((e) => (e.view.id === found.view.id ? { view } : e));
    this.#stacks.set(found.user, stack);
  }

  setErrors(user: string, viewId: string, errors: Record<string, string>): void {
    const entry = this.stack(user).find((e) => e.view.id === viewId);
    if (entry) entry.errors = errors;
  }

  /** Closes one view and everything pushed above it (a submission with no response_action). */
  close(user: string, viewId: string): void {
    const stack = this.stack(user);
    const index = stack.findIndex((e) => e.view.id === viewId);
    if (index >= 0) this.#stacks.set(user, stack.slice(0, index));
  }

  clear(user: string): void {
    this.#stacks.delete(user);
  }
}
