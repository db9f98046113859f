import { describe, expect, it } from "vitest";
import { closestVerb } from "../../../src/slack/commands/did-you-mean.ts";
import { parseCommand, type Command } from "../../../src/slack/commands/grammar.ts";

const SITE = "https://dockets.example.com/";
const NYSD = "New York Southern District Court";

function ok(text: string): Command {
  const parsed = parseCommand(text, { siteUrl: SITE });
  if (!parsed.ok) throw new Error(`expected ${text} to parse: ${parsed.message}`);
  return parsed.command;
}
function bad(text: string): string {
  const parsed = parseCommand(text, { siteUrl: SITE });
  if (parsed.ok) throw new Error(`expected ${text} to fail, got ${JSON.stringify(parsed.command)}`);
  return parsed.message;
}

describe("parseCommand", () => {
  it("help for empty text or help", () => {
    expect(ok("")).toEqual({ kind: "help" });
    expect(ok("  HELP ")).toEqual({ kind: "help" });
  });

  it("search keeps the query as typed", () => {
    expect(ok('search acme "widget patent" court:(nysd)')).toEqual({ kind: "search", query: 'acme "widget patent" court:(nysd)' });
    expect(bad("search")).toContain("/docket search");
  });

  it("case from a court code, a citation, a quoted long name or a link", () => {
    expect(ok("case nysd 1:23-cv-01234")).toEqual({ kind: "case", ref: { court: NYSD, docket: "1:23-cv-01234" } });
    expect(ok("case S.D.N.Y. 1:23-cv-01234")).toMatchObject({ ref: { court: NYSD } });
    expect(ok('case "Florida State, Duval County, Fourth Circuit Court" 2014-CF-003894')).toMatchObject({
      ref: { court: "Florida State, Duval County, Fourth Circuit Court", docket: "2014-CF-003894" },
    });
    expect(ok(`case <${SITE}cases/New_York_Southern_District_Court/1--23-cv-11195/The_New_York_Times_Company_v._Microsoft/>`)).toMatchObject({
      ref: { court: NYSD, docket: "1:23-cv-11195" },
    });
    expect(ok("nysd 1:23-cv-01234")).toMatchObject({ kind: "case" });
  });

  it("bad case input says what was expected, with an example", () => {
    expect(bad("case xyz 1:23-cv-01234")).toMatch(/court.*Example: `\/docket case nysd 1:23-cv-01234`/s);
    expect(bad("case nysd")).toContain("Example");
    expect(bad("case nysd 1:23-cv-01234 extra words")).toContain("extra words");
    expect(bad("case https://evil.example/cases/New_York_Southern_District_Court/1--23-cv-1/")).toContain("Example");
  });

  it("ask takes the rest as the question", () => {
    expect(ok("ask nysd 1:23-cv-01234 Has the motion to dismiss been decided?")).toEqual({
      kind: "ask",
      ref: { court: NYSD, docket: "1:23-cv-01234" },
      question: "Has the motion to dismiss been decided?",
    });
    expect(bad("ask nysd 1:23-cv-01234")).toContain("question");
  });

  it("track with an optional frequency; untrack", () => {
    expect(ok("track nysd 1:23-cv-01234")).toMatchObject({ kind: "track", frequency: "realtime" });
    expect(ok("track D. Del. 1:22-cv-00001 twice_daily")).toMatchObject({ kind: "track", frequency: "twice_daily", ref: { court: "Delaware District Court" } });
    expect(ok("track nysd 1:23-cv-01234 Twice-Daily")).toMatchObject({ frequency: "twice_daily" });
    expect(bad("track nysd 1:23-cv-01234 hourly")).toContain("realtime, continuous, 40x, twice_daily, daily, weekly, monthly");
    expect(ok("untrack nysd 1:23-cv-01234")).toMatchObject({ kind: "untrack" });
  });

  it("watch and unwatch saved searches", () => {
    expect(ok('watch "widget patent" weekly')).toEqual({ kind: "watch", query: "widget patent", frequency: "weekly" });
    expect(ok("watch party:(name:acme type:defendant)")).toEqual({ kind: "watch", query: "party:(name:acme type:defendant)", frequency: "daily" });
    expect(ok('unwatch "widget patent"')).toEqual({ kind: "unwatch", query: "widget patent" });
    expect(bad("watch")).toContain("Example");
  });

  it("pacer: party and filters", () => {
    expect(ok("pacer Acme Widgets court:deb type:civil nos:830,835 filed:2026-01-01..2026-03-31")).toEqual({
      kind: "pacer",
      search: { partyName: "Acme Widgets", court: "deb", caseType: "Civil", natureOfSuit: ["830", "835"], dateFiledStart: "2026-01-01", dateFiledEnd: "2026-03-31" },
      summary: '"Acme Widgets" · court deb · civil · NOS 830, 835 · filed 2026-01-01 to 2026-03-31',
    });
    expect(ok("pacer type:mdl filed:2026-02-01")).toMatchObject({ search: { caseType: "Multi-District Litigation", dateFiledStart: "2026-02-01", dateFiledEnd: "2026-02-01" } });
    expect(ok("pacer nos:830 filed:..2026-02-01")).toMatchObject({ search: { dateFiledEnd: "2026-02-01" } });
    expect(bad("pacer type:tort Acme")).toContain("Civil");
    expect(bad("pacer Acme filed:1/2/2026")).toContain("YYYY-MM-DD");
    expect(bad("pacer")).toContain("party name");
  });

  it("matters, tracking, usage, alerts", () => {
    expect(ok("matter")).toEqual({ kind: "matter" });
    expect(ok("matter link ACME-001")).toEqual({ kind: "matter_link", clientMatter: "ACME-001" });
    expect(ok('matter unlink "Acme / Widget 2026"')).toEqual({ kind: "matter_unlink", clientMatter: "Acme / Widget 2026" });
    expect(bad(`matter link ${"X".repeat(51)}`)).toContain("50");
    expect(bad("matter delete X")).toContain("matter link");
    expect(ok("tracking")).toEqual({ kind: "tracking" });
    expect(ok("usage")).toEqual({ kind: "usage" });
    expect(ok("usage export")).toEqual({ kind: "usage", export: { month: undefined } });
    expect(ok("usage export 2026-03")).toEqual({ kind: "usage", export: { month: "2026-03" } });
    expect(ok("alerts")).toEqual({ kind: "alerts" });
    expect(ok("digest")).toEqual({ kind: "digest" });
    expect(ok("DIGEST")).toEqual({ kind: "digest" });
    expect(bad("digest weekly")).toContain("takes nothing after it");
  });

  it("unknown verbs point to help without echoing markup", () => {
    expect(bad("frobnicate now")).toBe('I don\'t know "frobnicate". Try `/docket help`.');
    expect(bad("<!channel>")).not.toContain("<!channel>");
  });
});

describe("bad input reads well (issue 15 item 10)", () => {
  const MALFORMED = [
    "case", "case sdny", "case xyz 1:23-cv-01234", "case nysd", "case nysd 1:23-cv-01234 extra words", "show",
    "ask", "ask nysd", "ask nysd 1:23-cv-01234", "ask sdny", "track", "track nysd", "track nysd 1:23-cv-01234 hourly",
    "untrack", "untrack nysd", "watch", "unwatch", "search", "pacer", "pacer type:nonsense", "pacer Acme filed:2026",
    "pacer Acme filed:2026-02-30", "matter frob", "matter link",
    "alerts frob", "digest now", "serch acme", "xyzzy", '"Unclosed Court 1:23-cv-1', "case S.D.N.Y.", "case 1:23-cv-01234",
  ];

  it.each(MALFORMED)("%j gets one explanation with at most one example", (text) => {
    const parsed = parseCommand(text, { siteUrl: "https://site.example/" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message.match(/Example:/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(parsed.message).not.toMatch(/dateFiled|partyName|caseType|natureOfSuit/);
  });

  it("suggests the command a typo meant, and nothing for gibberish", () => {
    expect(closestVerb("serch")).toBe("search");
    expect(closestVerb("trakc")).toBe("track");
    expect(closestVerb("untrak")).toBe("untrack");
    expect(closestVerb("xyzzy")).toBeUndefined();
    expect(closestVerb("at")).toBeUndefined();
    const parsed = parseCommand("serch acme widget");
    expect(!parsed.ok && parsed.message).toBe("I don't know \"serch\". Did you mean `/docket search`? `/docket help` lists them all.");
  });

  it("checks PACER filed dates as calendar days, in the user's words", () => {
    const bad = parseCommand("pacer Acme filed:2026-13-01..2026-03-31");
    expect(!bad.ok && bad.message).toMatch(/^2026-13-01 is not a date\. Write filed dates as YYYY-MM-DD\.\.YYYY-MM-DD\./);
    // A range that ends before it starts is explained by the PACER flow itself (test/features/search/pacer.test.ts).
    expect(parseCommand("pacer Acme filed:2024-02-29")).toMatchObject({ ok: true });
  });

  it("takes `<Acme>` as the party Acme, not as a link or a name with brackets", () => {
    expect(parseCommand("pacer <Acme> type:civil")).toMatchObject({ ok: true, command: { kind: "pacer", search: { partyName: "Acme", caseType: "Civil" } } });
  });
});
