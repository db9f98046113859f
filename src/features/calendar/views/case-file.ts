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
