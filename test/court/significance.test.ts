/**
 * The significance of a docket entry (issue "Alerts nobody misses", item 2; src/court/significance.ts):
 * one case per rule of the brief, the routine patterns the alerts view already folds, and hostile
 * input. Texts are modelled on ../shared/fixtures/real-dockets (PACER, bankruptcy, appellate, SCOTUS).
 */
import { describe, expect, it } from "vitest";
import { entrySignificance, type Significance } from "../../src/court/significance.ts";
import { entryPlainText } from "../../src/court/entry-text.ts";
import { DocketEntry } from "../../src/docket/schemas/index.ts";
import { DEFAULT_ROUTINE_PATTERNS, ROUTINE_PREFIX } from "../../src/features/alerts/views/routine.ts";

const of = (contents: string, extra: Record<string, unknown> = {}): Significance => entrySignificance({ contents, ...extra });
const level = (contents: string) => of(contents).level;

describe("urgent: the court decides", () => {
  it.each([
    ["ORDER granting 40 Motion for Summary Judgment. Signed by Judge Gregory H. Woods on 9/22/2022.", "Order"],
    ["ORDER: A jury trial in this matter will begin on Monday, June 26, 2023, at 9:00 a.m. " + "The Court will hold a final pretrial conference. ".repeat(40), "Order"],
    ["Order Denying Motion To Disallow Claim Of 21st Capital Corp. (Related Doc # 96 ).", "Order"],
    ["OPINION and ORDER denying the motion to dismiss.", "Opinion"],
    ["MEMORANDUM DECISION AND ORDER denying in part 69 Motion to Exclude", "Opinion"],
    ["MEMORANDUM DISPOSITION (WARDLAW, THOMAS, Rosenthal) DISMISSED in part and DENIED in part.", "Opinion"],
    ["JUDGMENT as to Elias Torres Alcazar Jr. (1). Count(s) 1, Custody of BOP for 60 months", "Judgment"],
    ["Judgment issued.", "Judgment"],
    ["JURY VERDICT as to Count 1: guilty.", "Verdict"],
    ["MINUTE ORDER granting 164 Sealed Motion for Leave to File Document Under Seal.", "Minute order"],
    ["MINUTE ORDER. The status conference is reset for 5/1/2024.", "Minute order"],
    ["ENDORSED LETTER addressed to Judge Woods from J. Shalom: application GRANTED. SO ORDERED.", "Endorsed letter"],
    ["Memo-Endorsement on letter addressed to Judge Martin from J. David O'Brien, dated 1/7/03; granting", "Endorsed letter"],
    ["LETTER ORDER granting 49 Defendants request for an extension of time", "Order"],
    ["DOCKET TEXT ORDER granting 44 Motion to Continue as to Brian David Mitchell (1).", "Order"],
    ["TEXT ORDER: The status conference scheduled for 2/13/2024 is adjourned.", "Order"],
    ["PRETRIAL SCHEDULING ORDER. Signed by Magistrate Judge Jose R. Almonte on 5/8/2023.", "Scheduling order"],
    ["Stipulation and Order Granted, to avoid security interest", "Order"],
    ["Notice of Trial and ORDER Setting Deadlines. Trial to commence at 9:30 AM", "Order"],
    ["Notice and Order to Pay Trustee No. of Notices: 3. Service Date 07/07/2005.", "Order"],
    ["Notice of Document Discrepancies and Order Thereon by Judge Dana M. Sabraw Accepting Document", "Order"],
    ["MANDATE ISSUED Kim McLane WARDLAW, Holly A. THOMAS", "Mandate"],
    ["FINDINGS AND RECOMMENDATION of the Magistrate Judge upon a Plea of Guilty", "Report and recommendation"],
    ["Arrest WARRANT issued as to Robert Warren", "Warrant"],
    ["Final Decree: The bankruptcy estate has been fully administered.", "Final decree"],
    ["Received Order from the Supreme Court, dated 07/19/2017: The motion is denied.", "Order"],
    ["**SEALED DOCUMENT**SEALED ORDER granting 81 Motion.", "Order"],
  ])("%s", (text, kind) => {
    expect(of(text)).toEqual({ level: "urgent", kind, reason: "text" });
  });

  it("an order on a routine matter is still urgent, and says which matter (orders are never hidden)", () => {
    expect(of("ORDER granting 14 Motion for Leave to Appear Pro Hac Vice as to Attorneys ADAM C. LAROCK")).toEqual({
      level: "urgent",
      kind: "Order",
      reason: "text",
      routineSubject: "Pro hac vice",
    });
    expect(of("Order Granting Motion To Appear pro hac vice (Related Doc # 16 )").routineSubject).toBe("Pro hac vice");
  });

  it("the Supreme Court's rulings on its own docket line", () => {
    expect(of("Petition GRANTED.")).toMatchObject({ level: "urgent", kind: "Order" });
    expect(level("Motion to extend the time to file a response is granted and the time is extended to July 1, 2022.")).toBe("urgent");
    expect(level("Writ of certiorari DISMISSED as improvidently granted.  Opinion per curiam.")).toBe("urgent");
    expect(of("Motion to extend the time to file a response from June 1, 2022 to July 1, 2022, submitted to The Clerk.").level).toBe("notable");
  });
});

describe("minute entries: urgent when they rule, notable when they only record or schedule", () => {
  it.each([
    ["Minute Entry. Motion Granted. (RE: related document(s) 30 Motion to Modify Automatic Stay)", "urgent"],
    ["Minute of Hearing Held, OUTCOME: Denied without Prejudice (related document: 96 Motion)", "urgent"],
    ["Minute of Hearing Held, OUTCOME: Order to be Submitted (related document: 39 Motion for Relief)", "urgent"],
    ["Hearing Held (Bk Motion) (RE: related document(s) 19 Motion for Relief from Stay) - MOTION GRANTED", "urgent"],
    ["Minute Entry for proceedings held before Judge Sabraw: Sentence With PSR Hearing held on 3/1/2013. Count 1: Custody of BOP for 60 months", "urgent"],
    ["Disposition of Adversary [96-90892] Granting [1-1] Complaint NOS 454", "urgent"],
    ["Minute Entry for proceedings held before Judge Gregory H. Woods: Telephone Conference held on 3/30/2021. (Court Reporter present)", "notable"],
    ["Minute Entry. Hearing Adjourned. (RE: related document(s) 84 Order Confirming Chapter 11 Plan) Hearing to be held on 12/16/2008", "notable"],
    ["Minute Entry. Status conference held. Combined plan and disclosure due 9/26/2008.", "notable"],
    ["Minute Entry for proceedings held before Magistrate Judge Samuel Alba. Status Conference held. This was confirmed by Deputy Monks.", "notable"],
    ["Hearing Held and Adjourned; Appearance(s) by Attorney for creditors, debtor and UST; Hearing scheduled for 12/1/2009", "notable"],
  ])("%s", (text, expected) => {
    expect(level(text)).toBe(expected);
  });

  it("a related document's order does not make a hearing record rule", () => {
    expect(of("Minute Entry. Hearing Adjourned. (RE: related document(s) 84 Order Granting Motion (Chapter 11))").level).toBe("notable");
  });
});

describe("notable: what the parties file, and the calendar", () => {
  it.each([
    ["MOTION to Dismiss for Lack of Jurisdiction by Hornblower Group, Inc.", "Motion"],
    ["Plaintiff's Motion for Summary Judgment Re: Avoidance and Recovery", "Motion"],
    ["NOTICE of MOTION and MOTION to Compel Discovery", "Motion"],
    ["LETTER MOTION to Adjourn Conference addressed to Judge Gregory H. Woods", "Motion"],
    ["MEMORANDUM OF LAW in Support re: 40 MOTION for Summary Judgment", "Brief"],
    ["APPELLANT'S BRIEF filed by Appellant Paul J. Maravelias.", "Brief"],
    ["Brief amicus curiae of Washington Legal Foundation filed.", "Brief"],
    ["RESPONSE in Opposition by USA re 21 MOTION to Dismiss Indictment", "Response"],
    ["The United States of America's OPPOSITION to defendant's motion to dismiss no. 1", "Opposition"],
    ["REPLY to Response to Motion re 40 MOTION for Summary Judgment", "Reply"],
    ["Objection to Confirmation of Plan Filed by U.S. Trustee", "Objection"],
    ["NOTICE of Hearing on Motion: Motion Hearing set for 4/17/2023", "Notice of hearing"],
    ["Hearing Rescheduled from 12/14/2005. (related document: 28 Motion to Extend Time)", "Notice of hearing"],
    ["Set/Reset Deadlines: Responses due by 2/4/2022.", "Scheduling"],
    ["BRIEFING SCHEDULE NOTICE. Certified Administrative Record due 2/9/2022", "Scheduling"],
    ["COMPLAINT against Teva Parenteral Medicines Inc. (Filing fee $ 402)", "Complaint"],
    ["Midwest Industrial Supply Inc.'s ANSWER to Complaint and, COUNTERCLAIM against Soilworks LLC", "Answer"],
    ["PETITION FOR REVIEW filed by Petitioner(s).", "Petition"],
    ["STIPULATION of Dismissal by Soilworks LLC, Midwest Industrial Supply Inc.", "Stipulation"],
    ["Letter from Charles H. Chevalier to The Honorable Jose R. Almonte, U.S.M.J.", "Letter"],
    ["Transcript of Rule 16 Hearing held on May 8, 2023, before Magistrate Judge Jose R. Almonte.", "Transcript"],
    ["NOTICE OF APPEAL by Hornblower Group, Inc. Filing fee $ 505.", "Notice of appeal"],
    ["AMENDED notice of appeal (doc. #55) filed by Appellant Paul Maravelias", "Notice of appeal"],
    ["Proposed Order Granting Motion to Stay Further Proceedings.", "Proposed order"],
    ["Received UNSIGNED Order. Forwarded to Chambers for Judge's Signature ORDER GRANTING TRUSTEE'S MOTION", "Proposed order"],
    ["Amended Combined Plan and Disclosure Statement Filed by Debtor In Possession Northpoint Village", "Plan"],
    ["Disclosure Statement for the Debtor's Chapter 11 Plan of Reorganization", "Disclosure statement"],
    ["AGENCY DECISION on review dated 10/5/2020.", "Agency decision"],
  ])("%s", (text, kind) => {
    expect(of(text)).toEqual({ level: "notable", kind, reason: "text" });
  });

  it("an unrecognised entry is notable, never folded", () => {
    expect(of("Resolution Partnership filed by Christine L. Myatt")).toEqual({ level: "notable", kind: "Docket entry", reason: "text" });
    expect(of("SEALED DOCUMENT as to Robert Warren (siw)")).toMatchObject({ level: "notable", kind: "Sealed document" });
  });

  it("a word later in the entry does not decide what it is", () => {
    expect(level("Concurrence Re: Entry of Order Approving Employment of Attorney")).toBe("notable");
    expect(level("Objection to Trustee's Certificate of Service")).toBe("notable");
    expect(level("Mail Returned as Undeliverable re 78 Order Denying Defendant's Motion")).toBe("routine");
    // A possessive late in a sentence is not a filer's name leading into the type.
    expect(of("Satisfaction of Judgment for $22,000.00 Plus Interest on Plaintiff's Motion")).toMatchObject({ level: "notable", kind: "Docket entry" });
  });
});

describe("routine: clerical entries", () => {
  it.each([
    ["NOTICE of Appearance by DMITRY V. SHELHOFF on behalf of All Defendants", "Notice of appearance"],
    ["NOTICE OF ATTORNEY APPEARANCE: Trenton C Packer appearing for Elias Torres Alcazar Jr", "Notice of appearance"],
    ["APPEARANCE FORM FILED by Attorney Camille Ann Domingue for Appellee USA", "Notice of appearance"],
    ["MOTION for Leave to Appear Pro Hac Vice of Cristen A. Corry by CATALYST PHARMACEUTICALS, INC.", "Pro hac vice"],
    ["Notice of Request by Pro Hac Vice Adam C. LaRock to receive Notices of Electronic Filings.", "Pro hac vice"],
    ["Set Deadlines as to 14 Consent MOTION for Leave to Appear Pro Hac Vice. Motion set for 4/17/2023", "Pro hac vice"],
    ["CERTIFICATE OF SERVICE by Hornblower Group, Inc. re 40 Motion", "Certificate of service"],
    ["BNC Certificate of Service (RE: related document(s) 4 Meeting (Chapter 7)) No. of Notices: 9.", "Certificate of service"],
    ["RULE 7.1 CORPORATE DISCLOSURE STATEMENT. Identifying Corporate Parent Hornblower Group, Inc.", "Corporate disclosure"],
    ["Form 13 Corporate Disclosure Statement. Filed by Frank H. Morgan", "Corporate disclosure"],
    ["ELECTRONIC SUMMONS ISSUED as to Hornblower Cruises and Events, LLC.", "Summons"],
    ["Summons Returned Executed (Sealed - Court) on 07/31/2012 as to Robert Warren", "Summons"],
    ["Receipt of Chapter 7 Filing Fee - $299.00 by 16. Receipt Number 80022363.", "Filing fee"],
    ["CLERK'S NOTICE re completion of In Forma Pauperis affidavit", "Clerk's notice"],
    ["Substitution of Attorney, Patrick J. Madden of Madden & Madden added", "Counsel change"],
    ["Request for courtesy Notice of Electronic Filing (NEF) Filed by Jose A Garcia", "Electronic notice"],
    ["Judgment Returned Executed as to Elias Torres Alcazar Jr on 5/3/2013.", "Return of service"],
    ["Arrest WARRANT Returned Executed as to Robert Warren on 10/9/03", "Return of service"],
    ["Opinion distributed to Publishers. (FB)", "Clerk's note"],
    ["TRANSCRIPT DESIGNATION AND ORDER FORM by Soilworks LLC", "Transcript request"],
    ["ENTRY ERROR - ORDER TO BE RE-ENTERED ON THE DOCKET. ORDER TO CONTINUE - Ends of Justice", "Docket correction"],
  ])("%s", (text, kind) => {
    expect(of(text)).toEqual({ level: "routine", kind, reason: "text" });
  });

  it("reads the NOTICE that begins the entry: appearance routine, motion and hearing notable", () => {
    expect(level("NOTICE of Appearance by Eric Abraham")).toBe("routine");
    expect(level("NOTICE of MOTION for Summary Judgment")).toBe("notable");
    expect(level("NOTICE of hearing on motion to dismiss set for 5/1/2024")).toBe("notable");
    expect(level("Notice of Appearance and Request for Notice filed by Lance P. Martin")).toBe("routine");
  });

  it("a disclosure statement alone is the Chapter 11 plan's (notable); only the corporate one is routine", () => {
    expect(level("Disclosure Statement Filed by Debtor Seven Falls, LLC")).toBe("notable");
    expect(level("Corporate Disclosure Statement by Soilworks LLC.")).toBe("routine");
    expect(level("Rule 7.1 Disclosure Statement by Hornblower")).toBe("routine");
  });
});

describe("the service's analyze object", () => {
  it("decides when it names a document type", () => {
    expect(of("Document 12", { analyze: { document_type: "Order", outcome: "granted" } })).toEqual({ level: "urgent", kind: "Order", reason: "analyze" });
    expect(of("Document 12", { analyze: { type: "Motion to Dismiss" } })).toEqual({ level: "notable", kind: "Motion", reason: "analyze" });
    expect(of("Document 12", { analyze: { DocumentType: "certificate of service" } })).toMatchObject({ level: "routine", reason: "analyze" });
    expect(of("MOTION to Dismiss", { analyze: { type: "opinion" } })).toMatchObject({ level: "urgent", kind: "Opinion", reason: "analyze" });
  });

  it("a second argument (the response's top-level analyze) overrides the entry's", () => {
    expect(entrySignificance({ contents: "Document 12", analyze: { type: "Motion" } }, { type: "Judgment" })).toMatchObject({ level: "urgent", kind: "Judgment" });
  });

  it("falls back to the text when unusable, and never lowers an order the text shows", () => {
    for (const analyze of [{}, { type: 7 }, { type: "" }, { outcome: "granted" }, { type: "zzz" }, null, "order", [1, 2], { type: { nested: "Order" } }]) {
      expect(of("MOTION to Dismiss", { analyze })).toEqual({ level: "notable", kind: "Motion", reason: "text" });
    }
    expect(of("ORDER granting 40 Motion", { analyze: { type: "Motion" } })).toEqual({ level: "urgent", kind: "Order", reason: "text" });
  });

  it("keeps the alerts view's routine subjects routine even when analyze says motion", () => {
    expect(of("MOTION for Admission Pro Hac Vice", { analyze: { type: "Motion" } })).toEqual({ level: "routine", kind: "Pro hac vice", reason: "analyze" });
  });

  it("reads a DocketEntry as the schema parses it (an empty analyze reads as none)", () => {
    const entry = DocketEntry.parse({ date: "1/5/2007", number: 3, contents: "<span class='description'>ORDER granting</span> motion", analyze: {} });
    expect(entrySignificance(entry)).toEqual({ level: "urgent", kind: "Order", reason: "text" });
  });
});

describe("hostile and odd input", () => {
  it("decodes entities and strips HTML before reading", () => {
    expect(of("<span class='description'>NOTICE of Appearance</span> by A &amp; B")).toMatchObject({ level: "routine" });
    expect(of("<b>O</b>RDER granting motion")).toMatchObject({ level: "notable" }); // a tag splits the word: not ORDER
    expect(of("&lt;b&gt;ORDER&lt;/b&gt; granting motion")).toMatchObject({ level: "urgent", kind: "Order" });
    expect(of("MINUTE&nbsp;ORDER&#160;granting 4 Motion")).toMatchObject({ level: "urgent", kind: "Minute order" });
    expect(of("<a href=\"/cases/x\" title='a>b'>MOTION</a> to Dismiss")).toMatchObject({ level: "notable" });
    expect(entryPlainText("a < b and <unclosed tag ORDER")).toBe("a < b and <unclosed tag ORDER");
  });

  it("empty, missing and non-string fields are notable placeholders", () => {
    for (const entry of [{}, { contents: "" }, { contents: "   " }, { contents: null }, { contents: 42 }, { contents: "<br/><p></p>" }]) {
      expect(entrySignificance(entry as never)).toEqual({ level: "notable", kind: "Docket entry", reason: "text" });
    }
  });

  it("uses the description when the contents say nothing recognisable", () => {
    expect(entrySignificance({ contents: "", description: "Order on Motion to Dismiss" })).toMatchObject({ level: "urgent", kind: "Order" });
    expect(entrySignificance({ contents: "Doc 12 (xyz)", description: "Notice of Appearance" })).toMatchObject({ level: "routine" });
    expect(entrySignificance({ contents: "MOTION to Seal", description: "Order" })).toMatchObject({ level: "notable", kind: "Motion" });
  });

  it("very long and pathological text is read quickly and only from its start", () => {
    const long = "MOTION to Dismiss " + "x".repeat(1_000_000) + " ORDER";
    expect(of(long)).toMatchObject({ level: "notable", kind: "Motion" });
    const tags = "<a " + "b".repeat(500_000); // a tag that never closes
    expect(of(tags).level).toBe("notable");
    const bait = "a's ".repeat(50_000) + "ORDER"; // possessives everywhere
    expect(SIGNIFICANCE(bait)).toBe(true);
    const parens = "Minute Entry. " + "(related ".repeat(20_000);
    expect(of(parens).level).toBe("notable");
  });
});

function SIGNIFICANCE(text: string): boolean {
  const s = of(text);
  return ["urgent", "notable", "routine"].includes(s.level) && typeof s.kind === "string" && s.kind !== "";
}

describe("agrees with the alerts view's routine patterns", () => {
  // Every text DEFAULT_ROUTINE_PATTERNS folds is routine here unless an order (urgent).
  const folded = [
    "NOTICE of Appearance by DMITRY V. SHELHOFF",
    "Filed (ECF) notice of appearance of Sharon Marie Swingle for Appellants",
    "NOTICE of appearance regarding legal interest in property by William J. Stansell",
    "Motion to appear pro hac vice for Brian I. Swett of Winston & Strawn LLP. Fee Amount $25",
    "Receipt of Filing Fee for Appear Pro Hac Vice(09-11182) [motion,mprohac] ( 250.00).",
    "Affidavit Re: Certificates of Good Standing Filed by Paul A Levine (RE: related document(s) 36 Motion to Appear Pro Hac Vice)",
    "Pro Hac Vice counsel, PAUL AINSWORTH, has been added to receive Notices of Electronic Filing.",
    "Certificate of Interested Persons and Corporate Disclosure Statement filed by Attorney Nicole Giuliano",
    "NOTICE TO PARTY OF DEFICIENCY RE CORPORATE DISCLOSURE STATEMENT: Pursuant to FRCiv 7.1",
    "Reset Deadlines as to 136 MOTION for Leave to Appear Pro Hac Vice Geng Hua, Esq.. Motion reset for 9/16/2024",
    "NOTICE OF DOCKET ERROR by USA re: 160 Notice of Attorney Appearance",
    "RESPONSE in opposition to motion for admission pro hac vice",
    "ORDER granting 28 Motion for W. BLAKE COBLENTZ to Appear Pro Hac Vice.",
    "Minute Entry: counsel admitted pro hac vice; motion granted.",
  ];
  it.each(folded)("%s", (text) => {
    const start = entryPlainText(text).slice(0, ROUTINE_PREFIX);
    expect(DEFAULT_ROUTINE_PATTERNS.some((p) => p.pattern.test(start))).toBe(true);
    const s = of(text);
    if (s.level === "urgent") expect(s.routineSubject).toBeDefined();
    else expect(s.level).toBe("routine");
  });
});
