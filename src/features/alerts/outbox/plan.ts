/**
 * What a `search_results` or `new_case` push posts: one channel message (or a few), decided from
 * the stored push alone (so a retry or a restart renders the very same messages, and crash recovery
 * can match them part by part). Docket pushes are planned by push-plan.ts, in bounded work.
 */
import { PushPayload } from "../../../docket/schemas/push.ts";
import type { MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { renderNewCases } from "../views/new-cases.ts";
import type { RoutinePattern } from "../views/routine.ts";

export interface PlanOptions {
  siteUrl: string;
  routine?: readonly RoutinePattern[] | undefined;
  maxMessages?: number | undefined;
}

/** A stored push the outbox cannot render (intake quarantines these, so this means a bug or an old row). */
export class InvalidPushError extends Error {
  readonly code = "invalid_payload" as const;
  /** What is wrong, without the sentence around it (a planning worker sends this back). */
  readonly detail: string;
  constructor(detail: string, options?: ErrorOptions) {
    super(`stored push cannot be delivered: ${detail}`, options);
    this.name = "InvalidPushError";
    this.detail = detail;
  }
}

/** Plans a parsed search_results or new_case push body. */
export function planChannelPush(json: unknown, opts: PlanOptions): { kind: "channel"; messages: MessagePayload[] } {
  const parsed = PushPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidPushError(`${issue?.path.join(".") || "(body)"}: ${issue?.message ?? "invalid"}`);
  }
  const push = parsed.data;
  const render = { siteUrl: opts.siteUrl, maxMessages: opts.maxMessages };
  switch (push.push_type) {
    case "docket":
      throw new InvalidPushError("a docket push is planned by planPush");
    case "search_results":
      return {
        kind: "channel",
        messages: renderNewCases({ kind: "search_results", q: push.q, title: push.title, link: push.link, cases: push.search_results }, render),
      };
    case "new_case":
      return {
        kind: "channel",
        messages: renderNewCases({ kind: "new_case", partyName: push.party_name, natureOfSuit: push.nature_of_suit, cases: push.search_results }, render),
      };
  }
}
