/**
 * How many pages a PDF has, read from its bytes (issue 14 item 4: documents billed per page when
 * the page count is known; PACER charges $0.10 a page, capped per document). Counts page objects
 * (`/Type /Page`, not `/Pages`), which every PDF writer emits once per page, even in incremental
 * updates' rewritten objects rarely more; undefined when the bytes are not a PDF or name no page,
 * so an unreadable file stays "unpriced" rather than guessed. Pure; reads at most 64 MB.
 */
const PAGE = /\/Type\s*\/Page(?![A-Za-z])/g;
const MAX_BYTES = 64 * 1024 * 1024;

export function pdfPageCount(bytes: Uint8Array): number | undefined {
  if (bytes.length < 5 || Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") return undefined;
  const text = Buffer.from(bytes.subarray(0, MAX_BYTES)).toString("latin1");
  const pages = text.match(PAGE)?.length ?? 0;
  return pages > 0 ? pages : undefined;
}
