import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

// Test helpers for certificate PDFs: PDF text read back with pdf.js, and a background as a designer would deliver it.
// Test-only; never imported by the app.

/** The text of every page of a PDF, as a PDF reader extracts it (pdf.js, the legacy build that runs in Node). */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A one-page landscape background with a heading of its own, as a designer would deliver it. */
export async function backgroundPdf(heading = 'ZERTIFIKAT'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([841.89, 595.28]);
  page.drawRectangle({ x: 20, y: 20, width: 801.89, height: 555.28, borderColor: rgb(0.7, 0.5, 0.1), borderWidth: 6 });
  page.drawText(heading, { x: 300, y: 470, size: 44, font, color: rgb(0.7, 0.5, 0.1) });
  return Buffer.from(await doc.save());
}
