import type { TLocale } from '@lms/contracts/constants';
import { PDFDocument, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { A4_PORTRAIT, drawDesign, MARK_INSET, type CertificateLook } from './certificate-designs';
import { layoutBody, type Block } from './certificate-layout';
import { cachedFontkit, certificateFontBytes } from './certificate-fonts';
import { drawVerificationMark, type CertificateVerificationMark } from './certificate-verification-mark';

// One certificate as a PDF (DECISIONS "certificate"): the first page of the locale's background, or a plain A4
// page, with the subtitle and the body written over it, centred, in an embedded Unicode font.

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.13, 0.13, 0.13);

export interface CertificatePdfInput {
  /** The locale's background PDF; null: a plain A4 page with a thin frame. */
  background: Uint8Array | null;
  subtitle: string;
  body: string;
  locale: TLocale;
  /** The document's title in its properties (the course's title). */
  title: string;
  /** Issue 30 point 2: the code and QR code of the public verification page; absent in a template's preview. */
  verification?: CertificateVerificationMark;
  /** Issue 32 point 2: a design, with the name set large when the body starts with it; absent: the plain page. */
  look?: CertificateLook | null;
  hero?: string | null;
}

export interface RenderedCertificate {
  bytes: Uint8Array;
  /** The page's size in points, as shown (a screen sizes its preview frame by it). */
  width: number;
  height: number;
}

export class UnreadablePdfError extends Error {}

/** A background must be a PDF that pdf-lib reads, not encrypted, with at least one page. */
export async function loadBackground(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() < 1) throw new UnreadablePdfError('background has no page');
    return doc;
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw err;
    throw new UnreadablePdfError('background is no readable PDF', { cause: err });
  }
}

/** What an upload is checked with: the first page can be placed on a certificate (as renderCertificatePdf does). */
export async function assertUsableBackground(bytes: Uint8Array): Promise<void> {
  const source = await loadBackground(bytes);
  try {
    await (await PDFDocument.create()).embedPage(source.getPage(0));
  } catch (err) {
    throw new UnreadablePdfError('background page cannot be placed', { cause: err });
  }
}

/** Places the background's first page upright on a page of its shown size (its /Rotate applied). */
async function addBackgroundPage(doc: PDFDocument, background: Uint8Array): Promise<PDFPage> {
  const source = (await loadBackground(background)).getPage(0);
  const embedded = await doc.embedPage(source);
  const { width: w, height: h } = embedded;
  const angle = (((source.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const turned = angle === 90 || angle === 270;
  const page = doc.addPage(turned ? [h, w] : [w, h]);
  const placement = {
    0: { x: 0, y: 0, rotate: degrees(0) },
    90: { x: 0, y: w, rotate: degrees(-90) },
    180: { x: w, y: h, rotate: degrees(180) },
    270: { x: h, y: 0, rotate: degrees(90) },
  }[angle];
  page.drawPage(embedded, placement);
  return page;
}

function drawCentred(page: PDFPage, text: string, font: PDFFont, size: number, y: number): void {
  const x = (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2;
  page.drawText(text, { x, y, size, font, color: INK });
}

/**
 * Writes the certificate. The text block sits a little below the middle of the page, where backgrounds leave room
 * under their heading; a body too long for the space left is set smaller (down to 7 pt) instead of running off.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<RenderedCertificate> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  if (input.look) return renderDesigned(doc, input, input.look);
  const bytes = await certificateFontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const page = input.background ? await addBackgroundPage(doc, input.background) : doc.addPage(A4);
  const { width, height } = page.getSize();
  if (!input.background) {
    const inset = 28;
    page.drawRectangle({
      x: inset,
      y: inset,
      width: width - 2 * inset,
      height: height - 2 * inset,
      borderColor: rgb(0.55, 0.6, 0.68),
      borderWidth: 1.2,
    });
  }
  const scale = Math.min(width, height) / A4[0];
  const margin = Math.max(56, width * 0.12);
  const maxWidth = width - 2 * margin;
  let y = height * 0.6;

  const subtitleSize = 22 * scale;
  for (const line of layoutBody(input.subtitle, bold, subtitleSize, maxWidth).lines) {
    drawCentred(page, line, bold, subtitleSize, y);
    y -= subtitleSize * 1.3;
  }
  y -= subtitleSize * 0.8;

  // The verification mark takes the lower band's right corner; the body ends above it.
  const bottom = Math.max(input.verification ? 120 : 48, height * 0.1);
  let size = 13 * scale;
  let block = layoutBody(input.body, regular, size, maxWidth);
  const heightOf = (b: Block, s: number) => (b.lines.length + b.gaps.reduce((a, g) => a + g, 0)) * s * 1.45;
  while (size > 7 && y - heightOf(block, size) < bottom) {
    size -= 0.5;
    block = layoutBody(input.body, regular, size, maxWidth);
  }
  block.lines.forEach((line, i) => {
    y -= (block.gaps[i] ?? 0) * size * 1.45;
    drawCentred(page, line, regular, size, y);
    y -= size * 1.45;
  });

  if (input.verification) drawVerificationMark(page, regular, input.verification, input.locale);
  return finish(doc, input, width, height);
}

/** A designed certificate: the background's page (its size) or a blank one of the design's orientation. */
async function renderDesigned(
  doc: PDFDocument,
  input: CertificatePdfInput,
  look: CertificateLook,
): Promise<RenderedCertificate> {
  const [short, long] = A4_PORTRAIT;
  const page = input.background
    ? await addBackgroundPage(doc, input.background)
    : doc.addPage(look.orientation === 'landscape' ? [long, short] : [short, long]);
  const regular = await drawDesign(
    doc,
    page,
    look,
    { subtitle: input.subtitle, hero: input.hero ?? null, body: input.body },
    !input.background,
  );
  if (input.verification) drawVerificationMark(page, regular, input.verification, input.locale, MARK_INSET);
  return finish(doc, input, page.getWidth(), page.getHeight());
}

async function finish(
  doc: PDFDocument,
  input: CertificatePdfInput,
  width: number,
  height: number,
): Promise<RenderedCertificate> {
  doc.setTitle(input.title || input.subtitle, { showInWindowTitleBar: true });
  doc.setLanguage(input.locale);
  doc.setProducer('LMS certificates (pdf-lib)');
  doc.setCreator('LMS');
  // The layouts above are synchronous; saving in one go (no yielding every 50 objects) is more than twice as fast.
  return { bytes: await doc.save({ objectsPerTick: Number.POSITIVE_INFINITY }), width, height };
}
