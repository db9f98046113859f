import type { FilingInput } from "../../src/store/store.ts";
import { C_A } from "./helpers.ts";

export const CASE = { court: "S.D.N.Y.", docket: "1:23-cv-01234" };

/** Entry `n` of one case in channel C_A, matter ACME-001: an urgent order shown in the channel. */
export function filing(n: number, extra: Partial<FilingInput> = {}): FilingInput {
  return {
    ...C_A,
    ...CASE,
    clientMatter: "ACME-001",
    entryKey: String(n),
    entryNumber: String(n),
    entryDate: "2026-11-20",
    level: "urgent",
    kind: "Order",
    summary: `ORDER number ${n}`,
    link: `https://www.courtlistener.com/docket/1/${n}/`,
    caseTitle: "Acme v. Globex",
    shown: "channel",
    ...extra,
  };
}
