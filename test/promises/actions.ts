/**
 * What a random run does: a list of actions, each a plain object (so fast-check prints and shrinks
 * it), drawn from the users, channels, matters and cases of the model. drive.ts performs them.
 */
import fc from "fast-check";
import { CHANNELS, MATTERS, USERS } from "./model.ts";

/** Text that has broken chat apps before; every variant keeps the entry's token readable. */
export const HOSTILE = {
  plain: "granting motion to compel",
  nul: "granting motion\u0000 to compel",
  surrogate: "granting \uD800 motion \uDFFF to compel",
  rtl: "\u202Egranting\u202C \u200Fmotion\u200E to compel \u2066x\u2069",
  mrkdwn: "<!channel> <!here|here> <@U0OLA> <#C0IP> *granting* _motion_ &lt;b&gt; &amp; `x` ~y~ <https://evil.example|click>",
  huge: `granting motion ${"to compel and ".repeat(3000)}`,
} as const;
export type Hostile = keyof typeof HOSTILE;
export const KINDS = ["order", "motion", "routine", "hearing"] as const;
export type Kind = (typeof KINDS)[number];

export type Action =
  | { t: "link"; user: string; channel: string; matter: string }
  | { t: "unlink"; user: string; channel: string; matter: string }
  | { t: "track"; user: string; channel: string; kase: number }
  | { t: "untrack"; user: string; channel: string; kase: number; undo: boolean }
  | { t: "mute"; user: string; channel: string; kase: number; mode: "7d" | "next_order" | "unmuted" | "off" }
  | { t: "push"; kase: number; entries: { kind: Kind; text: Hostile }[]; dupKeyWith: number | null; resend: boolean }
  | { t: "malformed"; body: string }
  | { t: "ask"; user: string; channel: string; kase: number; followUp: boolean }
  | { t: "askDm"; user: string; kase: number; pick?: string }
  | { t: "dmFollowUp"; user: string }
  | { t: "followUpButton"; user: string; channel: string }
  | { t: "home"; user: string; export: boolean }
  | { t: "pacer"; user: string; channel: string; clicks: number }
  /** A case's newest document with no stored copy: Get PDF, then "Get it from the court" clicked `clicks` times at once. */
  | { t: "document"; user: string; channel: string; kase: number; clicks: number }
  | { t: "approve"; approve: boolean }
  | { t: "budget"; user: string; channel: string; matter: string; cap: number }
  | { t: "assign"; user: string; channel: string; assignee: string }
  | { t: "calendar"; user: string; channel: string }
  | { t: "raw"; user: string; channel: string; text: string };

const user = fc.constantFrom(...USERS);
const channel = fc.constantFrom(...CHANNELS);
const matter = fc.constantFrom(...MATTERS);
const kase = fc.integer({ min: 0, max: 2 });
/** Commands are only run by members of the channel (Slack shows /docket only there). */
const member = (members: Record<string, readonly string[]>) =>
  fc.tuple(channel, fc.nat()).map(([c, i]) => ({ channel: c, user: members[c]![i % members[c]!.length]! }));

const MALFORMED = [
  "{not json",
  "",
  "[]",
  "null",
  '{"push_type":"docket"}',
  '{"push_type":"docket","client_matter":7,"court":[],"docket":{}}',
  '{"push_type":"docket","client_matter":"ZETA-101","court":"x","docket":"1:23-cv-01234","docket_report":"nope"}',
  '{"push_type":"bogus","client_matter":"ZETA-101"}',
  `{"push_type":"docket","client_matter":"ZETA-101","docket_report":[${"[".repeat(5000)}`,
  '\uFEFF{"push_type":"docket","client_matter":"\uD800"}',
];

const RAW = ["", "help", "case", "ask", "track", "untrack", "pacer", "budget", "budget set", "usage", "usage export", "audit", "audit export", "tracking", "matter", "alerts", "deadlines", "calendar", "search", "watch"];
const hostileText = fc.constantFrom(...(Object.keys(HOSTILE) as Hostile[])).map((k) => HOSTILE[k].slice(0, 3000));

export function actionArb(members: Record<string, readonly string[]>): fc.Arbitrary<Action> {
  const who = member(members);
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ w: who, matter }).map(({ w, matter }): Action => ({ t: "link", ...w, matter })) },
    { weight: 1, arbitrary: fc.record({ w: who, matter }).map(({ w, matter }): Action => ({ t: "unlink", ...w, matter })) },
    { weight: 4, arbitrary: fc.record({ w: who, kase }).map(({ w, kase }): Action => ({ t: "track", ...w, kase })) },
    { weight: 1, arbitrary: fc.record({ w: who, kase, undo: fc.boolean() }).map(({ w, ...r }): Action => ({ t: "untrack", ...w, ...r })) },
    { weight: 1, arbitrary: fc.record({ w: who, kase, mode: fc.constantFrom("7d", "next_order", "unmuted", "off") }).map(({ w, ...r }): Action => ({ t: "mute", ...w, ...r })) },
    {
      weight: 5,
      arbitrary: fc.record({
        kase,
        entries: fc.array(fc.record({ kind: fc.constantFrom(...KINDS), text: fc.constantFrom(...(Object.keys(HOSTILE) as Hostile[])) }), { minLength: 1, maxLength: 3 }),
        dupKeyWith: fc.option(kase, { freq: 4 }),
        resend: fc.boolean(),
      }).map((r): Action => ({ t: "push", ...r })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED).map((body): Action => ({ t: "malformed", body })) },
    { weight: 2, arbitrary: fc.record({ w: who, kase, followUp: fc.boolean() }).map(({ w, ...r }): Action => ({ t: "ask", ...w, ...r })) },
    { weight: 1, arbitrary: fc.record({ user, kase }).map((r): Action => ({ t: "askDm", ...r })) },
    { weight: 1, arbitrary: user.map((user): Action => ({ t: "dmFollowUp", user })) },
    { weight: 1, arbitrary: who.map((w): Action => ({ t: "followUpButton", ...w })) },
    { weight: 1, arbitrary: fc.record({ user, export: fc.boolean() }).map((r): Action => ({ t: "home", ...r })) },
    { weight: 2, arbitrary: fc.record({ w: who, clicks: fc.integer({ min: 1, max: 3 }) }).map(({ w, clicks }): Action => ({ t: "pacer", ...w, clicks })) },
    { weight: 1, arbitrary: fc.record({ w: who, kase, clicks: fc.integer({ min: 1, max: 3 }) }).map(({ w, ...r }): Action => ({ t: "document", ...w, ...r })) },
    { weight: 1, arbitrary: fc.boolean().map((approve): Action => ({ t: "approve", approve })) },
    { weight: 1, arbitrary: fc.record({ w: who, matter, cap: fc.constantFrom(0.01, 0.15, 0.3, 5) }).map(({ w, ...r }): Action => ({ t: "budget", ...w, ...r })) },
    { weight: 1, arbitrary: fc.record({ w: who, assignee: user }).map(({ w, assignee }): Action => ({ t: "assign", ...w, assignee })) },
    { weight: 1, arbitrary: who.map((w): Action => ({ t: "calendar", ...w })) },
    { weight: 1, arbitrary: fc.record({ w: who, sub: fc.constantFrom(...RAW), text: hostileText }).map(({ w, sub, text }): Action => ({ t: "raw", ...w, text: `${sub} ${text}` })) },
  );
}

/**
 * Where the bugs are: short runs of actions that together reach a promise one random action rarely
 * does alone. Each is a list of ordinary actions (driven through real HTTP like the rest), drawn with
 * its own choices, so fast-check can still shrink inside it.
 */
export function scenarioArb(members: Record<string, readonly string[]>): fc.Arbitrary<Action[]> {
  const acme = fc.constantFrom(...members.C0ACME!);
  return fc.oneof(
    // budget-cap: a cap near one search's price, then Run clicked several times at once.
    fc.record({ cap: fc.constantFrom(0.01, 0.15, 0.3), user: acme, clicks: fc.integer({ min: 2, max: 3 }) }).map(({ cap, user, clicks }): Action[] => [
      { t: "budget", user: "U0ADMIN", channel: "C0ACME", matter: "ZETA-101", cap },
      { t: "pacer", user, channel: "C0ACME", clicks },
    ]),
    // budget-cap, fees-consented: a court fee (up to $3.00) under a cap below it, clicked at once.
    fc.record({ cap: fc.constantFrom(0.3, 5), user: acme, clicks: fc.integer({ min: 2, max: 3 }) }).map(({ cap, user, clicks }): Action[] => [
      { t: "budget", user: "U0ADMIN", channel: "C0ACME", matter: "ZETA-101", cap },
      { t: "document", user, channel: "C0ACME", kase: 0, clicks },
    ]),
    // never-miss-a-filing: muted, an order still reaches the channel.
    fc.record({ mode: fc.constantFrom("7d" as const, "next_order" as const), user: acme, kind: fc.constantFrom("order" as const, "hearing" as const) }).map(({ mode, user, kind }): Action[] => [
      { t: "push", kase: 0, entries: [{ kind: "motion", text: "plain" }], dupKeyWith: null, resend: false },
      { t: "mute", user, channel: "C0ACME", kase: 0, mode },
      { t: "push", kase: 0, entries: [{ kind, text: "plain" }, { kind: "routine", text: "plain" }], dupKeyWith: null, resend: false },
    ]),
    // push-replies, walls: two `docket` keys naming cases followed by different matters.
    fc.record({ kase: fc.constantFrom(0, 1), resend: fc.boolean() }).map(({ kase, resend }): Action[] => [
      { t: "push", kase, entries: [{ kind: "order", text: "plain" }], dupKeyWith: 1 - kase, resend },
    ]),
    // walls: usage and audit exports, after another matter spent (an answer in C0IP).
    fc.record({ w: member(members), sub: fc.constantFrom("usage export", "audit export") }).map(({ w, sub }): Action[] => [
      { t: "ask", user: "U0ADMIN", channel: "C0IP", kase: 1, followUp: false },
      { t: "raw", ...w, text: sub },
    ]),
    // walls: a headline assigned to someone outside its channel (Ola is only in C0BETA).
    fc.record({ user: acme, kind: fc.constantFrom("order" as const, "motion" as const) }).map(({ user, kind }): Action[] => [
      { t: "push", kase: 0, entries: [{ kind, text: "plain" }], dupKeyWith: null, resend: false },
      { t: "assign", user, channel: "C0ACME", assignee: "U0OLA" },
    ]),
    // fees-consented: a DM question billed to a picked matter, that matter unlinked, a follow-up.
    fc.record({ kase: fc.constantFrom(0, 1) }).map(({ kase }): Action[] => [
      { t: "askDm", user: "U0ADMIN", kase, pick: kase === 0 ? "ZETA-101" : "IPCO-777" },
      { t: "unlink", user: "U0ADMIN", channel: kase === 0 ? "C0ACME" : "C0IP", matter: kase === 0 ? "ZETA-101" : "IPCO-777" },
      { t: "dmFollowUp", user: "U0ADMIN" },
    ]),
    // walls, fees-consented: App Home (views.publish) and its usage export; the Ask follow-up button.
    fc.record({ user: fc.constantFrom(...USERS), export: fc.boolean() }).map((r): Action[] => [{ t: "home", ...r }]),
    fc.record({ user: acme }).map(({ user }): Action[] => [
      { t: "ask", user, channel: "C0ACME", kase: 0, followUp: false },
      { t: "followUpButton", user, channel: "C0ACME" },
    ]),
  );
}

/** Up to `maxLength` groups: one random action, or (one time in three) a scenario. */
export const actionsArb = (members: Record<string, readonly string[]>, maxLength: number) =>
  fc
    .array(fc.oneof({ weight: 2, arbitrary: actionArb(members).map((a) => [a]) }, { weight: 1, arbitrary: scenarioArb(members) }), { minLength: 1, maxLength, size: "max" })
    .map((groups) => groups.flat());

/**
 * Every run starts from the same small firm, made through the same commands (so a counterexample
 * need not spend its steps on it): each channel linked to its matter, two matters tracking a case
 * each. Shrinking keeps the prelude and shortens what follows.
 */
export const PRELUDE: readonly Action[] = [
  { t: "link", user: "U0ADMIN", channel: "C0ACME", matter: "ZETA-101" },
  { t: "link", user: "U0ADMIN", channel: "C0IP", matter: "IPCO-777" },
  { t: "link", user: "U0ADMIN", channel: "C0BETA", matter: "BETA-42" },
  { t: "track", user: "U0MEMBER", channel: "C0ACME", kase: 0 },
  { t: "track", user: "U0ADMIN", channel: "C0IP", kase: 1 },
];
