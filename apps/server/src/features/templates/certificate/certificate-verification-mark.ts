import type { TLocale } from '@lms/contracts/constants';
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

// Issue 30 point 2: the verification mark in a certificate's lower right corner. A QR code of the public page
// /verify/{code} (encoded by the maintained `qrcode` library, drawn as one vector path: sharp at any zoom, and a
// fraction of the cost of a PNG that pdf-lib would decode again) and, beside it, the code and the address in
// writing, for a reader without a camera. "Valid until" joins them when the certificate has an end.

export interface CertificateVerificationMark {
  /** The printed form of the code (groups of four). */
  code: string;
  /** The public page's address, which the QR code carries. */
  url: string;
  /** Null: valid without end; else the day as the locale writes it. */
  validUntil: string | null;
}

const LABELS: Record<TLocale, { code: string; validUntil: string; check: string }> = {
  'de-DE': { code: 'Prüfcode', validUntil: 'Gültig bis', check: 'Echtheit prüfen' },
  'en-US': { code: 'Verification code', validUntil: 'Valid until', check: 'Verify at' },
  'fr-FR': { code: 'Code de vérification', validUntil: 'Valable jusqu’au', check: 'Vérifier sur' },
};

const INK = rgb(0.13, 0.13, 0.13);

/** The QR code's dark modules as an SVG path, one rectangle per run of dark modules in a row, with a 4-module quiet zone. */
function qrPath(text: string): { path: string; modules: number } {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      let end = col;
      while (end + 1 < size && data[row * size + end + 1]) end++;
      path += `M${col + quiet} ${row + quiet}h${end - col + 1}v1h${-(end - col + 1)}z`;
      col = end;
    }
  }
  return { path, modules: size + 2 * quiet };
}

/** Draws the mark; the QR code's side is about 2.5 cm with the quiet zone a scanner needs around it. */
export function drawVerificationMark(
  page: PDFPage,
  font: PDFFont,
  mark: CertificateVerificationMark,
  locale: TLocale,
  inset = 40,
): void {
  const { width } = page.getSize();
  const side = 72;
  const x = width - inset - side;
  const y = inset;
  const qr = qrPath(mark.url);
  // The quiet zone is white even on a coloured background; pdf-lib's SVG path runs downward from its (x, y).
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) });
  page.drawSvgPath(qr.path, { x, y: y + side, scale: side / qr.modules, color: rgb(0, 0, 0), borderWidth: 0 });

  const labels = LABELS[locale];
  const size = 7.5;
  const lines = [
    ...(mark.validUntil ? [`${labels.validUntil}: ${mark.validUntil}`] : []),
    `${labels.code}: ${mark.code}`,
    `${labels.check}: ${mark.url}`,
  ];
  let lineY = y + side / 2 + ((lines.length - 1) * size * 1.4) / 2 - size / 2;
  for (const line of lines) {
    page.drawText(line, { x: x - 6 - font.widthOfTextAtSize(line, size), y: lineY, size, font, color: INK });
    lineY -= size * 1.4;
  }
}
