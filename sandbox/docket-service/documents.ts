/**
 * A tiny but valid PDF 1.4 (one Helvetica text page per document page, correct xref offsets) whose
 * first page carries the document's text, so a client that extracts text or counts pages sees the
 * same document the emulator describes. Non-Latin-1 characters become "?".
 */
const MAX_PAGES = 500;
const LINES_PER_PAGE = 50;
const LINE_WIDTH = 90;

export function renderPdf(opts: { title: string; text: string; pages?: number }): Buffer {
  const lines = wrap(`${opts.title}\n\n${opts.text}`);
  const pageCount = Math.min(MAX_PAGES, Math.max(1, opts.pages ?? 1, Math.ceil(lines.length / LINES_PER_PAGE)));
  const pageTexts: string[][] = [];
  for (let p = 0; p < pageCount; p++) {
    const chunk = lines.slice(p * LINES_PER_PAGE, (p + 1) * LINES_PER_PAGE);
    pageTexts.push(chunk.length > 0 ? chunk : [`Page ${p + 1} of ${pageCount}`]);
  }

  // Objects: 1 catalog, 2 pages, 3 font, then (page, content) pairs.
  const objects: string[] = [];
  const kids = pageTexts.map((_, i) => `${4 + i * 2} 0 R`).join(" ");
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (const [i, text] of pageTexts.entries()) {
    const stream = contentStream(text);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
  }

  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

function contentStream(lines: string[]): string {
  const body = lines.map((l) => `(${escapePdf(l)}) Tj T*`).join("\n");
  return `BT\n/F1 10 Tf\n12 TL\n54 740 Td\n${body}\nET`;
}

function escapePdf(s: string): string {
  return s.replace(/[^\x20-\x7E\xA0-\xFF]/g, "?").replace(/([\\()])/g, "\\$1");
}

function wrap(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let line = "";
    for (const word of para.split(/\s+/)) {
      if (!word) continue;
      if (line && line.length + 1 + word.length > LINE_WIDTH) {
        out.push(line);
        line = "";
      }
      line = line ? `${line} ${word}` : word.slice(0, LINE_WIDTH * 2);
    }
    out.push(line);
  }
  return out;
}

/** Not a PDF at all: what a broken proxy or login page sends with a PDF content type. */
export function notAPdf(): Buffer {
  return Buffer.from("<html><body><h1>Service temporarily unavailable</h1></body></html>\n", "utf8");
}
