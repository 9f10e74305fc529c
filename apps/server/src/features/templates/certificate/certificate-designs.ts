import type { TCertificateDesign } from '@lms/contracts/certificates';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { CLASSIC } from './certificate-design-classic';
import {
  A4_PORTRAIT,
  MARK_TOP,
  drawBody,
  drawSignatures,
  embedPng,
  fitting,
  fontsFor,
  hex,
  line,
  measureBody,
  tint,
  type CertificateLook,
  type DesignCanvas,
  type DesignStyle,
  type DesignedText,
  type Painter,
} from './certificate-design-kit';
import { MINIMAL } from './certificate-design-minimal';
import { MODERN } from './certificate-design-modern';
import { layoutBody } from './certificate-layout';

// Issue 32 point 2: the designed certificates. Three looks, each in portrait and landscape, drawn with pdf-lib in
// the client's colours, with its logo at the head, the texts of the template, up to two signatures above the
// verification mark (drawn by the caller in the lower right corner, inside every design's frame). What each design
// decides is in its own file; the steps they share are here and in certificate-design-kit.ts.
// With an uploaded background the design draws its texts, logo and signatures only: the background is the paper.

export {
  A4_PORTRAIT,
  MARK_INSET,
  type CertificateColours,
  type CertificateLook,
  type CertificateSignatoryMark,
  type DesignedText,
} from './certificate-design-kit';

const STYLES = new Map<TCertificateDesign, DesignStyle>([
  ['classic', CLASSIC],
  ['modern', MODERN],
  ['minimal', MINIMAL],
]);

/**
 * Draws a designed certificate on the page (the caller made it: a background's or a blank one of the design's
 * size); answers its regular font, in which the caller adds the verification mark.
 */
export async function drawDesign(
  doc: PDFDocument,
  page: PDFPage,
  look: CertificateLook,
  text: DesignedText,
  decorate: boolean,
): Promise<PDFFont> {
  const style = STYLES.get(look.design) ?? CLASSIC;
  const { width, height } = page.getSize();
  const fonts = await fontsFor(doc, look.design);
  const c = {
    primary: hex(look.colours.primary),
    accent: hex(look.colours.accent),
    headline: hex(look.colours.headline),
    text: hex(look.colours.text),
    muted: hex(look.colours.muted),
  };
  const logo = await embedPng(doc, look.logo);
  const landscape = width > height;
  const scale = Math.min(width, height) / A4_PORTRAIT[0];
  const margin = style.margin(landscape);
  const p: Painter = { page, width, height, align: style.align, left: margin, column: width - 2 * margin };
  const canvas: DesignCanvas = { page, width, height, landscape, scale, margin, decorate, logo, c, p };
  const head = style.head(canvas);
  const spec = style.sizes(scale, landscape);

  // The title: one or two lines, smaller when long.
  const titleSize = fitting(text.subtitle, fonts.title, spec.titleSize, head.titleColumn, spec.titleSize * 0.7);
  const titleLines = layoutBody(text.subtitle, fonts.title, titleSize, head.titleColumn).lines.slice(0, 2);
  let y = style.titleStart(head.y, titleLines.length, titleSize);
  for (const l of titleLines) {
    line(p, l, fonts.title, titleSize, y, head.titleColour);
    y -= titleSize * 1.2;
  }
  y = style.afterTitle(canvas, y);

  const signatories = look.signatories.filter((s) => s.name.trim() !== '');
  const signatureLine = MARK_TOP + (landscape ? 32 : 52);
  const bottom = signatories.length > 0 ? signatureLine + 60 : MARK_TOP + 24;
  // The name and the body sit in the space left, a little above its middle (not stuck under the title).
  const heroSize = text.hero ? fitting(text.hero, fonts.hero, spec.heroSize, p.column, 14) : 0;
  const heroHeight = text.hero ? heroSize * 0.55 + 30 : 0;
  const body = measureBody(text.body, fonts.body, spec.bodySize, p.column, y - heroHeight - bottom);
  const free = y - heroHeight - body.height - bottom;
  if (free > 0) y -= free * (landscape ? 0.3 : 0.36);

  if (text.hero) {
    line(p, text.hero, fonts.hero, heroSize, y, style.heroColour(c));
    y -= heroSize * 0.55;
    y = style.heroRule(canvas, y, text.hero, heroSize, fonts.hero);
  }

  drawBody(p, body, y, fonts.body, style.bodyColour(c));

  await drawSignatures(doc, p, signatories, fonts, signatureLine, {
    line: tint(c.muted, 0.3),
    role: c.muted,
    name: c.text,
  });
  return fonts.regular;
}
