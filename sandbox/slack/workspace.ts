/**
 * The seeded workspace of the Slack stand-in: one team, two people, the bot, two channels and the
 * DMs between the bot and each person. IDs are short and readable on purpose (real Slack IDs are
 * longer), but keep Slack's prefixes: T team, C public channel, D direct message, U user, B bot,
 * A app, so code that branches on a prefix (e.g. DM vs channel) sees the right thing.
 */
export const TEAM = {
  id: "T0DOCKET",
  domain: "docketbot-sandbox",
  name: "Docketbot Sandbox",
} as const;

export const APP_ID = "A0DOCKET";

/**
 * A partner firm's workspace, on the other side of a Slack Connect channel: its people act in our
 * shared channels with their own team id (docs.slack.dev/apis/slack-connect). Not seeded; a test
 * adds its person with addUser.
 */
export const PARTNER_TEAM = {
  id: "T0PARTNER",
  domain: "partner-firm",
  name: "Partner Firm LLP",
} as const;

/** The Enterprise Grid organisation our workspace belongs to, named by org-wide install payloads. */
export const ENTERPRISE = {
  id: "E0DOCKET",
  name: "Docketbot Sandbox Org",
} as const;

/** Co-counsel from the partner firm, for a test to add to a shared channel (not in the seed). */
export const PARTNER_USER: SlackUser = {
  id: "U0PARTNER", name: "pat.partner", real_name: "Pat Partner", is_admin: false, is_bot: false,
  email: "pat@partner.example", tz: "America/Los_Angeles", team_id: PARTNER_TEAM.id,
};

export const BOT = {
  userId: "U0BOT",
  botId: "B0BOT",
  name: "docketbot",
  realName: "Docketbot",
} as const;

export interface SlackUser {
  id: string;
  name: string;
  real_name: string;
  is_admin: boolean;
  is_bot: boolean;
  email?: string;
  tz: string;
  /** The person's home workspace; absent: ours (TEAM). */
  team_id?: string;
}

export interface SlackChannel {
  id: string;
  /** Empty for DMs, as Slack has it. */
  name: string;
  is_im: boolean;
  is_private: boolean;
  is_archived: boolean;
  created: number;
  creator: string;
  /** For DMs: the person on the other side of the bot. */
  user?: string;
  topic: string;
  purpose: string;
  members: Set<string>;
}

export const USERS: readonly SlackUser[] = [
  {
    id: "U0ADMIN", name: "ann.admin", real_name: "Ann Admin", is_admin: true, is_bot: false,
    email: "ann@example.test", tz: "America/New_York",
  },
  {
    id: "U0MEMBER", name: "mo.member", real_name: "Mo Member", is_admin: false, is_bot: false,
    email: "mo@example.test", tz: "America/Chicago",
  },
  { id: BOT.userId, name: BOT.name, real_name: BOT.realName, is_admin: false, is_bot: true, tz: "America/New_York" },
];

/** 2023-11-14, well before any message the stand-in creates. */
const CREATED = 1_700_000_000;

/** Fresh channels for one stand-in (membership and archive flags are mutable state). */
export function seedChannels(): SlackChannel[] {
  const channel = (id: string, name: string, members: string[], purpose: string): SlackChannel => ({
    id, name, is_im: false, is_private: false, is_archived: false, created: CREATED, creator: "U0ADMIN",
    topic: "", purpose, members: new Set(members),
  });
  const dm = (id: string, user: string): SlackChannel => ({
    id, name: "", is_im: true, is_private: true, is_archived: false, created: CREATED, creator: user,
    user, topic: "", purpose: "", members: new Set([user, BOT.userId]),
  });
  return [
    channel("C0ACME", "litigation-acme", ["U0ADMIN", "U0MEMBER", BOT.userId], "Acme Corp. v. Widgets litigation"),
    channel("C0IP", "ip-portfolio", ["U0ADMIN", BOT.userId], "Patent and trademark matters"),
    dm("D0ANN", "U0ADMIN"),
    dm("D0MO", "U0MEMBER"),
  ];
}
