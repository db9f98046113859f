/**
 * What every Slack handler may use, passed explicitly to `register(app, deps)` (DEVELOPERS.md,
 * Style: factories take one object of explicit dependencies). The store is not here: each feature
 * adds the part of it it uses (`CasesDeps = SlackDeps & { store: CasesStore }`, features/<x>/deps.ts),
 * so its data dependencies show at its front door.
 */
import type { Clock } from "../clock.ts";
import type { HolidayCalendar } from "../court/rules/holidays.ts";
import type { DocketClient } from "../docket/client.ts";
import type { Logger } from "../logger.ts";
import type { Installation } from "./installation.ts";

export interface SlackDeps {
  docket: DocketClient;
  clock: Clock;
  logger: Logger;
  /** The service's `{site_url}`: the only host whose links we keep or unfurl. */
  siteUrl: string;
  /** Slack user ids allowed to link channels to matters (DOCKETBOT_ADMINS). */
  admins: ReadonlySet<string>;
  /** At least one provider key is configured (ask_docket needs one). */
  qaEnabled: boolean;
  /** How many providers answer each question (ASK_PROVIDER: 1, or 2 for both); for the expected price. Default 1. */
  answeringProviders?: number | undefined;
  /** DOCKET_TEST_MODE: sample data, no charges; shown in fee dialogs. */
  testMode: boolean;
  /**
   * The workspace or org docketbot is installed in: every stored row is keyed by it, never by the
   * team a payload names (a Slack Connect user's own workspace). Absent in unit tests that build
   * deps by hand; then the payload's team is used.
   */
  installation?: Installation | undefined;
  /** docketbot's public base URL (PUBLIC_URL), for calendar feed links; undefined when not configured. */
  publicUrl?: string | undefined;
  /**
   * The legal-holiday calendar (court/rules/holidays.ts) every court date is counted on: made once
   * in main.ts and passed down. Absent in unit tests that build deps by hand; the deadlines feature
   * then makes its own once.
   */
  holidays?: HolidayCalendar | undefined;
  /**
   * The reader's stated time zone (Slack's `tz` for the user, slack/user-zone.ts), for "today" and
   * "in N days" on views with no channel zone (the case card). Absent without Slack; then the
   * court's own day is used.
   */
  readerZone?: ((userId: string) => Promise<string>) | undefined;
  /** The alert outbox, when it runs: woken after an admin requeues dead deliveries. */
  outbox?: { notify(): void } | undefined;
}
