/**
 * What a docket entry is, read from how it begins: the vocabulary ./significance.ts classifies
 * with. A docket entry starts with what it is ("ORDER granting…", "MOTION to Dismiss…", "NOTICE
 * of Appearance…", "Minute Entry for proceedings held…"), so every rule is anchored to the start:
 * a rule counts only where the text before it is an allowed lead-in (./entry-lead-in.ts: "SEALED",
 * "Amended", "Joint", "First", "[INCORRECT EVENT DOCKETED]", "Defendant's", "Form 11", ...). The
 * earliest anchored match wins; at the same place, the earlier rule in this list wins, so
 * exceptions ("Proposed Order", "Judgment Returned Executed", "Opinion distributed") come before
 * the word they contain. Vocabulary observed in ../shared/fixtures/real-dockets (PACER district,
 * bankruptcy, appellate, ACMS, JPML, CIT, Supreme Court).
 */

export type SignificanceLevel = "urgent" | "notable" | "routine";

export interface FilingRule {
  readonly level: SignificanceLevel;
  /** The short type a user reads: "Order", "Motion", "Notice of appearance". */
  readonly kind: string;
  readonly re: RegExp;
  /** A record of a hearing: urgent when it records a ruling (./rulings.ts), else notable. */
  readonly minutes?: true;
  /** A request the entry itself may show ruled ("Petition GRANTED.", Supreme Court style). */
  readonly mayBeRuled?: true;
}

const rule = (level: SignificanceLevel, kind: string, re: RegExp, extra: Partial<FilingRule> = {}): FilingRule => ({
  level,
  kind,
  re,
  ...extra,
});

// Words that cannot stand in the one to three words before "order"/"brief" (`PRETRIAL SCHEDULING
// ORDER`, `MARKMAN OPENING BRIEF`): they make "order" the object of something else ("Proposed
// Order", "Notice of Order", "Motion for Order", "Letter from X re Consent Order").
const STOP =
  "(?:proposed|unsigned|draft|lodged|transcript|notice|motion|of|re|for|to|on|in|with|and|or|by|from|as|at|the|a|an|" +
  "filing|presentation|submission|entry|request|application|copy|regarding|stipulation|certificate|declaration|" +
  "affidavit|service)\\b";
const QUALIFIERS = `(?:(?!${STOP})[a-z0-9'’.*-]+\\s+){0,3}?`;

export const FILING_RULES: readonly FilingRule[] = [
  // --- Routine: clerical entries that say nothing about the merits or the calendar. ---
  rule("routine", "Docket correction", /\b(?:entry\s+error|filing\s+error|(?:docketed|entered)\s+in\s+error|corrective\s+entry|correction\s+notice|notice\s+of\s+(?:docket|filing)\s+error|court\s+deleted|deleted\s+(?:incorrect\s+)?entry|modification\s+of\s+docket|name\s+correction|quality\s+control\s+message|incorrect(?:ly)?\s+(?:event|assigned|entered|filed))/i),
  rule("routine", "Transcript request", /\b(?:attorney\s+)?transcript\s+(?:designation|order|request|purchase)|\bcourt\s+reporter\s+acknowledg|\backnowledge?ment\s+transcript|\bnotice\s+of\s+intent\s+to\s+request\s+redaction|\bredaction\s+request/i),
  rule("routine", "Acknowledgment", /\backnowledge?ment\s+of\s+(?:hearing|receipt|next\s+court\s+date)/i),
  rule("notable", "Bond", /\b(?:appearance\s+)?bond\b/i),
  rule("routine", "Notice of appearance", /\bnotice\s+of\s+(?:attorney\s+)?appearance\b|\b(?:hearing\s+)?appearance\b|\badded\s+(?:counsel|attorney)?\b/i),
  rule("routine", "Counsel change", /\b(?:substitution|withdrawal)\s+of\s+(?:attorney|counsel|appearance)|\bnotice\s+of\s+withdrawal\s+of\s+(?:attorney|counsel|appearance)|\battorney\s+(?:update|added|terminated)/i),
  rule("routine", "Case assignment", /\b(?:case\s+)?(?:re)?assigned\s+to\b|\bcase\s+(?:re)?assignment|\b(?:magistrate\s+)?judge\b[^;]{0,80}?\b(?:added|assigned|terminated|designated)\b|\bcase\s+as\s+to\b|\bnotice\s+regarding\s+reassignment/i),
  rule("routine", "Pro hac vice", /\bpro\s+hac\s+vice\b|\bcertificates?\s+of\s+good\s+standing/i),
  rule("routine", "Corporate disclosure", /\bcorporate\s+(?:disclosure|ownership)|\brule\s+7\.1\b|\bstatement\s+of\s+corporate\s+ownership|\bcertificate\s+of\s+interested\s+(?:persons|parties)|\bdisclosure\s+of\s+interested\s+parties/i),
  rule("routine", "Notice of service", /\bnotice\s+(?:re:?\s+)?(?:notice\s+of\s+)?service\b/i),
  rule("routine", "Certificate of service", /\b(?:certificate|certification|proof|affidavit|declaration)\s+(?:re:?\s+)?of\s+(?:service|mailing)\b|\baffidavit\/certificate\s+of\s+service|\bbnc\s+certificate|\bcourts?\s+certificate\s+of\s+mailing|\bcertificate\s+of\s+(?:record|compliance|notice)|\bproof\s+of\s+(?:service|publication)|\bacceptance\s+of\s+service/i),
  rule("routine", "Return of service", /\breturn\s+of\s+service|\b(?:service|judgment)\s+returned\s+(?:un)?executed|\b(?:amended\s+)?(?:arrest\s+)?warrant\b[^.;]{0,40}?\breturned\b|\bwaiver\s+of\s+service/i),
  rule("routine", "Summons", /\b(?:request\s+for\s+)?(?:issuance\s+of\s+)?summons(?:es)?\b/i),
  rule("routine", "Mail", /\bcertified\s+(?:and\s+first\s+class\s+)?mail|\bmail\s+returned|\breturned\s+(?:as\s+)?undeliverable/i),
  rule("routine", "Filing fee", /\breceipt\s+of\b|\bfiling\s+fee|\bnotification\s+of\s+payment|\bquarterly\s+fee\s+statement|\bfees?\s+(?:due|paid)\b/i),
  rule("routine", "Clerk's notice", /\bclerk'?s?\s+notice|\bcourt\s+notice\b|\bnotice\s+to\s+(?:attorney|counsel|party|filer|bap)|\bnotice\s+of\s+(?:deficien|missing\s+documents|requirement)|\bdeficiency\s+notice|\bdeficient\s+filing|\bgeneral\s+notice\b|\bnotice\s+issued\b|\bnotice\s+to\s+be\s+terminated|\bnotice\s+of\s+consent\s+to\s+electronic|\bnotice,\s+consent\s+and\s+referral/i),
  rule("routine", "Case opened", /\bcase\s+opening\b|\bcase\s+(?:opened|docketed|designated)|\b(?:[a-z]+\s+){0,2}?case\s+docketed|\bdocketed\s+cause|\b(?:[a-z]+\s+){0,2}?cover\s+sheet|\bao\s*120\b/i),
  rule("routine", "Clerk's note", /\bflags?\s+set|\bdeadline\s+for\s+missing\s+documents|\bmissing\s+documents\b[^.]{0,80}\bterminated|\bstaff\s+notes?\b|\bclose\s+appeal|\bcirculation\b|\bjurisdictional\s+review\s+complete|\bremark\b|\bopinion\s+distributed|\brelease\s+of\s+opinion|\bhold\s+for\b[^.]{0,40}\brelease/i),
  rule("routine", "Electronic notice", /\bnotices?\s+of\s+electronic\s+filing|\bnef\b|\brequest\s+for\s+(?:courtesy\s+|service\s+of\s+)?notices?\b(?!\s+of\s+(?!electronic))|\bblanket\s+consent/i),
  rule("routine", "Change of address", /\b(?:notice\s+of\s+)?change\s+of\s+(?:address|firm\s+name)/i),
  rule("routine", "Record on appeal", /\brecord\s+(?:requested|received|sent)|\b(?:supplemental\s+)?(?:transmittal|transmission)\s+of|\bnotice\s+of\s+transmittal|\bappeal\s+record|\belectronic\s+record\s+on\s+appeal|\bsupplemental\s+record\s+filed|\bsufficient\s+record\s+excerpts|\breceived\s+[^.;]{0,40}\bcase\s+number|\bcertificate\s+of\s+readiness|\bdesignation\s+of\s+(?:record|contents)/i),
  rule("routine", "Paper copies", /\b(?:pleading\s+tendered:\s+)?(?:[a-z]+\s+\(\d+\)\s+)?paper\s+cop(?:y|ies)\b/i),
    rule("routine", "Transfer of claim", /\b(?:notice\s+of\s+)?transfer\s+of\s+claim|\bwithdrawal\s+of\s+(?:proof\s+of\s+)?claim/i),
  rule("routine", "Disclosure of compensation", /\bdisclosure\s+of\s+compensation/i),

  // --- Urgent: the court decides. Compounds before the bare word they contain. ---
  rule("notable", "Proposed order", /\bproposed\s+(?:[\w'’-]+\s+){0,3}?(?:order|judgment|decree)s?\b|\b(?:received\s+)?unsigned\s+order|\bnotice\s+of\s+(?:submission|presentation|settlement)\s+of\s+(?:proposed\s+)?order/i),
  rule("notable", "Proposed filing", /\bproposed\b/i),
  rule("notable", "Agency decision", /\b(?:agency|administrative)\s+decision/i),
  rule("notable", "Agency record", /\b(?:certified\s+)?administrative\s+record\b/i),
  rule("urgent", "Endorsed letter", /\bmemo(?:randum)?[\s-]*endorse(?:d|ment)|\bendorsed\s+(?:letter|motion|stipulation)|\border\s+endorsed|\bso[\s-]+ordered\s+(?:letter|stipulation)/i),
  rule("urgent", "Opinion", /\bopinion\s+(?:and|&)\s+order|\b(?:memorandum\s+|per\s+curiam\s+)?opinion\b|\bmemorandum\s+(?:decision|disposition)|\bmemorandum\s+(?:and|&)\s+order|\bmemorandum\s+from\s+(?:the\s+)?bap\b|\bdecision\b/i),
  rule("urgent", "Report and recommendation", /\b(?:report|findings)\s+and\s+recommendations?\b/i),
  rule("urgent", "Final decree", /\b(?:final\s+)?decree\b/i),
  rule("urgent", "Judgment", /\b(?:amended\s+|final\s+|default\s+|consent\s+|partial\s+|summary\s+|supplemental\s+)?judgment\b(?!\s+debtor)|\bfiled\s+and\s+entered\s+judgment/i),
  rule("urgent", "Verdict", /\b(?:jury\s+)?verdict\b/i),
  rule("urgent", "Mandate", /\bmandate\b|\breceived\b[^.;]{0,60}?\bmandate\b/i),
  rule("urgent", "Minute order", /\bminute\s+order\b|\beo:/i),
  rule("urgent", "Scheduling order", /\b(?:pretrial\s+)?scheduling\s+order\b|\bcase\s+management\s+(?:plan\s+and\s+(?:scheduling\s+)?)?order\b/i),
  rule("urgent", "Order", /\b(?:stipulation|application|notice|consent|agreed)\s+(?:and|&|w\/|with)\s+order\b|\bnotice\s+of\s+(?:[\w-]+\s+){1,3}?(?:and|&)\s+order\b|\b(?:conditional\s+)?(?:mdl\s+)?(?:transfer|remand)\s+(?:in\s+)?order\b/i),
  rule("urgent", "Plea accepted", /\b(?:entry\s+and\s+)?acceptance\s+of\s+(?:guilty\s+)?plea/i),
  rule("urgent", "Warrant", /\b(?:arrest\s+|bench\s+|search\s+)?warrant\b(?![^.;]{0,40}\breturned\b)/i),
  rule("urgent", "Writ", /\bwrit\s+of\s+[^.;]{0,80}?\bissued\b/i),
  rule("urgent", "Order", new RegExp(`\\b${QUALIFIERS}order(?:ed|s)?\\b(?!\\s+form)`, "i")),

  // --- Notable: what the parties file, and the calendar. ---
  rule("notable", "Hearing", /\bhearing\s+held|\b(?:[a-z]+\s+){0,2}?(?:hearing|arraignment|conference|sentencing)\s+as\s+to\b[^.;]{0,100}?\bheld\b|\bdisposition\s+of\s+hearing|\bproceedings\s+held|\bargued\b|\bsubmitted\s+on\s+the\s+briefs|\bcase\s+submitted/i, { minutes: true }),
  rule("notable", "Minute entry", /\bminute\s+entry|\bminutes?\s+of\b|\bep:\s*minutes|\bminutes\b/i, { minutes: true }),
  rule("notable", "Disposition", /\bdisposition\b/i, { minutes: true }),
  rule("notable", "Supreme Court", /\bsupreme\s+court\s+case\s+info/i, { minutes: true }),
  rule("notable", "Motion", new RegExp(`\\bletter\\s+motion|\\bnotice\\s+of\\s+(?:(?!hearing\\b)[\\w-]+\\s+){0,2}?motion|\\b${QUALIFIERS}motions?(?:\\b|(?=for|pursuant|to))`, "i"), { mayBeRuled: true }),
  rule("notable", "Application", /\b(?:ex\s*)?application\b|\bexapplication\b/i, { mayBeRuled: true }),
  rule("notable", "Notice of appeal", /\bnotice\s+of\s+(?:interlocutory\s+|cross[-\s])?appeal|\bnoa\b/i),
  rule("notable", "Notice of dismissal", /\bnotice\s+of\s+(?:voluntary\s+)?dismissal/i),
  rule("notable", "Notice of hearing", /\bnotice\s+of\s+(?:[\w-]+\s+){0,2}?(?:hearing|trial|argument|conference|sentencing)|\bhearing\b[^.;]{0,120}?\b(?:set|scheduled|reset|rescheduled|continued|adjourned|withdrawn|cancel+ed|vacated)\b|\badjourned\s+without\s+hearing|\bset\s+for\s+(?:argument|hearing|trial)|\bdistributed\s+for\s+conference|\bletter\s+of\s+adjournment|\b(?:confirmation|status|settlement|mediation|pretrial)\s+(?:hearing|conference)\b[^.;]{0,40}?\b(?:set|scheduled|reset|rescheduled|continued|adjourned)\b|\b(?:first|subsequent)\s+mediation\s+conference/i),
  rule("notable", "Scheduling", /\b(?:set|reset|set\/reset|terminate)\s+(?:deadlines?|hearings?)|\bdeadlines?\s+(?:updated|set|reset|set\/reset|terminated)|\bdeadline\s+set|\b(?:briefing\s+)?schedul(?:e|ing)\s+notice|\bbriefing\s+(?:schedule|notice)|\bnotice\s+of\s+(?:continued\s+)?meeting|\bmeeting\s+of\s+creditors|\b341(?:\(a\))?\s+meeting/i),
  rule("notable", "Petition", /\bchapter\s+\d+\s+(?:voluntary\s+)?petition|\b(?:voluntary\s+)?petition\b|\bwrit\s+of\b/i, { mayBeRuled: true }),
  rule("notable", "Complaint", /\b(?:amended\s+|third[-\s]party\s+)?complaint\b|\bcounterclaim|\bnotice\s+of\s+removal|\badversary\s+(?:case|proceeding)/i),
  rule("notable", "Indictment", /\b(?:superseding\s+)?indictment\b|\bcriminal\s+complaint|\binformation\s+as\s+to\b/i),
  rule("notable", "Answer", /\banswer\b/i),
  rule("notable", "Brief", new RegExp(`\\b${QUALIFIERS}(?:brief|memorandum|memo\\s+of\\s+law)\\b|\\bamicus\\b`, "i")),
  rule("notable", "Reply", /\b(?:sur-?)?reply\b/i),
  rule("notable", "Opposition", /\b(?:non-?)?opposition\b/i),
  rule("notable", "Objection", /\bobjections?\b/i),
  rule("notable", "Response", /\bresponses?\b|\bjoinder\b/i),
  rule("notable", "Stipulation", /\bstipulat(?:ion|ed)\b/i),
  rule("notable", "Letter", /\bletter\b/i),
  rule("notable", "Transcript", /\btranscript\b/i),
  rule("notable", "Plea agreement", /\bconsent\s+to\s+(?:rule\s+11\s+)?plea|\bplea\b/i),
  rule("notable", "Presentence report", /\bpre-?sentence\s+(?:investigation\s+)?report|\bsentencing\s+(?:summary|memorandum|chart)/i),
  rule("notable", "Plan", /\b(?:chapter\s+\d+\s+)?plan\b|\b(?:discovery|case\s+management|litigation)\s+plan\b|\bballots?\b/i),
  rule("notable", "Disclosure statement", /\bdisclosure\s+statement\b/i),
  rule("notable", "Declaration", /\bdeclarations?\b|\b(?:financial\s+)?affidavits?\b|\baffirmation\b|\bcertification\b|\bverified\s+statement/i),
  rule("notable", "Exhibit", /\bexhibits?\b|\battachments?\b|\bappendix\b/i),
  rule("notable", "Report", /\breports?\b|\bmonthly\b[^.;]{0,40}?\b(?:report|statement)\b|\boperating\s+report|\bsummary\s+of\s+schedules|\b(?:final\s+)?account\b|\bschedules?\b|\bstatement\s+of\s+financial\s+affairs/i),
  rule("notable", "Request", /\brequests?\b/i, { mayBeRuled: true }),
  rule("notable", "Statement", /\bstatement\b/i),
  rule("notable", "Case closed", /\b(?:bankruptcy\s+)?case\s+(?:closed|terminated)/i),
  rule("notable", "Trustee", /\bappointment\s+of\s+trustee|\btrustee\b[^;]{0,60}?\b(?:terminated|appointed)\b/i),
  rule("notable", "Appeal", /\bappeal\b/i),
  rule("notable", "Withdrawal", /\bwithdrawal\b/i),
  rule("notable", "Supplement", /\bsupplement(?:al)?\s+(?:filing|of|to)\b|\bsupplement\b|\baddendum\b/i),
  rule("notable", "Redacted filing", /\bredaction\s+to\b|\bredacted\s+(?:version|copy)/i),
  rule("notable", "Docketing statement", /\bdocketing\s+statement/i),
  rule("notable", "Notice", /\bnotice\b/i),
];
