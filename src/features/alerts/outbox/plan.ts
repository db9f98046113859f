/**
 * What a delivery posts, decided from the stored push alone (so a retry or a restart renders the
 * very same messages, and crash recovery can match them part by part): the raw body is parsed with
 * the push schemas (spec: Events) and rendered by render/alerts.
 */
import { parseServiceDate, toPacerDate } from "../../../court/dates.ts";
import { PushPayload } from "../../../docket/schemas/push.ts";
import type { MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { renderDocketAlert, renderNewCases, type RoutinePattern } from "../views/index.ts";
import { sortEntriesNewestFirst } from "../../../slack/blockkit/case-entries.ts";
import { courtLongName } from "../../../court/labels.ts";

export type DeliveryPlan =
  | {
      kind: "thread";
      /** The case's thread key: the service's long court name, so `nysd` and its long name share a thread. */
      court: string;
      docket: string;
      title?: string | undefined;
      /** Entries this alert adds to the root's counter. */
      newEntries: number;
      /** ISO `YYYY-MM-DD` of its latest entry. */
      latestEntryDate?: string | undefined;
      /** The thread reply, split into parts. */
      replies: MessagePayload[];
    }
  | { kind: "channel"; messages: MessagePayload[] };

export interface PlanOptions {
  siteUrl: string;
  routine?: readonly RoutinePattern[] | undefined;
  maxMessages?: number | undefined;
}

/** A stored push the outbox cannot render (intake quarantines these, so this means a bug or an old row). */
export class InvalidPushError extends Error {
  readonly code = "invalid_payload" as const;
  constructor(detail: string, options?: ErrorOptions) {
    super(`stored push cannot be delivered: ${detail}`, options);
    this.name = "InvalidPushError";
  }
}

function latestDate(entries: readonly { date?: string | undefined; entry_date?: string | undefined }[]): string | undefined {
  let best: string | undefined;
  for (const e of entries) {
    const d = parseServiceDate(e.date) ?? parseServiceDate(e.entry_date);
    if (!d) continue;
    const iso = toPacerDate(d);
    if (best === undefined || iso > best) best = iso;
  }
  return best;
}

export function planDelivery(body: string, opts: PlanOptions): DeliveryPlan {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    throw new InvalidPushError("body is not JSON", { cause: e });
  }
  const parsed = PushPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidPushError(`${issue?.path.join(".") || "(body)"}: ${issue?.message ?? "invalid"}`);
  }
  const push = parsed.data;
  const render = { siteUrl: opts.siteUrl, routine: opts.routine, maxMessages: opts.maxMessages };
  switch (push.push_type) {
    case "docket": {
      const title = push.info?.title?.trim() ? push.info.title : undefined;
      const model = { court: push.court, docket: push.docket, title, entries: push.docket_report };
      return {
        kind: "thread",
        court: courtLongName(push.court),
        docket: push.docket,
        title,
        newEntries: sortEntriesNewestFirst(push.docket_report).length,
        latestEntryDate: latestDate(push.docket_report),
        replies: renderDocketAlert(model, render),
      };
    }
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
