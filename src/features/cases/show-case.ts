/**
 * Show a case view through a response_url: the one way every feature shows a case (the `case`
 * command, search results' View buttons, paging, Share to channel, the lookup shortcut). A case
 * view goes to a channel only when someone shares it: every other path shows it privately.
 *
 *   await ack();
 *   await showCase({ deps, ctx, ref, respond, responseType: "ephemeral" });
 *
 * The docket comes from the service's stored copy (`cached=true`: never a fee). Errors reach the
 * user as one ephemeral sentence (user-errors.ts) and the log with the correlation id; showCase
 * does not throw for service errors, it reports them in its result.
 */
import { toMrkdwnLine } from "../../slack/blockkit/sanitize.ts";
import type { RespondFn } from "@slack/bolt";
import { resolveCourt } from "../../court/courts.ts";
import { withDefaultOffice, type CaseRef } from "../../court/refs.ts";
import { isDocketError } from "../../docket/errors.ts";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import { caseRefText } from "./views/case-messages.ts";
import { renderCaseView, type CaseViewModel, type CaseViewOptions } from "./views/case-view.ts";
import { courtLongName } from "../../court/labels.ts";
import { datesOfEntries, ingestCourtDates } from "../deadlines/index.ts";
import { courtToday, todayIn } from "../../court/today.ts";
import { callOptions, lookupMatter, type RequestContext } from "../../slack/context.ts";
import { respondInPlace, responseBody } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import type { CasesStore } from "./deps.ts";

/** What showing a case needs (search's View button shows cases too). */
export type ShowCaseStore = Pick<CasesStore, "subscribersOf" | "touchRecentCase" | "recordCourtDates">;
export type ShowCaseDeps = Pick<SlackDeps, "docket" | "siteUrl" | "testMode" | "clock" | "logger" | "holidays" | "readerZone"> & { store: ShowCaseStore };

export interface ShowCaseArgs {
  deps: ShowCaseDeps;
  ctx: RequestContext;
  ref: CaseRef;
  /** 0 (default) = the newest entries; out-of-range pages show the nearest page. */
  page?: number;
  /** The response_url of the command, shortcut or action being answered. */
  respond: RespondFn;
  responseType: "in_channel" | "ephemeral";
  /** Replace the message the response_url belongs to (paging, a Refresh, an ephemeral placeholder). */
  replaceOriginal?: boolean;
  /** Add a "Share to channel" button (every private case view: issue 15 item 11). */
  share?: boolean;
  /** A line under the context line (see CaseViewOptions.notice); our own mrkdwn. */
  notice?: string;
}

export type ShowCaseResult = { ok: true; model: CaseViewModel } | { ok: false; error: unknown };

/** The case's stored docket (no fee), as the case view's model. */
export async function fetchCase(deps: ShowCaseDeps, ctx: RequestContext, ref: CaseRef): Promise<CaseViewModel> {
  const get = async (docket: string): Promise<CaseViewModel> => {
    const { data } = await deps.docket.getDocket({ court: ref.court, docket }, callOptions(ctx));
    return { ...data, court: ref.court, docket };
  };
  try {
    return await get(ref.docket);
  } catch (error) {
    // `23-cv-01234`, the usual S.D.N.Y. citation, names no office: try office 1 before giving up.
    const withOffice = isDocketError(error, "not_found") && isOfficeCourt(ref.court) ? withDefaultOffice(ref.docket) : undefined;
    if (!withOffice) throw error;
    return await get(withOffice).catch((second: unknown) => {
      throw isDocketError(second, "not_found") ? error : second;
    });
  }
}

/** `Read 23-cv-1234 as 1:23-cv-01234 (office 1); another office's case of that number is 2:23-cv-01234, 7:…` (our own mrkdwn). */
export function officeAssumedNotice(asWritten: string, read: string): string {
  const other = read.replace(/^1:/, "");
  return `_Read \`${toMrkdwnLine(asWritten, 40)}\` as \`${read}\` (office 1). A case of another office has its own number (\`7:${other}\`, \`2:${other}\`…): give it in full if you meant another._`;
}

/** District and bankruptcy courts number cases `office:yy-type-seq`. */
function isOfficeCourt(court: string): boolean {
  const kind = resolveCourt(court)?.kind;
  return kind === "district" || kind === "bankruptcy";
}

/** The case view of `model` as this request's channel sees it (its matter, its ref). */
export function caseViewFor(
  deps: ShowCaseDeps, ctx: RequestContext, model: CaseViewModel,
  opts: { page?: number | undefined; share?: boolean | undefined; notice?: string | undefined; readerZone?: string | undefined } = {},
): MessagePayload {
  const clientMatter = lookupMatter(ctx);
  return renderCaseView(model, {
    siteUrl: deps.siteUrl,
    page: opts.page ?? 0,
    ref: ctx.log.ref,
    ...(clientMatter ? { clientMatter } : {}),
    ...(ctx.matters.length > 1 ? { matterPicked: true } : {}),
    ...(opts.share ? { share: true } : {}),
    ...(opts.notice ? { notice: opts.notice } : {}),
    testMode: deps.testMode,
    upcoming: upcomingOf(deps, model, opts.readerZone),
  });
}

/**
 * The case's next dates as its docket gives them (issue 16, issue 23: stated, computed from the
 * rules, met): pure reading of the entries fetched (no service call), from today in the reader's
 * zone (court/today.ts), or the court's own day when the reader's is not known.
 */
function upcomingOf(deps: ShowCaseDeps, model: CaseViewModel, readerZone: string | undefined): CaseViewOptions["upcoming"] {
  const now = deps.clock.now();
  const today = readerZone ? todayIn(readerZone, now) : courtToday(model.court, now) ?? todayIn("America/New_York", now);
  const dates = datesOfEntries({ court: model.court, docket: model.docket, entries: model.docket_report, holidays: deps.holidays })
    .filter((d) => d.status !== "cancelled" && d.date >= today);
  return dates.length > 0 ? { today, dates } : undefined;
}

/**
 * Issue 16: the dates of a docket fetched for the case view are stored like a push's, under the
 * channel's matters that track the case (a case merely looked up is followed by no matter, so its
 * dates reach no channel's list or reminders). Pure extraction and local writes; never fails the view.
 */
async function recordCaseDates(deps: ShowCaseDeps, ctx: RequestContext, model: CaseViewModel): Promise<void> {
  try {
    const tracking = ctx.matters.length === 0 ? [] : await deps.store.subscribersOf({ court: courtLongName(model.court), docket: model.docket });
    const matters = [...new Set(tracking.filter((s) => s.teamId === ctx.teamId && ctx.matters.includes(s.clientMatter)).map((s) => s.clientMatter))];
    await ingestCourtDates(deps.store, { court: model.court, docket: model.docket, caseTitle: model.info.title ?? undefined, matters, entries: model.docket_report, holidays: deps.holidays });
  } catch (err) {
    ctx.log.warn({ err }, "could not record the case's court dates");
  }
}

/** The reader's stated zone (Slack's tz), when Slack is there to say; never fails the view. */
export async function readerZoneOf(deps: Pick<ShowCaseDeps, "readerZone">, ctx: RequestContext): Promise<string | undefined> {
  return deps.readerZone ? await deps.readerZone(ctx.userId).catch(() => undefined) : undefined;
}

/** The sentence for a failed case lookup, in the user's words. */
export function caseErrorText(error: unknown, ctx: RequestContext, ref: CaseRef): string {
  const withOffice = withDefaultOffice(ref.docket);
  if (withOffice && isDocketError(error, "not_found") && isOfficeCourt(ref.court)) {
    return `I couldn't find ${caseRefText(ref)}, nor ${withOffice}. Federal docket numbers start with the court's office number (${withOffice}, ${withOffice.replace(/^1:/, "2:")}…): add the right one and try again.`;
  }
  return userMessageFor(error, { ref: ctx.log.ref, subject: caseRefText(ref) });
}

/** Records the view for App Home's recent cases (and the case's court dates); never fails the view. */
export async function rememberCase(deps: ShowCaseDeps, ctx: RequestContext, model: CaseViewModel): Promise<void> {
  await recordCaseDates(deps, ctx, model);
  const clientMatter = lookupMatter(ctx);
  await deps.store
    .touchRecentCase({
      teamId: ctx.teamId, userId: ctx.userId, court: model.court, docket: model.docket, title: model.info.title,
      ...(clientMatter ? { clientMatter } : {}),
    })
    .catch((err: unknown) => ctx.log.warn({ err }, "could not record the recent case"));
}

export async function showCase(args: ShowCaseArgs): Promise<ShowCaseResult> {
  const { deps, ctx, ref, respond } = args;
  let model: CaseViewModel;
  try {
    model = await fetchCase(deps, ctx, ref);
  } catch (error) {
    ctx.log.warn({ err: error, court: ref.court, docket: ref.docket }, "could not show the case");
    // The error replaces the original only when that is our own private message (a placeholder);
    // an in_channel original is never replaced by an error.
    const replace = args.replaceOriginal === true && args.responseType === "ephemeral";
    await respond({ response_type: "ephemeral", replace_original: replace, text: caseErrorText(error, ctx, ref) })
      .catch((err: unknown) => ctx.log.warn({ err }, "could not tell the user"));
    return { ok: false, error };
  }
  // A number given without its office was read as office 1's: said, since another office may have a case of that number.
  const assumed = model.docket !== ref.docket ? officeAssumedNotice(ref.docket, model.docket) : undefined;
  const notice = [args.notice, assumed].filter((n): n is string => n !== undefined).join("\n") || undefined;
  const view = caseViewFor(deps, ctx, model, { page: args.page, share: args.share, notice, readerZone: await readerZoneOf(deps, ctx) });
  // A local write, before posting: App Home's recent cases match what the user has seen.
  await rememberCase(deps, ctx, model);
  // A refused view (msg_too_long, an expired response_url) ends in a sentence, never a stranded working line.
  const shown = await respondInPlace(respond, ctx, responseBody(view, { response_type: args.responseType, replace_original: args.replaceOriginal === true }));
  return shown ? { ok: true, model } : { ok: false, error: new Error("Slack refused the case view") };
}
