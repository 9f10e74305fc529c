import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cachedFontkit, certificateFontBytes } from './certificate-fonts';
import { pdfText } from './test-certificate-pdf';

/** A one-line PDF in the certificate's font, subset as certificates are, and the text a reader gets out of it. */
async function textOfPdfWith(line: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  const font = await doc.embedFont((await certificateFontBytes()).regular, { subset: true });
  doc.addPage().drawText(line, { x: 40, y: 400, size: 12, font });
  return pdfText(await doc.save());
}

describe('certificate fonts shared between documents', () => {
  it('keeps every letter readable after a document with composed letters ("Ç" holds a "C")', async () => {
    expect(await textOfPdfWith('Çelik Øster Łukasz')).toContain('Çelik Øster Łukasz');
    expect(await textOfPdfWith('Chloé Ostertag Lukas')).toContain('Chloé Ostertag Lukas');
  });
});
