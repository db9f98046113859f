/**
 * The App Home tab (issue 4, "Shortcuts, unfurls, Home"): the user's recent cases, the client
 * matters of the channels they are in, then the sections features register (slack/home-sections.ts:
 * trackers, court dates, budgets, alert settings…), each already rendered by its own feature and
 * set off by a divider, then quick help. The caller passes only what this user may see (their
 * channels' matters: the wall); this renders it within Home's 100 blocks. Pure.
 */
import { context, divider, header, section, type Block } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { slackDay } from "../../../slack/blockkit/slack-date.ts";
import { matterName } from "../../../slack/blockkit/names.ts";

export interface HomeRecentCase {
  court: string;
  docket: string;
  title?: string | undefined;
  clientMatter?: string | undefined;
  viewedAt: number;
}

export interface HomeMatter {
  clientMatter: string;
  /** The user's channels linked to it. */
  channelIds: readonly string[];
}

/** What Home itself shows around the features' sections. */
export interface HomeFrame {
  recent: readonly HomeRecentCase[];
  matters: readonly HomeMatter[];
  /** The view's private_metadata (slack/home-metadata.ts: the app DM Home was opened from). */
  privateMetadata?: string | undefined;
  /** false when the user's channels could not be read. */
  channelsKnown: boolean;
  qaEnabled: boolean;
}

/**
 * The tab with the house's own sections in their named slots (the view's goldens pin this shape);
 * renderHomeTab is the same tab over any registered sections.
 */
export interface HomeModel extends HomeFrame {
  /** Tracking's "Tracked for those matters" list (tracking/views/home-trackers.ts), already rendered. */
  trackers: readonly Block[];
  /** Alerts' own "Alert settings" entry, already rendered; empty or absent for users who may not change settings. */
  alertSettings?: readonly Block[] | undefined;
  /** Deadlines' own "Next court dates" section, already rendered (issue 16). */
  courtDates?: readonly Block[] | undefined;
  /** Budgets' own "Budgets this month" section, already rendered. */
  budgets?: readonly Block[] | undefined;
}

export interface HomeView {
  type: "home";
  blocks: Block[];
  private_metadata?: string;
}

export const HOME_LIMITS = { recent: 8, matters: 25, channelsPerMatter: 5 } as const;

function channelMention(id: string): string {
  return /^[CGD][A-Z0-9]{2,30}$/.test(id) ? `<#${id}>` : "a channel";
}

function recentBlocks(m: HomeFrame, siteUrl: string): Block[] {
  const shown = m.recent.slice(0, HOME_LIMITS.recent);
  if (shown.length === 0) return [context("Cases you look up with `/docket case …` show up here.")];
  return shown.map((c) => {
    const matter = c.clientMatter ? ` · matter ${matterName(c.clientMatter)}` : "";
    return section(`${caseIdentity(c, { siteUrl })}\nViewed ${slackDay(c.viewedAt)}${matter}`);
  });
}

function matterBlocks(m: HomeFrame): Block[] {
  if (!m.channelsKnown) return [context(":warning: I couldn't read which channels you're in just now, so your matters aren't shown. Open this tab again in a minute.")];
  if (m.matters.length === 0) return [context("None of your channels is linked to a client matter. A docketbot admin links one with `/docket matter link ACME-001` in the channel.")];
  const shown = m.matters.slice(0, HOME_LIMITS.matters);
  const lines = shown.map((x) => {
    const channels = x.channelIds.slice(0, HOME_LIMITS.channelsPerMatter).map(channelMention);
    const more = x.channelIds.length > channels.length ? ` and ${x.channelIds.length - channels.length} more` : "";
    return `• ${matterName(x.clientMatter)} · ${channels.join(", ")}${more}`;
  });
  const blocks: Block[] = [section(lines.join("\n"))];
  if (m.matters.length > shown.length) blocks.push(context(`…and ${plural(m.matters.length - shown.length, "more matter", "more matters")}.`));
  return blocks;
}

const HELP = [
  "`/docket search acme widget` — search cases",
  "`/docket case nysd 1:23-cv-01234` — show a case",
  "`/docket track nysd 1:23-cv-01234 daily` — post new filings to the channel's matter",
  "`/docket tracking` · `/docket usage` · `/docket matter` — what a channel tracks, spends, and is linked to",
];

/** Home: the frame around `sections` (each in its order, set off by a divider; empty ones show nothing). */
export function renderHomeTab(m: HomeFrame & { sections: readonly (readonly Block[])[] }, opts: { siteUrl: string }): HomeView {
  const help = m.qaEnabled ? [...HELP.slice(0, 2), "`/docket ask nysd 1:23-cv-01234 Was the motion decided?` — ask about a case", ...HELP.slice(2)] : HELP;
  const blocks: Block[] = [
    header("docketbot"),
    section("Court dockets in the channels where your team works. Track a case in a channel linked to a client matter, and new filings are posted there."),
    divider(),
    section("*Your recent cases*"),
    ...recentBlocks(m, opts.siteUrl),
    divider(),
    section("*Client matters of your channels*"),
    ...matterBlocks(m),
    ...m.sections.flatMap((blocks) => (blocks.length > 0 ? [divider(), ...blocks] : [])),
    divider(),
    section(`*Quick help*\n${help.map((l) => `• ${l}`).join("\n")}`),
    context("Shortcuts on any message: *Look up case*, *Ask about this case*, *Track this case*."),
  ];
  return { type: "home", blocks, ...(m.privateMetadata ? { private_metadata: m.privateMetadata } : {}) };
}

export function renderHome(m: HomeModel, opts: { siteUrl: string }): HomeView {
  const sections = [[section("*Tracked for those matters*"), ...m.trackers], m.courtDates ?? [], m.budgets ?? [], m.alertSettings ?? []];
  return renderHomeTab({ ...m, sections }, opts);
}
