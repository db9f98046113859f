/**
 * Builders for hand-written emulator cases in tests (src/sandbox/docket-service/corpus/types.ts):
 * a case with every list empty and the ordinary defaults, and an entry dated on both date fields.
 */
import type { EmuCase, EmuDocument, EmuEntry } from "../../sandbox/docket-service/corpus/types.ts";

export function emuEntry(date: string, number: string | undefined, contents: string, document?: EmuDocument, exhibits: EmuDocument[] = []): EmuEntry {
  return { date, entryDate: date, ...(number ? { number } : {}), contents, ...(document ? { document } : {}), exhibits };
}

export function emuCase(fields: Partial<EmuCase> & Pick<EmuCase, "court" | "docket" | "title" | "dateFiled">): EmuCase {
  return {
    type: "Civil",
    status: "Open",
    judges: [],
    patents: [],
    federal: true,
    entries: [],
    parties: [],
    related: [],
    claims: [],
    cachedAt: 0,
    active: false,
    ...fields,
  };
}
