/**
 * Stable identifiers shared by the renderers (which put them on buttons and views) and the Slack
 * layer (which routes on them). Changing one breaks every button already posted in a channel, so
 * they are constants, never built from text.
 *
 * Button values come back from Slack when a user clicks, possibly months later and possibly
 * tampered with: decodeValue treats them as untrusted input and validates every field.
 */
import { codec } from "./codec.ts";
import { SLACK_LIMITS } from "./limits.ts";

/** action_id of each interactive element. */
export const ACTION = {
  /** Open a case from a list (search results, alerts, Home). */
  viewCase: "view_case",
  /** Older / newer page of the case view; the target page is in the value. */
  casePage: "case_page",
  /** Download an entry's document into a thread (cached copy first). */
  getPdf: "get_pdf",
  /** Retrieve a document live from the court (may cost money: the button carries a confirm dialog). */
  getPdfLive: "get_pdf_live",
  /** Ask a question about the case (opens the question modal). */
  askCase: "ask_case",
  /** Ask a follow-up in a Q&A thread (opens the question modal for the thread's case; the thread is in the value). */
  askFollowUp: "ask_follow_up",
  /** Track the case for the channel's matter. */
  trackCase: "track_case",
  untrackCase: "untrack_case",
  /** Track for the matter this button names (a channel with several matters picks one). */
  trackMatter: "track_matter",
  /** Next / previous page of `/docket tracking`. */
  trackingPage: "tracking_page",
  /** Link a second matter into a channel, once the admin has read what it shows (issue 13, item 3). */
  linkMatter: "link_matter",
  /** Pull a live copy from the court: may cost money, so the button carries a confirm dialog. */
  refreshCase: "refresh_case",
  /** Show every party and its counsel. */
  moreParties: "more_parties",
  /** Post an ephemeral case view to the channel. */
  shareToChannel: "share_to_channel",
  /** Next page of search results. */
  searchPage: "search_page",
  /** PACER search: run the confirmed search (costs money: confirm dialog), cancel it, next page. */
  runPacerSearch: "pacer_run",
  cancelPacerSearch: "pacer_cancel",
  pacerPage: "pacer_page",
  /** /docket calendar (issue 16 item 5): make a matter's feed URL (replacing its old one) or revoke it; the value names the matter. */
  calendarCreate: "calendar_create",
  calendarRevoke: "calendar_revoke",
  /** The case card: the case's court dates as an .ics file, sent to the user. */
  caseIcs: "case_ics",
  /** A fee action held for its requester's confirmation (above the matter's ask-first price) or an admin's approval (past its budget); the value is the action's id. */
  feeConfirm: "fee_confirm",
  feeCancel: "fee_cancel",
  feeApprove: "fee_approve",
  feeDeny: "fee_deny",
  /** The matter a held fee action is billed to, picked where none is linked (`fee_matter:<n>`; value: action id and matter). */
  feeMatter: "fee_matter",
  /** App Home: an admin exports a matter's usage for a month as a CSV (the value names the matter). */
  homeUsageExport: "home_usage_export",
  /** App Home: an admin opens the form that sets a matter's budget. */
  homeBudgetSet: "home_budget_set",
} as const;
export type ActionName = (typeof ACTION)[keyof typeof ACTION];

/** callback_id of shortcuts (as configured in the Slack app) and of our modals. */
export const CALLBACK = {
  lookupShortcut: "docket_lookup",
  trackShortcut: "docket_track",
  searchShortcut: "docket_search",
  askShortcut: "docket_ask",
  askModal: "docket_ask_modal",
  trackModal: "docket_track_modal",
  searchModal: "docket_search_modal",
  partiesModal: "docket_parties_modal",
} as const;
export type CallbackName = (typeof CALLBACK)[keyof typeof CALLBACK];

/**
 * Slack wants action_ids unique within a message, and a case view has a Get PDF button per entry:
 * those get `get_pdf:3`-style ids. Route them with actionIdPattern(ACTION.getPdf).
 */
export function actionId(base: ActionName, suffix: string | number): string {
  // A whole number is digits and at most a "-": nothing to clean (a case view makes one per entry).
  if (typeof suffix === "number" && Number.isSafeInteger(suffix)) return `${base}:${suffix}`;
  return `${base}:${String(suffix).replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 64)}`;
}

/** Matches `base` and every actionId(base, …). */
export function actionIdPattern(base: ActionName): RegExp {
  return new RegExp(`^${base}(?::[A-Za-z0-9_.-]{0,64})?$`);
}

/** What a button carries: which case, and which page or entry. */
export interface ButtonValue {
  /** The service's long court name. */
  court: string;
  docket: string;
  /** Page of the case view, 0 = newest. */
  page?: number;
  /** Entry (document) number. */
  entry?: string;
  /** The document's link, for entries without a number (site URL or path). */
  doc?: string;
  /** A Slack message ts (`1700000000.000100`): the thread a document goes into. */
  thread?: string;
}

const LIMITS = { c: 200, d: 100, e: 40, u: 1_500 } as const;
const CONTROL = /[\u0000-\u001F\u007F]/;

function text(v: unknown, max: number): string | undefined {
  return typeof v === "string" && v.trim() !== "" && v.length <= max && !CONTROL.test(v) ? v : undefined;
}

/** ButtonValue on the wire: one-letter keys, so a value stays far below Slack's 2,000 characters. */
interface Wire {
  c: string;
  d: string;
  p?: number;
  e?: string;
  u?: string;
  t?: string;
}

/**
 * Our JSON with a court and a docket of sane length and no control characters, an integer page
 * in range, a short entry, a message ts. Unknown keys are ignored (a newer version may add some;
 * old buttons must keep working). A plain check, not zod: blockkit imports no library at run time.
 */
function checkWire(w: Record<string, unknown>): Wire | undefined {
  const c = text(w.c, LIMITS.c);
  const d = text(w.d, LIMITS.d);
  if (!c || !d) return undefined;
  const wire: Wire = { c, d };
  if (w.p !== undefined) {
    if (typeof w.p !== "number" || !Number.isSafeInteger(w.p) || w.p < 0 || w.p > 1_000_000) return undefined;
    wire.p = w.p;
  }
  if (w.e !== undefined) {
    const e = text(w.e, LIMITS.e);
    if (!e) return undefined;
    wire.e = e;
  }
  if (w.u !== undefined) {
    const u = text(w.u, LIMITS.u);
    if (!u) return undefined;
    wire.u = u;
  }
  if (w.t !== undefined) {
    if (typeof w.t !== "string" || !/^\d{1,12}\.\d{1,8}$/.test(w.t)) return undefined;
    wire.t = w.t;
  }
  return wire;
}

const VALUE = codec(checkWire, { maxLength: SLACK_LIMITS.buttonValue, what: "button value" });

/**
 * Compact JSON (`{"c":…,"d":…,"p":2}`). Throws RangeError for anything decodeValue would refuse
 * (past Slack's 2,000 characters, blank court, over-long document link, ...): a button we post
 * must work when clicked.
 */
export function encodeValue(v: ButtonValue): string {
  const wire: Wire = { c: v.court, d: v.docket };
  if (v.page !== undefined) wire.p = v.page;
  if (v.entry !== undefined) wire.e = v.entry;
  if (v.doc !== undefined) wire.u = v.doc;
  if (v.thread !== undefined) wire.t = v.thread;
  return VALUE.mustEncode(wire);
}

/** A button value back from Slack, validated (checkWire); undefined for anything else. */
export function decodeValue(raw: unknown): ButtonValue | undefined {
  const w = VALUE.decode(raw);
  if (!w) return undefined;
  const value: ButtonValue = { court: w.c, docket: w.d };
  if (w.p !== undefined) value.page = w.p;
  if (w.e !== undefined) value.entry = w.e;
  if (w.u !== undefined) value.doc = w.u;
  if (w.t !== undefined) value.thread = w.t;
  return value;
}
