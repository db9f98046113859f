/**
 * The identity line (message-style.md, "Identity of a case, everywhere the same"):
 * `*<caseUrl|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234`. Case views, alerts, answers and
 * unfurls all head with it, so a lawyer recognises a case the same way everywhere.
 */
import { caseUrl } from "../../court/refs.ts";
import { courtLabel, courtLongName } from "../../court/labels.ts";
import { siteLink, toMrkdwnLine, toPlainText } from "./sanitize.ts";

export interface CaseIdentity {
  /** The caption, untrusted; blank or absent falls back to the docket number. */
  title?: string | undefined;
  /** The service's long court name (a PACER code such as `nysd` is mapped too). */
  court: string;
  docket: string;
}

export interface IdentityOptions {
  siteUrl: string;
  /** Longest title shown, cut at a word boundary with "…". */
  maxTitle?: number;
}

export const IDENTITY_TITLE_MAX = 120;
const SEP = " · ";

const hasTitle = (c: CaseIdentity): boolean => c.title !== undefined && toPlainText(c.title) !== "";

function titleOf(c: CaseIdentity): string {
  return hasTitle(c) ? c.title! : c.docket;
}

/** The identity line as mrkdwn; the title links to the case page on the service's site. */
export function caseIdentity(c: CaseIdentity, opts: IdentityOptions): string {
  const title = toMrkdwnLine(titleOf(c), opts.maxTitle ?? IDENTITY_TITLE_MAX);
  const court = courtLongName(c.court);
  const url = caseUrl(opts.siteUrl, { court, docket: c.docket }, c.title);
  const link = title === "" ? "" : siteLink(url, title, { siteUrl: opts.siteUrl });
  // With no title the number stands in for it, once: `*1:23-cv-01234* · S.D.N.Y.`, never the number twice.
  const parts = [link === "" ? "" : `*${link}*`, toMrkdwnLine(courtLabel(c.court), 80), hasTitle(c) ? toMrkdwnLine(c.docket, 80) : ""];
  return parts.filter((p) => p !== "").join(SEP);
}

/** The same line as plain text, for notification `text` and plain_text fields. */
export function caseIdentityText(c: CaseIdentity, maxTitle: number = IDENTITY_TITLE_MAX): string {
  const parts = [toPlainText(titleOf(c), maxTitle), toPlainText(courtLabel(c.court), 80), hasTitle(c) ? toPlainText(c.docket, 80) : ""];
  return parts.filter((p) => p !== "").join(SEP);
}
