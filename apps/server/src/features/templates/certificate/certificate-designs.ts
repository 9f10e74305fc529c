import type { TCertificateDesign, TCertificateOrientation } from '@lms/contracts/certificates';
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { certificateFontBytes } from './certificate-fonts';
import { layoutBody, type Block } from './certificate-layout';

// Issue 32 point 2: the designed certificates. Three looks, each in portrait and landscape, drawn with pdf-lib in
// the client's colours, with its logo at the head, the texts of the template, up to two signatures above the
// verification mark (drawn by the caller in the lower right corner, inside every design's frame):
// - classic: a warm paper tone, a double frame with a chain of diamonds and corner blocks, serif type;
// - modern: a colour band across the head carrying the title and the logo on a white card, left-aligned sans type;
// - minimal: white, a hairline frame, light large title, a short accent rule.
// With an uploaded background the design draws its texts, logo and signatures only: the background is the paper.

export const A4_PORTRAIT: [number, number] = [595.28, 841.89];

export interface CertificateColours {
  primary: string;
  accent: string;
  headline: string;
  text: string;
  muted: string;
}

export interface CertificateSignatoryMark {
  name: string;
  role: string;
  /** A PNG; null: a line to sign on by hand. */
  image: Uint8Array | null;
}

export interface CertificateLook {
  design: TCertificateDesign;
  orientation: TCertificateOrientation;
  colours: CertificateColours;
  /** The client's logo as a PNG; null: none. */
  logo: Uint8Array | null;
  signatories: CertificateSignatoryMark[];
}

export interface DesignedText {
  subtitle: string;
  /** The holder's name set large (the body started with {{name}}); null: the body alone. */
  hero: string | null;
  body: string;
}

/** Where the verification mark sits: its inset from the lower right corner. */
export const MARK_INSET = 48;
/** The mark's height with its inset: the signatures stand above it. */
const MARK_TOP = MARK_INSET + 72;

function hex(colour: string): RGB {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return rgb(0.13, 0.13, 0.13);
  return rgb(parseInt(m[1] ?? '0', 16) / 255, parseInt(m[2] ?? '0', 16) / 255, parseInt(m[3] ?? '0', 16) / 255);
}

/** The colour moved towards white by `t` (0: as it is, 1: white). */
const tint = (c: RGB, t: number): RGB =>
  rgb(c.red + (1 - c.red) * t, c.green + (1 - c.green) * t, c.blue + (1 - c.blue) * t);

const luminance = (c: RGB) => 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  title: PDFFont;
  hero: PDFFont;
  body: PDFFont;
}

async function fontsFor(doc: PDFDocument, design: TCertificateDesign): Promise<Fonts> {
  const bytes = await certificateFontBytes();
  const embed = (b: Uint8Array) => doc.embedFont(b, { subset: true });
  // Each face costs its subset in every document (a regeneration makes thousands): three at most.
  if (design === 'classic') {
    const serif = await embed(bytes.serif);
    const serifBold = await embed(bytes.serifBold);
    const hero = await embed(bytes.serifBoldItalic);
    return { regular: serif, bold: serifBold, title: serifBold, hero, body: serif };
  }
  const regular = await embed(bytes.regular);
  const bold = await embed(bytes.bold);
  if (design === 'minimal') return { regular, bold, title: await embed(bytes.light), hero: regular, body: regular };
  return { regular, bold, title: bold, hero: bold, body: regular };
}

type Align = 'centre' | 'left';

interface Painter {
  page: PDFPage;
  width: number;
  height: number;
  align: Align;
  /** The text column: its left edge and width. */
  left: number;
  column: number;
}

function line(p: Painter, text: string, font: PDFFont, size: number, y: number, color: RGB): void {
  const x = p.align === 'centre' ? p.left + (p.column - font.widthOfTextAtSize(text, size)) / 2 : p.left;
  p.page.drawText(text, { x, y, size, font, color });
}

/** A size at which the text fits the column on one line, from `size` down to `min`. */
function fitting(text: string, font: PDFFont, size: number, width: number, min: number): number {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > width) s -= 0.5;
  return s;
}

/** Draws an image into a box, keeping its proportions; `anchor` is the box's bottom centre or bottom left. */
function drawFitted(page: PDFPage, image: PDFImage, box: { x: number; y: number; w: number; h: number }, align: Align) {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const x = align === 'centre' ? box.x + (box.w - w) / 2 : box.x;
  page.drawImage(image, { x, y: box.y, width: w, height: h });
  return { w, h };
}

const embedPng = async (doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> =>
  bytes ? doc.embedPng(bytes) : null;

// --- Decorations ---------------------------------------------------------------------------------------------------

function classicFrame(page: PDFPage, primary: RGB, accent: RGB): void {
  const { width: w, height: h } = page.getSize();
  page.drawRectangle({ x: 0, y: 0, width: w, height: h, color: tint(primary, 0.955) });
  page.drawRectangle({ x: 18, y: 18, width: w - 36, height: h - 36, borderColor: primary, borderWidth: 2.4 });
  page.drawRectangle({ x: 31, y: 31, width: w - 62, height: h - 62, borderColor: primary, borderWidth: 0.8 });
  page.drawRectangle({ x: 35, y: 35, width: w - 70, height: h - 70, borderColor: accent, borderWidth: 0.4 });
  // A chain of diamonds in the band between the frames; one SVG path (pdf-lib's y runs downward from the origin).
  const mid = 24.5;
  const r = 2.6;
  const step = 13;
  let path = '';
  const diamond = (x: number, y: number) => {
    path += `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`;
  };
  const along = (from: number, to: number, at: (t: number) => void) => {
    const n = Math.floor((to - from) / step);
    const offset = from + (to - from - n * step) / 2;
    for (let i = 0; i <= n; i++) at(offset + i * step);
  };
  along(mid + 16, w - mid - 16, (x) => {
    diamond(x, mid);
    diamond(x, h - mid);
  });
  along(mid + 16, h - mid - 16, (y) => {
    diamond(mid, y);
    diamond(w - mid, y);
  });
  page.drawSvgPath(path, { x: 0, y: h, color: accent, borderWidth: 0 });
  // Corner blocks with a paper-coloured diamond.
  for (const [cx, cy] of [
    [mid, mid],
    [w - mid, mid],
    [mid, h - mid],
    [w - mid, h - mid],
  ] as const) {
    page.drawRectangle({ x: cx - 8, y: cy - 8, width: 16, height: 16, color: primary });
    page.drawSvgPath(`M0 -5L5 0L0 5L-5 0Z`, { x: cx, y: cy, color: tint(primary, 0.955), borderWidth: 0 });
  }
}

function classicDivider(page: PDFPage, cx: number, y: number, accent: RGB): void {
  page.drawLine({ start: { x: cx - 70, y }, end: { x: cx - 9, y }, thickness: 0.8, color: accent });
  page.drawLine({ start: { x: cx + 9, y }, end: { x: cx + 70, y }, thickness: 0.8, color: accent });
  page.drawSvgPath('M0 -4L4 0L0 4L-4 0Z', { x: cx, y, color: accent, borderWidth: 0 });
  page.drawCircle({ x: cx - 74, y, size: 1.4, color: accent });
  page.drawCircle({ x: cx + 74, y, size: 1.4, color: accent });
}

// --- Layout --------------------------------------------------------------------------------------------------------

interface Spec {
  /** Top of the text below the head. */
  top: number;
  titleSize: number;
  heroSize: number;
  bodySize: number;
}

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
  const margin = look.design === 'classic' ? (landscape ? 90 : 72) : landscape ? 64 : 56;
  const align: Align = look.design === 'modern' ? 'left' : 'centre';
  const p: Painter = { page, width, height, align, left: margin, column: width - 2 * margin };
  let y: number;
  let titleColour = c.headline;
  let titleColumn = p.column;

  if (look.design === 'classic') {
    if (decorate) classicFrame(page, c.primary, c.accent);
    y = height - (landscape ? 56 : 72);
    if (logo) {
      const box = { x: p.left, y: y - 54 * scale, w: p.column, h: 54 * scale };
      drawFitted(
        page,
        logo,
        { ...box, w: Math.min(p.column, 180) + 0, x: (width - Math.min(p.column, 180)) / 2 },
        'centre',
      );
      y -= 54 * scale + (landscape ? 34 : 44);
    } else y -= 12;
  } else if (look.design === 'modern') {
    const band = landscape ? 128 : 150;
    if (decorate) {
      page.drawRectangle({ x: 0, y: height - band, width, height: band, color: c.primary });
      page.drawRectangle({ x: 0, y: height - band - 6, width, height: 6, color: c.accent });
      page.drawRectangle({ x: 0, y: 0, width, height: 8, color: c.primary });
      page.drawRectangle({ x: 0, y: 8, width: width * 0.32, height: 3, color: c.accent });
      titleColour = luminance(c.primary) > 0.6 ? c.headline : rgb(1, 1, 1);
    }
    if (logo) {
      const cardW = 132;
      const cardH = 72;
      const x = width - margin - cardW;
      const cy = height - band / 2 - cardH / 2;
      if (decorate) page.drawRectangle({ x, y: cy, width: cardW, height: cardH, color: rgb(1, 1, 1) });
      const inner = { x: x + 12, y: cy + 10, w: cardW - 24, h: cardH - 20 };
      const s = Math.min(inner.w / logo.width, inner.h / logo.height);
      page.drawImage(logo, {
        x: inner.x + (inner.w - logo.width * s) / 2,
        y: inner.y + (inner.h - logo.height * s) / 2,
        width: logo.width * s,
        height: logo.height * s,
      });
      titleColumn = x - 24 - margin;
    }
    y = height - band / 2 - 10;
  } else {
    if (decorate) {
      page.drawRectangle({
        x: 22,
        y: 22,
        width: width - 44,
        height: height - 44,
        borderColor: tint(c.muted, 0.65),
        borderWidth: 0.6,
      });
    }
    y = height - (landscape ? 60 : 76);
    if (logo) {
      drawFitted(page, logo, { x: (width - 140) / 2, y: y - 40, w: 140, h: 40 }, 'centre');
      y -= 40 + 40;
    } else y -= 20;
  }

  const spec: Spec = {
    top: y,
    titleSize: (look.design === 'minimal' ? 38 : look.design === 'modern' ? 28 : 32) * scale,
    heroSize: (look.design === 'minimal' ? 28 : look.design === 'modern' && !landscape ? 34 : 30) * scale,
    bodySize: (look.design === 'minimal' ? 12 : 12.5) * scale,
  };

  // The title: one or two lines, smaller when long.
  const titleSize = fitting(text.subtitle, fonts.title, spec.titleSize, titleColumn, spec.titleSize * 0.7);
  const titleLines = layoutBody(text.subtitle, fonts.title, titleSize, titleColumn).lines.slice(0, 2);
  if (look.design === 'modern') {
    const total = titleLines.length * titleSize * 1.15;
    y = y + total / 2 - titleSize * 0.35;
  }
  for (const l of titleLines) {
    line(p, l, fonts.title, titleSize, y, titleColour);
    y -= titleSize * 1.2;
  }
  if (look.design === 'modern') {
    y = height - (landscape ? 128 : 150) - (landscape ? 58 : 80);
  } else if (look.design === 'classic') {
    y -= 4;
    classicDivider(page, width / 2, y, c.accent);
    y -= landscape ? 44 : 64;
  } else {
    y -= 6;
    page.drawLine({
      start: { x: width / 2 - 20, y },
      end: { x: width / 2 + 20, y },
      thickness: 1.6,
      color: c.accent,
    });
    y -= landscape ? 44 : 66;
  }

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
    const heroColour = look.design === 'modern' ? c.headline : c.primary;
    line(p, text.hero, fonts.hero, heroSize, y, heroColour);
    y -= heroSize * 0.55;
    if (look.design === 'modern') {
      page.drawRectangle({ x: p.left, y: y - 6, width: 48, height: 3.5, color: c.accent });
      y -= 30;
    } else {
      const w = Math.min(p.column, fonts.hero.widthOfTextAtSize(text.hero, heroSize) + 60);
      page.drawLine({
        start: { x: (width - w) / 2, y: y - 4 },
        end: { x: (width + w) / 2, y: y - 4 },
        thickness: 0.5,
        color: tint(c.muted, 0.4),
      });
      y -= 30;
    }
  }

  const bodyColour = look.design === 'minimal' ? c.muted : c.text;
  drawBody(p, body, y, fonts.body, bodyColour);

  await drawSignatures(doc, p, signatories, fonts, signatureLine, {
    line: tint(c.muted, 0.3),
    role: c.muted,
    name: c.text,
  });
  return fonts.regular;
}

interface MeasuredBody {
  size: number;
  block: Block;
  height: number;
}

/** The body's lines at the largest size (down to 7 pt) at which they fit the room. */
function measureBody(body: string, font: PDFFont, start: number, width: number, room: number): MeasuredBody {
  const heightOf = (b: Block, s: number) => (b.lines.length + b.gaps.reduce((a, g) => a + g, 0)) * s * 1.5;
  let size = start;
  let block: Block = layoutBody(body, font, size, width);
  while (size > 7 && heightOf(block, size) > room) {
    size -= 0.5;
    block = layoutBody(body, font, size, width);
  }
  return { size, block, height: heightOf(block, size) };
}

function drawBody(p: Painter, { size, block }: MeasuredBody, top: number, font: PDFFont, colour: RGB) {
  let y = top;
  block.lines.forEach((l, i) => {
    y -= (block.gaps[i] ?? 0) * size * 1.5;
    line(p, l, font, size, y, colour);
    y -= size * 1.5;
  });
}

async function drawSignatures(
  doc: PDFDocument,
  p: Painter,
  signatories: CertificateSignatoryMark[],
  fonts: Fonts,
  y: number,
  colours: { line: RGB; role: RGB; name: RGB },
): Promise<void> {
  if (signatories.length === 0) return;
  const slot = Math.min(190, (p.width - 2 * MARK_INSET) / 2 - 20);
  const centres =
    p.align === 'left'
      ? signatories.map((_s, i) => p.left + slot / 2 + i * (slot + 36))
      : signatories.length === 1
        ? [p.width / 2]
        : [p.width / 2 - slot / 2 - 18, p.width / 2 + slot / 2 + 18];
  for (const [i, s] of signatories.entries()) {
    const cx = centres[i] ?? p.width / 2;
    const image = await embedPng(doc, s.image);
    if (image) drawFitted(p.page, image, { x: cx - slot / 2 + 10, y: y + 3, w: slot - 20, h: 46 }, 'centre');
    p.page.drawLine({
      start: { x: cx - slot / 2, y },
      end: { x: cx + slot / 2, y },
      thickness: 0.6,
      color: colours.line,
    });
    const nameSize = fitting(s.name, fonts.bold, 9.5, slot, 6);
    p.page.drawText(s.name, {
      x: cx - fonts.bold.widthOfTextAtSize(s.name, nameSize) / 2,
      y: y - 13,
      size: nameSize,
      font: fonts.bold,
      color: colours.name,
    });
    if (s.role.trim()) {
      const roleSize = fitting(s.role, fonts.regular, 8.5, slot, 6);
      p.page.drawText(s.role, {
        x: cx - fonts.regular.widthOfTextAtSize(s.role, roleSize) / 2,
        y: y - 25,
        size: roleSize,
        font: fonts.regular,
        color: colours.role,
      });
    }
  }
}
