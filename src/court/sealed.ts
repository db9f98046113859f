/**
 * Whether a docket entry's own text says its document is sealed: clerks begin such entries with
 * SEALED (`SEALED DOCUMENT placed in vault`, `***SEALED*** MOTION …`). The service refuses those
 * documents (spec, getdocument: 403 "Document sealed or otherwise unavailable"), so no Get PDF is
 * offered for them (issue 15 item 12: a button that can only fail). A document the service seals
 * without saying so in the entry still gets the button, and the 403 gets its own sentence.
 */
import { entryPlainText } from "./entry-text.ts";

export function isSealedEntry(contents: unknown): boolean {
  // Most entries never say "seal": skip reading their HTML at all (a case view renders thousands).
  if (typeof contents !== "string" || !/seal/i.test(contents.slice(0, 400))) return false;
  return /^[^\p{L}\p{N}]*sealed\b/iu.test(entryPlainText(contents, 60));
}
