/**
 * A case's root message in an alert channel (message-style.md, Alerts): the case identity line,
 * then `3 new entries · latest 3/4/2026`. The outbox edits it in place as alerts arrive, so the
 * channel shows one line per case and the entries live in its thread.
 */
import { button, context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId, encodeValue } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

export interface CaseRootModel {
  /** As the push names it: the service's long name or a PACER code. */
  court: string;
  docket: string;
  /** Untrusted; absent or blank falls back to the docket number. */
  title?: string | undefined;
  /** New entries alerted in this thread so far. */
  newEntries: number;
  /** The latest entry date seen (ISO `2026-03-04` or the court's `3/4/2026`). */
  latestEntryDate?: string | undefined;
  /** The matter the alerts are tracked for (a channel may carry several). */
  clientMatter?: string | undefined;
}

export interface AlertRenderOptions {
  /** The service's `{site_url}`: case links point there, and only its links are kept. */
  siteUrl: string;
}

/** `3 new entries · latest 3/4/2026` (plain words; the date is the court's form). */
function counters(m: CaseRootModel): string {
  const n = Math.max(0, Math.trunc(m.newEntries));
  const latest = courtDate(m.latestEntryDate);
  const head = n === 0 ? "New activity" : plural(n, "new entry", "new entries");
  return latest ? `${head} · latest ${latest}` : head;
}

/** The View button's value, or undefined when the case reference cannot ride on a button. */
export function caseButtonValue(court: string, docket: string): string | undefined {
  try {
    return encodeValue({ court: courtLongName(court), docket });
  } catch {
    return undefined;
  }
}

export function renderCaseRoot(m: CaseRootModel, opts: AlertRenderOptions): MessagePayload {
  const identity = { title: m.title, court: m.court, docket: m.docket };
  const line = counters(m);
  const value = caseButtonValue(m.court, m.docket);
  const view = value ? button({ text: "View case", actionId: actionId(ACTION.viewCase, "root"), value }) : undefined;
  const blocks: Block[] = [section(`${caseIdentity(identity, opts)}\n${toMrkdwnLine(line)}`, view)];
  if (m.clientMatter) blocks.push(context(`Docket alerts for matter ${toMrkdwnLine(m.clientMatter, 50)} · new entries in the thread`));
  return { text: `${caseIdentityText(identity)}: ${toPlainText(line)}`, blocks };
}
