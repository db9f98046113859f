/**
 * Date questions: the next deadline or hearing (dates the entries set: "due by 6/3/2024", "set for
 * 3/9/2026 at 09:30 AM", "to be held on ...") and the latest activity.
 */
import { parseDate } from "../corpus/dates.ts";
import type { EmuCase, EmuEntry } from "../corpus/types.ts";
import { cite, excerpt, plain, stem, terms } from "./answer-text.ts";
import type { Finding, Intent } from "./answer-intents.ts";

interface Deadline {
  label: string;
  /** How the entry says it: "due", "set for", "scheduled for"… */
  verb: string;
  date: string;
  ms: number;
  entry: EmuEntry;
}

const SETS = /([A-Za-z][A-Za-z0-9'()\- ]{2,80}?)\s+(?:is\s+)?(due by|due on|due|set for|scheduled for|to be held on|reset for)\s+(\d{1,2}\/\d{1,2}\/\d{4})/g;

export function deadlines(kase: EmuCase): Deadline[] {
  const out: Deadline[] = [];
  for (const entry of kase.entries) {
    const text = plain(entry);
    for (const m of text.matchAll(SETS)) {
      const label = m[1]!.trim().split(/\s+/).slice(-7).join(" ").replace(/^(and|the|a|with|was|is)\s+/i, "");
      const ms = parseDate(m[3]!);
      if (Number.isFinite(ms)) out.push({ label, verb: m[2]!.replace(/ (?:by|on)$/, ""), date: m[3]!, ms, entry });
    }
  }
  return out;
}

const GENERIC = new Set(["next", "deadlin", "due", "upcom", "date", "schedul", "com", "coming", "happen", "dat"].map(stem));

export const nextDeadline: Intent = (kase, q, now) => {
  if (!/\b(deadlines?|due|upcoming|next hearing|hearing date|trial date|scheduled|next conference|when is the (trial|hearing|conference))\b/.test(q)) return undefined;
  const last = kase.entries[kase.entries.length - 1];
  const ref = now ?? (last ? parseDate(last.date) : Date.now());
  const all = deadlines(kase);
  const wanted = terms(q).filter((t) => !GENERIC.has(t));
  const narrowed = wanted.length ? all.filter((d) => wanted.some((t) => terms(d.label).includes(t))) : all;
  const pool = narrowed.length ? narrowed : all;
  // A later order re-setting the same item wins: keep the newest setting of each label.
  const latest = new Map<string, Deadline>();
  for (const d of pool) latest.set(d.label.toLowerCase(), d);
  const upcoming = [...latest.values()].filter((d) => d.ms >= ref).sort((a, b) => a.ms - b.ms);
  const first = upcoming[0];
  if (!first) {
    const past = pool[pool.length - 1];
    const lead = past
      ? `The docket shows no upcoming deadline; the most recent one it set was ${past.label} ${past.date} (${cite(past.entry)}).`
      : "The docket does not set any deadline.";
    return { lead, details: [], cites: past ? [{ entry: past.entry }] : [], found: false };
  }
  const more = upcoming.slice(1, 4).map((d) => `${d.label}: ${d.date} (${cite(d.entry)}).`);
  const cited = [...new Set([first.entry, ...upcoming.slice(1, 4).map((d) => d.entry)])];
  // A question naming its subject ("when are expert reports due?") is answered for that subject,
  // in its words, not as "the next deadline is …" (issue 25 item 1).
  const lead = narrowed.length > 0 && wanted.length > 0
    ? `${first.label} ${first.verb === "due" ? "are due" : `${/s$/i.test(first.label) ? "are" : "is"} ${first.verb}`} ${first.date}, set at ${cite(first.entry)}.`
    : `The next deadline is ${first.label} ${first.date}, set at ${cite(first.entry)}.`;
  return { lead, details: more, cites: cited.map((entry) => ({ entry })), found: true };
};

export const latestActivity: Intent = (kase, q) => {
  if (!/\b(latest|last|most recent|newest|recent(ly)?|new)\b/.test(q) || !/\b(entr(y|ies)|filings?|activity|happened|filed|update|developments?)\b/.test(q)) return undefined;
  const recent = kase.entries.slice(-3).reverse();
  if (recent.length === 0) return { lead: "The docket has no entries yet.", details: [], cites: [], found: false };
  const [head, ...rest] = recent as [EmuEntry, ...EmuEntry[]];
  const f: Finding = {
    lead: `The latest entry is ${cite(head)}: ${excerpt(plain(head), 260)}`,
    details: rest.map((e) => `Before that, ${cite(e)}: ${excerpt(plain(e), 160)}`),
    cites: recent.map((entry) => ({ entry })),
    found: true,
  };
  return f;
};
