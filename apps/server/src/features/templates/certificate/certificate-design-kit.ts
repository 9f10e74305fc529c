import type { TCertificateDesign, TCertificateOrientation } from '@lms/contracts/certificates';
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { certificateFontBytes } from './certificate-fonts';
import { layoutBody, type Block } from './certificate-layout';

// The designed certificates' shared parts (issue 32 point 2): the look's types, colours, fonts, the text column's
// painter, the body's fitting, the signatures above the verification mark, and what a design decides
// (DesignStyle). Each design is a file of its own (certificate-design-classic/-modern/-minimal.ts);
// certificate-designs.ts draws one.

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
export const MARK_TOP = MARK_INSET + 72;

export function hex(colour: string): RGB {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return rgb(0.13, 0.13, 0.13);
  return rgb(parseInt(m[1] ?? '0', 16) / 255, parseInt(m[2] ?? '0', 16) / 255, parseInt(m[3] ?? '0', 16) / 255);
}

/** The colour moved towards white by `t` (0: as it is, 1: white). */
export const tint = (c: RGB, t: number): RGB =>
  rgb(c.red + (1 - c.red) * t, c.green + (1 - c.green) * t, c.blue + (1 - c.blue) * t);

export const luminance = (c: RGB) => 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  title: PDFFont;
  hero: PDFFont;
  body: PDFFont;
}

export async function fontsFor(doc: PDFDocument, design: TCertificateDesign): Promise<Fonts> {
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

export type Align = 'centre' | 'left';

export interface Painter {
  page: PDFPage;
  width: number;
  height: number;
  align: Align;
  /** The text column: its left edge and width. */
  left: number;
  column: number;
}

export function line(p: Painter, text: string, font: PDFFont, size: number, y: number, color: RGB): void {
  const x = p.align === 'centre' ? p.left + (p.column - font.widthOfTextAtSize(text, size)) / 2 : p.left;
  p.page.drawText(text, { x, y, size, font, color });
}

/** A size at which the text fits the column on one line, from `size` down to `min`. */
export function fitting(text: string, font: PDFFont, size: number, width: number, min: number): number {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > width) s -= 0.5;
  return s;
}

/** Draws an image into a box, keeping its proportions; `anchor` is the box's bottom centre or bottom left. */
export function drawFitted(
  page: PDFPage,
  image: PDFImage,
  box: { x: number; y: number; w: number; h: number },
  align: Align,
) {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const x = align === 'centre' ? box.x + (box.w - w) / 2 : box.x;
  page.drawImage(image, { x, y: box.y, width: w, height: h });
  return { w, h };
}

export const embedPng = async (doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> =>
  bytes ? doc.embedPng(bytes) : null;

export interface MeasuredBody {
  size: number;
  block: Block;
  height: number;
}

/** The body's lines at the largest size (down to 7 pt) at which they fit the room. */
export function measureBody(body: string, font: PDFFont, start: number, width: number, room: number): MeasuredBody {
  const heightOf = (b: Block, s: number) => (b.lines.length + b.gaps.reduce((a, g) => a + g, 0)) * s * 1.5;
  let size = start;
  let block: Block = layoutBody(body, font, size, width);
  while (size > 7 && heightOf(block, size) > room) {
    size -= 0.5;
    block = layoutBody(body, font, size, width);
  }
  return { size, block, height: heightOf(block, size) };
}

export function drawBody(p: Painter, { size, block }: MeasuredBody, top: number, font: PDFFont, colour: RGB) {
  let y = top;
  block.lines.forEach((l, i) => {
    y -= (block.gaps[i] ?? 0) * size * 1.5;
    line(p, l, font, size, y, colour);
    y -= size * 1.5;
  });
}

export async function drawSignatures(
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

export interface DesignColours {
  primary: RGB;
  accent: RGB;
  headline: RGB;
  text: RGB;
  muted: RGB;
}

/** What a design's steps draw on: the page, its size and scale, the colours, the logo, the text column. */
export interface DesignCanvas {
  page: PDFPage;
  width: number;
  height: number;
  landscape: boolean;
  scale: number;
  margin: number;
  decorate: boolean;
  logo: PDFImage | null;
  c: DesignColours;
  p: Painter;
}

/** Where a design's head leaves the title: its first line's height, its colour and its column. */
export interface DesignHead {
  y: number;
  titleColour: RGB;
  titleColumn: number;
}

/** What one design decides; the rest (title lines, name, body, signatures) is the same for all. */
export interface DesignStyle {
  margin: (landscape: boolean) => number;
  align: Align;
  /** The frame or band and the logo; where the title starts. */
  head: (d: DesignCanvas) => DesignHead;
  /** The title's, the name's and the body's sizes at the page's scale. */
  sizes: (scale: number, landscape: boolean) => { titleSize: number; heroSize: number; bodySize: number };
  /** The first title line's height, given the lines (the modern design centres them in its band). */
  titleStart: (y: number, lines: number, titleSize: number) => number;
  /** The decoration under the title; answers where the text below it starts. */
  afterTitle: (d: DesignCanvas, y: number) => number;
  heroColour: (c: DesignColours) => RGB;
  /** The rule under the holder's name (y is the name's baseline less its descent); answers the body's top. */
  heroRule: (d: DesignCanvas, y: number, hero: string, heroSize: number, heroFont: PDFFont) => number;
  bodyColour: (c: DesignColours) => RGB;
}

/** The classic and minimal designs' rule under a centred name: a hairline a little wider than the name. */
export const centredHeroRule: DesignStyle['heroRule'] = ({ page, width, p, c }, y, hero, heroSize, heroFont) => {
  const w = Math.min(p.column, heroFont.widthOfTextAtSize(hero, heroSize) + 60);
  page.drawLine({
    start: { x: (width - w) / 2, y: y - 4 },
    end: { x: (width + w) / 2, y: y - 4 },
    thickness: 0.5,
    color: tint(c.muted, 0.4),
  });
  return y - 30;
};
