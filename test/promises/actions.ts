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
  | { t: "askDm"; user: string; kase: number }
  | { t: "pacer"; user: string; channel: string; clicks: number }
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
    { weight: 2, arbitrary: fc.record({ w: who, clicks: fc.integer({ min: 1, max: 3 }) }).map(({ w, clicks }): Action => ({ t: "pacer", ...w, clicks })) },
    { weight: 1, arbitrary: fc.boolean().map((approve): Action => ({ t: "approve", approve })) },
    { weight: 1, arbitrary: fc.record({ w: who, matter, cap: fc.constantFrom(0.01, 0.15, 0.3, 5) }).map(({ w, ...r }): Action => ({ t: "budget", ...w, ...r })) },
    { weight: 1, arbitrary: fc.record({ w: who, assignee: user }).map(({ w, assignee }): Action => ({ t: "assign", ...w, assignee })) },
    { weight: 1, arbitrary: who.map((w): Action => ({ t: "calendar", ...w })) },
    { weight: 1, arbitrary: fc.record({ w: who, sub: fc.constantFrom(...RAW), text: hostileText }).map(({ w, sub, text }): Action => ({ t: "raw", ...w, text: `${sub} ${text}` })) },
  );
}

export const actionsArb = (members: Record<string, readonly string[]>, maxLength: number) =>
  fc.array(actionArb(members), { minLength: 1, maxLength, size: "max" });

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
