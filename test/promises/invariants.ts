/**
 * The promises, each a named check over what the stand-ins recorded and the model: a check returns
 * its violations (empty: kept). Run after every step; promises.test.ts asserts all but KNOWN_BROKEN.
 */
import type { WorkspaceState } from "../../sandbox/slack/state.ts";
import { CHANNEL_NAMES, CHANNELS, DMS, MATTERS, USERS, type Model } from "./model.ts";
import { allMessages, type System } from "./rig.ts";

export type Check = (s: System, m: Model) => string[] | Promise<string[]>;

const textOf = (x: { text?: unknown; blocks?: unknown; attachments?: unknown }) => `${String(x.text ?? "")}\n${JSON.stringify(x.blocks ?? [])}\n${JSON.stringify(x.attachments ?? [])}`;
const botMessages = (s: System, channel: string) => allMessages(s, channel).filter((x) => x.bot_id !== undefined);

interface Surface {
  where: string;
  audience: { channel?: string; user?: string };
  text: string;
  /** Private to the user who acted (an ephemeral): search results may name any case, and typed names come back. */
  private?: string;
}

/** Everything the bot made visible, by audience: channel history, ephemerals, DMs, Home, files, calendar feeds. */
function surfaces(s: System, m: Model): Surface[] {
  const out: Surface[] = [];
  for (const c of CHANNELS) {
    for (const x of botMessages(s, c)) out.push({ where: `${c} message ${x.ts}`, audience: { channel: c }, text: textOf(x) });
    for (const u of USERS) for (const e of s.slack.state.ephemerals(u, c)) out.push({ where: `${c} ephemeral to ${u}`, audience: { channel: c }, text: textOf(e), private: c });
  }
  for (const u of USERS) {
    const dm = DMS[u]!;
    for (const x of botMessages(s, dm)) out.push({ where: `DM of ${u}`, audience: { user: u }, text: textOf(x) });
    for (const e of s.slack.state.ephemerals(u, dm)) out.push({ where: `DM ephemeral of ${u}`, audience: { user: u }, text: textOf(e), private: u });
    const home = s.slack.state.homeView(u);
    if (home) out.push({ where: `Home of ${u}`, audience: { user: u }, text: JSON.stringify(home.blocks) });
  }
  const files = (s.slack.state as unknown as WorkspaceState).fileStore;
  for (const f of s.slack.state.files()) {
    const bytes = files.get(f.id)?.bytes?.toString("utf8") ?? "";
    for (const c of f.channels) out.push({ where: `file ${f.name} in ${c}`, audience: { channel: c }, text: `${f.title}\n${bytes}` });
    for (const im of f.ims) {
      const user = Object.keys(DMS).find((u) => DMS[u] === im);
      if (user) out.push({ where: `file ${f.name} in DM of ${user}`, audience: { user }, text: `${f.title}\n${bytes}` });
    }
  }
  for (const f of m.feeds) out.push({ where: `calendar feed made in ${f.channel}`, audience: { channel: f.channel }, text: f.body });
  return out;
}

const HELP_EXAMPLES = /`\/docket (?:case|ask|track) nysd 1:23-cv-01234(?: daily| Was the motion decided\?)?`/g;

/** Never another client's matter: names, cases, filings, channels and people of a matter stay with it. */
function walls(s: System, m: Model): string[] {
  const bad: string[] = [];
  for (const x of surfaces(s, m)) {
    const matters = m.allowedMatters(x.audience);
    for (const t of x.private ? (m.typed.get(x.private) ?? []) : []) matters.add(t);
    for (const name of MATTERS) if (!matters.has(name) && x.text.includes(name)) bad.push(`${x.where} names matter ${name}`);
    const cases = m.allowedCases(x.audience);
    for (const token of x.text.match(/QZ\d{4}K/g) ?? []) {
      const of = m.ambiguous.get(token) ?? [m.tokenCase.get(token)!];
      if (!of.some((k) => cases.has(k))) bad.push(`${x.where} shows filing ${token} of case ${of.join("/")}`);
    }
    // Help's fixed examples (Home's quick help, its empty tracking list) name the flagship case: not a lookup.
    const unhelped = x.text.replace(HELP_EXAMPLES, "");
    if (!x.private) m.cases.forEach((k, i) => !cases.has(i) && unhelped.includes(k.docket) && bad.push(`${x.where} names case ${i} (${k.docket})`));
    const channels = m.allowedChannels(x.audience);
    for (const c of CHANNELS) {
      if (channels.has(c)) continue;
      if (x.text.includes(`<#${c}`) || x.text.includes(CHANNEL_NAMES[c]!)) bad.push(`${x.where} names channel ${c}`);
    }
    const users = m.allowedUsers(x.audience);
    for (const [, u] of x.text.matchAll(/<@(U[A-Z0-9]+)/g)) if (u !== "U0BOT" && !users.has(u!)) bad.push(`${x.where} names user ${u}`);
  }
  return bad;
}

/** Never miss a filing: every acknowledged push reaches every subscribed channel; an order reaches the channel itself. */
function neverMiss(s: System, m: Model): string[] {
  const bad: string[] = [];
  for (const p of m.pushes) {
    for (const c of p.channels) {
      const all = botMessages(s, c).map(textOf);
      const top = s.slack.state.messages(c).filter((x) => x.bot_id).map(textOf);
      for (const e of p.entries) {
        // A routine filing is folded to its number on the "+N routine filings (…): #12, #13" line
        // (features/alerts/views/routine.ts, issue 5: "every routine entry's number is still shown").
        const folded = (t: string) => e.kind === "routine" && new RegExp(`routine filings? \\([^)]*\\):[^"]*#${e.token.slice(2, 6)}(?!\\d)`).test(t);
        if (!all.some((t) => t.includes(e.token) || folded(t))) bad.push(`filing ${e.token} (${e.kind}, case ${p.kase}, step ${p.step}) never reached ${c}`);
        else if ((e.kind === "order" || e.kind === "hearing") && !top.some((t) => t.includes(e.token))) bad.push(`order ${e.token} (case ${p.kase}, step ${p.step}) only in a thread of ${c}, never in the channel`);
      }
    }
  }
  return bad;
}

/** The same filing, re-sent, is not announced to the channel again. */
function noRealert(s: System): string[] {
  const bad: string[] = [];
  for (const c of CHANNELS) {
    const counts = new Map<string, number>();
    for (const x of s.slack.state.messages(c).filter((y) => y.bot_id && y.subtype === "thread_broadcast")) {
      for (const t of new Set(textOf(x).match(/QZ\d{4}K/g) ?? [])) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    for (const [t, n] of counts) if (n > 1) bad.push(`${c} was alerted ${n} times to filing ${t}`);
  }
  return bad;
}

const FEE_KIND: Record<string, "ai" | "pacer"> = { ai: "ai", pacer_search: "pacer", pacer_page: "pacer", docket_live: "pacer", document_live: "pacer" };

/** Every fee is billed to a matter, after a consent by someone allowed to bill it; no more fees than consents. */
function feesConsented(s: System, m: Model): string[] {
  const bad: string[] = [];
  const fees = s.docket.ledger.entries.filter((e) => e.fee > 0);
  for (const matter of new Set(fees.map((e) => e.client_matter))) {
    if (!MATTERS.includes(matter as never)) {
      bad.push(`a fee billed to no known matter (${JSON.stringify(matter)})`);
      continue;
    }
    for (const kind of ["ai", "pacer"] as const) {
      const n = fees.filter((e) => e.client_matter === matter && FEE_KIND[e.kind] === kind).length;
      const ok = m.consents.filter((c) => c.matters.includes(matter) && (c.kind === kind || c.kind === "approve")).length;
      if (n > ok) bad.push(`${n} ${kind} fee(s) billed to ${matter} after ${ok} consent(s)`);
    }
  }
  return bad;
}

/** Month spend per matter stays within its cap, plus one action's price. */
function budgets(s: System, m: Model): string[] {
  const bad: string[] = [];
  for (const [matter, b] of m.budgets) {
    const fees = s.docket.ledger.filter({ client_matter: matter }).map((e) => e.fee);
    const spent = s.docket.ledger.total({ client_matter: matter });
    const limit = Math.max(b.cap, b.spentAtSet) + Math.max(0, ...fees);
    if (spent > limit + 1e-9) bad.push(`${matter} spent $${spent.toFixed(2)} past its cap $${b.cap} (+ one action: limit $${limit.toFixed(2)})`);
  }
  return bad;
}

/**
 * Every command, click and event is acknowledged with a 200 within Slack's 3 seconds. The time is
 * the bot's own, from its server's receipt of the request to the end of its answer (rig.ts,
 * slackAcks): the stand-in's wall time (a.ackMs) also counts its own signing and client, which a
 * loaded 2-core machine stretches past 3 s without the bot being late.
 */
function acks(s: System, m: Model): string[] {
  return [
    ...m.acks.filter((a) => a.status !== 200).map((a) => `step ${a.step} ${a.what}: status ${a.status}, ${Math.round(a.ackMs)} ms`),
    ...s.slackAcks.filter((a) => a.ms >= 3000).map((a) => `the bot answered a request to ${a.path} ${Math.round(a.ms)} ms after receiving it`),
  ];
}

/** A push is answered as model.ts's PushExpectation says: never a 5xx, a malformed one never stored as valid. */
function pushReplies(_s: System, m: Model): string[] {
  const ok = { accepted: (n: number) => n >= 200 && n < 300, refused: (n: number) => n >= 400 && n < 500, refusedOrQuarantined: (n: number) => n === 200 || (n >= 400 && n < 500) };
  return m.pushReplies.filter((p) => !ok[p.expect](p.status)).map((p) => `step ${p.step} ${p.what}: ${p.status} (expected ${p.expect})`);
}

/** Never a stall: the outbox drains after each push. */
function drains(_s: System, m: Model): string[] {
  return m.stalls.map((x) => `outbox still busy after ${x}`);
}

/** The bot's links are the model's (a disagreement is a bug in one of them: read the run). */
async function linksAgree(s: System, m: Model): Promise<string[]> {
  const bad: string[] = [];
  for (const c of CHANNELS) {
    const stored = (await s.bot.store.mattersOfChannel({ teamId: "T0DOCKET", channelId: c })).map((l) => l.clientMatter).sort();
    const model = m.matters(c).sort();
    if (stored.join() !== model.join()) bad.push(`${c}: bot links [${stored}], model [${model}]`);
  }
  return bad;
}

export const INVARIANTS = {
  "acks-within-3s": acks,
  "push-replies": pushReplies,
  "never-miss-a-filing": neverMiss,
  "no-re-alert": noRealert,
  "outbox-drains": drains,
  walls,
  "fees-consented": feesConsented,
  "budget-cap": budgets,
  "links-agree": linksAgree,
} as const satisfies Record<string, Check>;
export type InvariantName = keyof typeof INVARIANTS;
