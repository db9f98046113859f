import type { EmuCase, EmuEntry } from "./corpus/types.ts";
import type { Tracker } from "./trackers.ts";
import type { SiteUrls } from "./urls.ts";
import { caseInfo, docketReport, parties, searchItem } from "./wire.ts";

/**
 * Push bodies (spec Events, "Payload"): every payload has push_type and client_matter.
 * The spec does not show the elements of `search_results` in pushes; the emulator sends the same
 * items search/ returns (court, docket, title, link, date_filed, result_type, date_cached), plus
 * nature_of_suit on new_case results.
 */
export type PushPayload = Record<string, unknown> & { push_type: "docket" | "search_results" | "new_case"; client_matter: string };

export function docketPush(t: Tracker, k: EmuCase, newEntries: readonly EmuEntry[], urls: SiteUrls): PushPayload {
  return {
    push_type: "docket",
    client_matter: t.clientMatter,
    court: k.court,
    docket: k.docket,
    info: caseInfo(k, urls),
    docket_report: docketReport(k, newEntries, urls),
    parties: parties(k),
  };
}

export function searchPush(t: Tracker, q: string, results: readonly EmuCase[], urls: SiteUrls): PushPayload {
  return {
    push_type: "search_results",
    client_matter: t.clientMatter,
    q,
    link: urls.searchLink(q),
    title: t.title,
    search_results: results.map((k) => searchItem(k, urls)),
  };
}

export function newCasePush(t: Tracker, k: EmuCase, partyName: string, urls: SiteUrls): PushPayload {
  const nos = k.natureOfSuit ?? "";
  return {
    push_type: "new_case",
    client_matter: t.clientMatter,
    party_name: partyName,
    nature_of_suit: nos,
    search_results: [{ ...searchItem(k, urls), nature_of_suit: nos }],
  };
}

/** `track/` test=true: "a test push with fixed fake data"; the same bytes every time. */
export function testPush(site: string): PushPayload {
  const link = `${site}cases/Test_District_Court/1--00-cv-00000/Test_Plaintiff_v._Test_Defendant/`;
  return {
    push_type: "docket",
    client_matter: "TEST",
    court: "Test District Court",
    docket: "1:00-cv-00000",
    info: {
      title: "Test Plaintiff v. Test Defendant",
      date_filed: "1/2/2020",
      judges: ["Test Judge"],
      nature_of_suit: "890 Other Statutory Actions",
      type: "Civil",
      status: "Open",
      cause: "28:1331 Federal Question",
      patents: [],
      court: "Test District Court",
      docket: "1:00-cv-00000",
      date_cached: "2020-01-02T00:00:00.000Z",
      link,
    },
    docket_report: [
      {
        date: "1/2/2020",
        entry_date: "1/2/2020",
        number: "1",
        contents: "<span class='description'>COMPLAINT</span> This is a test push. No action is needed.",
        exhibits: [],
      },
    ],
    parties: [
      { name: "Test Plaintiff", type: "Plaintiff", counsel: [] },
      { name: "Test Defendant", type: "Defendant", counsel: [] },
    ],
  };
}
