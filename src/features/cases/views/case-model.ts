/** What the case view renders: the parsed `getdocket/` response plus the case it is for. */
import type { CourtDate } from "../../../court/deadlines/court-date.ts";
import type { DocketResponse } from "../../../docket/schemas/index.ts";

export type CaseViewModel = DocketResponse & {
  /** The service's long court name (`New York Southern District Court`). */
  court: string;
  docket: string;
};

export interface CaseViewOptions {
  /** The docket service's site (`{site_url}`): case links point there, and only its links are kept. */
  siteUrl: string;
  /** 0 = the newest entries. Out-of-range pages show the nearest page. */
  page: number;
  /** Most entries per page (default 20); fewer when the page would not fit Slack's limits. */
  pageSize?: number;
  /** The correlation id shown in the footer (`ref 7f3a`); the same id is in the logs. */
  ref: string;
  /** The channel's client matter, shown in the footer and named in the fee dialog. */
  clientMatter?: string;
  /** The channel has several matters: the fee dialog names none (the requester picks which pays next). */
  matterPicked?: boolean;
  /**
   * When the docket was cached: a Date renders in each reader's zone (Slack date formatting);
   * a string is shown as the service wrote it. Defaults to info.datetime_cached / date_cached.
   */
  cachedAt?: string | Date;
  /** Add a "Share to channel" button (on every private case view). */
  share?: boolean;
  /**
   * A line of our own mrkdwn under the context line ("Refreshed from the court: 2 new entries");
   * cut at NOTICE_MAX. Any service text in it must already be sanitized.
   */
  notice?: string;
  /** DOCKET_TEST_MODE: the fee dialog says there are no charges. */
  testMode?: boolean;
  /**
   * The case's next court dates (issue 16), soonest first, read from this docket's entries; the
   * first page shows up to 3 as "Upcoming" when they fit beside its entries. `today` is ISO.
   */
  upcoming?: { today: string; dates: readonly (Pick<CourtDate, "kind" | "title" | "date" | "time" | "place" | "source"> & Partial<Pick<CourtDate, "byRule" | "computed" | "conflict" | "met">>)[] } | undefined;
}
