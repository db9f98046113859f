/**
 * The message above a case's one-off .ics in the clicker's DM with docketbot (issue 16 item 5:
 * "A one-off .ics for a single case is available from the case card"): which case, how many
 * dates, and that opening the file again after a date moves updates the same events. Pure.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText, type CaseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { plural } from "../../../slack/blockkit/format.ts";

export interface CaseFileModel {
  target: CaseIdentity;
  dates: number;
  cancelled: number;
  siteUrl: string;
}

export function renderCaseFileNote(m: CaseFileModel): MessagePayload {
  const what = plural(m.dates, "court date", "court dates");
  const gone = m.cancelled > 0 ? ` (${m.cancelled} of them vacated or cancelled, marked so)` : "";
  return {
    text: `${what} of ${caseIdentityText(m.target)} as a calendar file.`,
    blocks: [
      section(`${what} of ${caseIdentity(m.target, { siteUrl: m.siteUrl })}${gone}, as a calendar file: open it to add them to Outlook, Google Calendar or Apple Calendar.`),
      context(
        "Read from the docket by docketbot: check each date against its docket entry. Opened again after a date moves, the file updates the same events. " +
          "For dates that keep themselves up to date, an admin can make the matter's feed with `/docket calendar`.",
      ),
    ],
  };
}

/**
 * What the clicker is told once the file is in their DM, counted as the file shows the dates:
 * `Sent its 9 court dates (7 ahead, 1 vacated or ended, marked cancelled, 1 past) as an .ics file …`.
 */
export function caseFileSentText(f: { count: number; cancelled: number; past: number }): string {
  const parts = [`${f.count - f.cancelled - f.past} ahead`, f.cancelled > 0 ? `${f.cancelled} vacated or ended, marked cancelled` : "", f.past > 0 ? `${f.past} past` : ""];
  const counts = f.cancelled === 0 && f.past === 0 ? "" : ` (${parts.filter(Boolean).join(", ")})`;
  return `Sent ${f.count === 1 ? "its court date" : `its ${f.count} court dates`}${counts} as an .ics file to your direct messages with docketbot.`;
}
