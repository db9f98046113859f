/**
 * Site-relative case links, as the service writes them into entry HTML (observed-facts.md, Case and
 * document URLs): `/cases/<Court_Segment>/<docket>/<Title_With_Underscores>/`, with `:` in the
 * docket written `--` and `/` written `---`; an entry's page adds its number.
 */
import { emuCourtSegment } from "../courts.ts";

/** `1:23-cv-11195` -> `1--23-cv-11195`; `526241/2019` -> `526241---2019`. */
export function docketUrlSegment(docket: string): string {
  return docket.replace(/\//g, "---").replace(/:/g, "--").replace(/\s+/g, "_");
}

/** `The New York Times Company v. Microsoft Corporation et al` -> `The_New_York_Times_Company_v._Microsoft_Corporation_et_al`. */
export function titleUrlSegment(title: string): string {
  return title
    .replace(/[^\p{L}\p{N}\s._-]/gu, "")
    .trim()
    .replace(/\s+/g, "_")
    .slice(0, 120);
}

export interface CaseRef {
  court: string;
  docket: string;
  title: string;
}

export function casePath(c: CaseRef): string {
  return `/cases/${emuCourtSegment(c.court)}/${docketUrlSegment(c.docket)}/${titleUrlSegment(c.title)}/`;
}

export function entryPath(c: CaseRef, number: string): string {
  return `${casePath(c)}${encodeURIComponent(number)}/`;
}
