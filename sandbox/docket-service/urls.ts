import { docketUrlSegment as docketSegment, titleUrlSegment as titleSegment } from "./corpus/links.ts";
import type { Corpus, EmuCase } from "./corpus/types.ts";

// One definition of the segment forms, shared with the links the corpus writes into entry HTML.
export { docketSegment, titleSegment };

/**
 * The site's URL forms (observed-facts.md, "Case and document URLs on the site"):
 *   case page  {site}cases/<Court_Segment>/<docket>/<Title_Underscored>/
 *   entry page the case page plus the entry number
 *   document   {site}cases/<Court_Segment>/<docket>/docs/<n>.pdf   (spec getdocument)
 * Docket numbers: ":" becomes "--" and "/" becomes "---".
 */
export class SiteUrls {
  readonly site: string;
  readonly #segments: CourtSegments;
  readonly #courtsBySegment = new Map<string, string>();

  constructor(site: string, corpus: Corpus, segments: CourtSegments = { toSegment: defaultCourtSegment, fromSegment: () => undefined }) {
    this.site = site;
    this.#segments = segments;
    // The reverse map comes from the courts the corpus actually holds (state courts are in no
    // table): punctuation is dropped in segments, so string replacement cannot recover the name.
    for (const c of corpus.cases) this.#courtsBySegment.set(segmentKey(segments.toSegment(c.court)), c.court);
  }

  courtSegment(court: string): string {
    return this.#segments.toSegment(court);
  }

  /** The long court name a URL segment stands for: a corpus court, else one from the court table. */
  courtFromSegment(segment: string): string | undefined {
    return this.#courtsBySegment.get(segmentKey(segment)) ?? this.#segments.fromSegment(segment);
  }

  caseLink(k: Pick<EmuCase, "court" | "docket" | "title">): string {
    return `${this.#casePrefix(k)}${titleSegment(k.title)}/`;
  }

  entryLink(k: Pick<EmuCase, "court" | "docket" | "title">, number: string): string {
    return `${this.caseLink(k)}${encodeURIComponent(number)}/`;
  }

  documentLink(k: Pick<EmuCase, "court" | "docket">, name: string): string {
    return `${this.#casePrefix(k)}docs/${encodeURIComponent(name)}.pdf`;
  }

  searchLink(q: string): string {
    return `${this.site}search/?q=${encodeURIComponent(q)}`;
  }

  #casePrefix(k: Pick<EmuCase, "court" | "docket">): string {
    return `${this.site}cases/${this.courtSegment(k.court)}/${docketSegment(k.docket)}/`;
  }
}

export interface CourtSegments {
  toSegment(court: string): string;
  fromSegment(segment: string): string | undefined;
}

function segmentKey(segment: string): string {
  return segment.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** "New York Southern District Court" -> "New_York_Southern_District_Court"; punctuation dropped. */
export function defaultCourtSegment(court: string): string {
  if (court === "Patent Trial and Appeal Board") return "PTAB";
  return court
    .replace(/[^A-Za-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "_");
}

export function docketFromSegment(segment: string): string {
  return segment.replaceAll("---", "/").replaceAll("--", ":");
}
