/**
 * Performs one action against the real bot, as Slack and the service would (signed commands,
 * clicks on what the bot rendered, pushes over HTTP), and moves the model with it. Nothing here
 * checks a promise: invariants.ts reads what the stand-ins recorded afterwards.
 */
import type { Delivery } from "../../sandbox/slack/bot-client.ts";
import type { Block } from "../../sandbox/slack/types.ts";
import type { Action } from "./actions.ts";
import { HOSTILE } from "./actions.ts";
import { ADMIN, ADMINS, CHANNELS, DMS, MATTERS, MEMBERS, type Entry, type Model } from "./model.ts";
import { allMessages, type System } from "./rig.ts";

const TEAM = "T0DOCKET";

function elements(blocks: Block[] | undefined): { action_id: string; value?: string }[] {
  return (blocks ?? []).flatMap((b) => [...(Array.isArray(b.elements) ? b.elements : []), b.accessory].filter((e) => e && typeof e === "object" && "action_id" in e)) as never;
}
const has = (blocks: Block[] | undefined, prefix: string) => elements(blocks).find((e) => e.action_id.startsWith(prefix))?.action_id;

/** Until the bot has been quiet (no new Slack call, response or post) for 80 ms, at most `maxMs`. */
export async function quiet(s: System, maxMs = 3000): Promise<void> {
  const end = Date.now() + maxMs;
  let last = -1;
  let since = Date.now();
  while (Date.now() < end) {
    const n = s.slack.calls.length + s.slack.responses.length + s.slack.deliveries.length;
    if (n !== last) (last = n, since = Date.now());
    else if (Date.now() - since >= 80) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

function acked(m: Model, what: string, d: Delivery): void {
  m.acks.push({ step: m.step, what, status: d.status, ackMs: d.ackMs, late: d.lateAck });
}

async function cmd(s: System, m: Model, user: string, channel: string, text: string): Promise<Delivery> {
  const d = await s.slack.sendCommand({ text, user, channel });
  acked(m, `/docket ${text.slice(0, 40)}`, d);
  await quiet(s);
  return d;
}

/** Clicks the newest element whose action_id starts with `prefix` on the user's ephemerals in `channel`, or its messages. */
function clickable(s: System, user: string, channel: string, prefix: string) {
  const eph = s.slack.state.ephemerals(user, channel).findLast((e) => has(e.blocks, prefix));
  const msg = eph ? undefined : allMessages(s, channel).findLast((x) => has(x.blocks, prefix));
  const element = elements(eph?.blocks ?? msg?.blocks).find((e) => e.action_id.startsWith(prefix));
  return { eph, msg, element };
}

async function click(s: System, m: Model, user: string, channel: string, prefix: string, value?: string, times = 1): Promise<boolean> {
  const { eph, msg, element } = clickable(s, user, channel, prefix);
  const actionId = element?.action_id;
  if (!actionId) return false;
  const surface = eph ? { ephemeral: eph.message_ts } : { channel, message: msg!.ts };
  const ds = await Promise.all(Array.from({ length: times }, () => s.slack.sendBlockAction({ user, actionId, ...surface, ...(value ? { value } : {}) })));
  for (const d of ds) acked(m, `click ${actionId}`, d);
  await quiet(s);
  return true;
}

/** The bot's record of what the channel's matters subscribe to, read back after a track or untrack click. */
async function syncSubs(s: System, m: Model): Promise<void> {
  const subs = await s.bot.store.subscriptionsOf(TEAM, [...MATTERS]);
  for (const matter of MATTERS) for (const k of [0, 1, 2]) m.unsubscribe(matter, k);
  for (const sub of subs) {
    const k = m.cases.findIndex((c) => "docket" in sub.target && c.docket === sub.target.docket);
    if (k >= 0) m.subscribe(sub.clientMatter, k);
  }
}

const ref = (m: Model, k: number) => `"${m.cases[k]!.court}" ${m.cases[k]!.docket}`;
const ledgerTotal = (s: System, matter: string) => s.docket.ledger.total({ client_matter: matter });

function entryText(e: Entry, text: string): string {
  const head = { order: "ORDER", motion: "MOTION to compel", routine: "NOTICE of Appearance", hearing: "ORDER setting Status Conference for 12/15/2026 10:00 AM" }[e.kind];
  return `${head} ${e.token} ${text}`;
}

async function push(s: System, m: Model, a: Extract<Action, { t: "push" }>): Promise<void> {
  const k = m.cases[a.kase]!;
  // The service tags its one tracker with the longest-standing subscriber (README); read from the
  // bot's store, not through its rate-limited client (whose window keeps real time).
  const subs = await s.bot.store.allSubscriptions();
  const tag = subs.find((x) => "docket" in x.target && x.target.docket === k.docket)?.clientMatter ?? m.tagOf(a.kase) ?? MATTERS[0];
  m.tagged(tag, a.kase);
  if (a.dupKeyWith !== null) m.tagged(tag, a.dupKeyWith);
  const entries: Entry[] = a.entries.map((e) => ({ token: m.token(), kind: e.kind }));
  const report = (ws: string) => entries.map((e, i) => ({ number: e.token.slice(2, 6), date: "11/20/2026", contents: entryText(e, HOSTILE[a.entries[i]!.text]).replace(/ /g, ws) }));
  const body = (ws: string) => {
    const json = JSON.stringify({ push_type: "docket", client_matter: tag, court: k.court, docket: k.docket, info: { title: k.title }, docket_report: report(ws), parties: [] });
    if (a.dupKeyWith === null || a.dupKeyWith === a.kase) return json;
    const other = m.cases[a.dupKeyWith]!;
    return `${json.slice(0, -1)},"court":${JSON.stringify(other.court)},"docket":${JSON.stringify(other.docket)}}`;
  };
  const dup = a.dupKeyWith !== null && a.dupKeyWith !== a.kase;
  for (const e of entries) dup ? m.ambiguous.set(e.token, [a.kase, a.dupKeyWith!]) : m.tokenCase.set(e.token, a.kase);
  const channels = m.targets(a.kase);
  const status = await s.push(body(" "));
  // Two `court`/`docket` keys name two cases: the push says two things, so it is refused (4xx) like
  // any malformed one (RFC 8259 section 4; intake/duplicate-keys.ts), never stored under either case.
  m.pushReplies.push({ step: m.step, expect: dup ? "refused" : "accepted", status, what: `${dup ? "duplicate-key " : ""}push ${entries.map((e) => e.token).join(",")}` });
  if (status >= 200 && status < 300 && !dup) m.pushes.push({ step: m.step, kase: a.kase, entries, channels });
  if (a.resend) {
    await s.drained();
    const again = await s.push(body("  \n\t "));
    m.pushReplies.push({ step: m.step, expect: dup ? "refused" : "accepted", status: again, what: "re-sent push" });
  }
  if (!(await s.drained())) m.stalls.push(`step ${m.step}: push ${entries.map((e) => e.token).join(",")}`);
  await quiet(s, 1000);
}

export async function perform(s: System, m: Model, a: Action): Promise<void> {
  switch (a.t) {
    case "link": {
      m.type(a.channel, a.matter);
      await cmd(s, m, a.user, a.channel, `matter link ${a.matter}`);
      if (ADMINS.includes(a.user)) {
        await click(s, m, a.user, a.channel, "link_matter");
        m.link(a.channel, a.matter);
      }
      return;
    }
    case "unlink":
      m.type(a.channel, a.matter);
      await cmd(s, m, a.user, a.channel, `matter unlink ${a.matter}`);
      if (ADMINS.includes(a.user)) m.unlink(a.channel, a.matter);
      return;
    case "track":
      m.lookedUp(a.channel, a.kase);
      await cmd(s, m, a.user, a.channel, `track ${ref(m, a.kase)}`);
      await click(s, m, a.user, a.channel, "track_matter:0");
      return syncSubs(s, m);
    case "untrack":
      await cmd(s, m, a.user, a.channel, `untrack ${ref(m, a.kase)}`);
      if (await click(s, m, a.user, a.channel, "untrack_case:confirm") && a.undo) await click(s, m, a.user, a.channel, "track_matter:undo");
      return syncSubs(s, m);
    case "mute": {
      const root = allMessages(s, a.channel).findLast((x) => has(x.blocks, "case_snooze") && JSON.stringify(x.blocks).includes(m.cases[a.kase]!.docket));
      if (!root) return;
      acked(m, "mute", await s.slack.sendBlockAction({ user: a.user, channel: a.channel, message: root.ts, actionId: "case_snooze", value: a.mode }));
      return quiet(s);
    }
    case "push":
      return push(s, m, a);
    case "malformed": {
      const status = await s.push(a.body);
      m.pushReplies.push({ step: m.step, expect: "refusedOrQuarantined", status, what: `malformed ${JSON.stringify(a.body.slice(0, 30))}` });
      return;
    }
    case "ask": {
      m.lookedUp(a.channel, a.kase);
      m.consents.push({ user: a.user, matters: m.matters(a.channel), kind: "ai" });
      const before = s.slack.state.messages(a.channel).length;
      await cmd(s, m, a.user, a.channel, `ask ${ref(m, a.kase)} What is the latest order?`);
      const root = s.slack.state.messages(a.channel).slice(before).find((x) => x.bot_id);
      if (!a.followUp || !root) return;
      m.consents.push({ user: a.user, matters: m.matters(a.channel), kind: "ai" });
      await s.slack.postUserMessage({ user: a.user, channel: a.channel, threadTs: root.ts, text: "<@U0BOT> and what is due next?" });
      return quiet(s);
    }
    case "askDm": {
      m.lookedUp(a.user, a.kase);
      const dm = DMS[a.user]!;
      await cmd(s, m, a.user, dm, `ask ${ref(m, a.kase)} Who is the judge?`);
      // The matter is the one on the button clicked (fee-hold.ts: "Bill <matter>"): only it may be billed.
      const { eph, msg } = clickable(s, a.user, dm, "fee_matter");
      const choices = elements(eph?.blocks ?? msg?.blocks).filter((e) => e.action_id.startsWith("fee_matter"));
      const button = choices.find((e) => e.value && (JSON.parse(e.value) as { m?: string }).m === a.pick) ?? choices[0];
      const picked = button?.value === undefined ? undefined : (JSON.parse(button.value) as { m?: string }).m;
      if (!button || !picked) return;
      const before = allMessages(s, dm).length;
      acked(m, `click ${button.action_id}`, await s.slack.sendBlockAction({ user: a.user, actionId: button.action_id, ...(eph ? { ephemeral: eph.message_ts } : { channel: dm, message: msg!.ts }) }));
      await quiet(s);
      m.consents.push({ user: a.user, matters: [picked], kind: "ai" });
      const answer = allMessages(s, dm).slice(before).find((x) => x.bot_id);
      if (answer) m.dmAsks.set(a.user, { matter: picked, thread: answer.thread_ts ?? answer.ts });
      return;
    }
    case "dmFollowUp": {
      const asked = m.dmAsks.get(a.user);
      if (!asked) return;
      // A follow-up may bill the picked matter only while the user still sees it (one of their channels links it).
      const mine = CHANNELS.filter((c) => MEMBERS[c]!.includes(a.user)).flatMap((c) => m.matters(c));
      if (mine.includes(asked.matter)) m.consents.push({ user: a.user, matters: [asked.matter], kind: "ai" });
      await s.slack.postUserMessage({ user: a.user, channel: DMS[a.user]!, threadTs: asked.thread, text: "and what is due next?" });
      return quiet(s);
    }
    case "followUpButton": {
      const answer = allMessages(s, a.channel).findLast((x) => has(x.blocks, "ask_follow_up"));
      if (!answer) return;
      acked(m, "ask_follow_up", await s.slack.sendBlockAction({ user: a.user, channel: a.channel, message: answer.ts, actionId: "ask_follow_up" }));
      await quiet(s);
      if (s.slack.state.modals(a.user).length === 0) return;
      m.consents.push({ user: a.user, matters: m.matters(a.channel), kind: "ai" });
      acked(m, "ask modal submitted", await s.slack.sendViewSubmission({ user: a.user, values: { ask_question: { question: "And what is due next?" } } }));
      return quiet(s);
    }
    case "home": {
      acked(m, "app_home_opened", await s.slack.openAppHome(a.user));
      await quiet(s);
      const home = s.slack.state.homeView(a.user);
      const exportId = has(home?.blocks, "home_usage_export");
      if (!a.export || !home || !exportId) return;
      acked(m, `click ${exportId}`, await s.slack.sendBlockAction({ user: a.user, actionId: exportId, view: home.id }));
      return quiet(s);
    }
    case "pacer": {
      await cmd(s, m, a.user, a.channel, "pacer Acme type:civil");
      if (m.matters(a.channel).length === 0) return;
      m.consents.push({ user: a.user, matters: m.matters(a.channel), kind: "pacer" });
      await click(s, m, a.user, a.channel, "pacer_run", undefined, a.clicks);
      return quiet(s, 5000);
    }
    case "document": {
      // The case's newest entry with a document (the view's first Get PDF) has no stored copy.
      const k = m.cases[a.kase]!;
      const entry = s.docket.corpus.find(k.court, k.docket)?.entries.findLast((e) => e.document && !e.document.sealed);
      if (!entry) return;
      entry.document!.cached = false;
      // Shown privately, so its document goes to the asker's DM: a lookup of theirs, not the channel's.
      m.lookedUp(a.user, a.kase);
      await cmd(s, m, a.user, a.channel, `case ${ref(m, a.kase)}`);
      if (!(await click(s, m, a.user, a.channel, "get_pdf:"))) return;
      if (!clickable(s, a.user, a.channel, "get_pdf_live").element) return;
      // The dialog's consent, once however many times its button is delivered; one matter only
      // (a channel of several asks which first: that pick is its own consent, not made here).
      if (m.matters(a.channel).length === 1) m.consents.push({ user: a.user, matters: m.matters(a.channel), kind: "pacer" });
      await click(s, m, a.user, a.channel, "get_pdf_live", undefined, a.clicks);
      return quiet(s, 5000);
    }
    case "approve": {
      const dm = DMS[ADMIN]!;
      const held = allMessages(s, dm).findLast((x) => has(x.blocks, "fee_approve"));
      if (!held) return;
      if (a.approve) m.consents.push({ user: ADMIN, matters: MATTERS.filter((x) => JSON.stringify(held.blocks).includes(x)), kind: "approve" });
      const d = await s.slack.sendBlockAction({ user: ADMIN, channel: dm, message: held.ts, actionId: a.approve ? "fee_approve" : "fee_deny" });
      acked(m, "approve", d);
      return quiet(s, 5000);
    }
    case "budget":
      m.type(a.channel, a.matter);
      await cmd(s, m, a.user, a.channel, `budget set ${a.matter} $${a.cap}`);
      if (ADMINS.includes(a.user) && m.matters(a.channel).includes(a.matter)) m.budgets.set(a.matter, { cap: a.cap, spentAtSet: ledgerTotal(s, a.matter) });
      return;
    case "assign": {
      const headline = allMessages(s, a.channel).findLast((x) => has(x.blocks, "filing_assign"));
      if (!headline) return;
      acked(m, "assign", await s.slack.sendBlockAction({ user: a.user, channel: a.channel, message: headline.ts, actionId: "filing_assign", value: a.assignee }));
      return quiet(s);
    }
    case "calendar": {
      await cmd(s, m, a.user, a.channel, "calendar");
      const from = s.slack.responses.length;
      if (!(await click(s, m, a.user, a.channel, "calendar_create"))) return;
      const url = s.slack.responses.slice(from).map((p) => /\/calendar\/([A-Za-z0-9_-]+)\.ics/.exec(JSON.stringify(p.body))?.[1]).find(Boolean);
      if (!url) return;
      const res = await fetch(`${s.bot.url}/calendar/${url}.ics`);
      m.feeds.push({ channel: a.channel, body: await res.text() });
      return;
    }
    case "raw":
      await cmd(s, m, a.user, a.channel, a.text);
      return;
  }
}
