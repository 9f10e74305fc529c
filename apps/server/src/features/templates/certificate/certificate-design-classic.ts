import type { PDFPage, RGB } from 'pdf-lib';
import { centredHeroRule, drawFitted, tint, type DesignStyle } from './certificate-design-kit';

// The classic design: a warm paper tone, a double frame with a chain of diamonds and corner blocks, serif type, the
// logo centred at the head and a diamond divider under the title.

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

export const CLASSIC: DesignStyle = {
  margin: (landscape) => (landscape ? 90 : 72),
  align: 'centre',
  head: ({ page, width, height, landscape, scale, decorate, logo, c, p }) => {
    if (decorate) classicFrame(page, c.primary, c.accent);
    let y = height - (landscape ? 56 : 72);
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
    return { y, titleColour: c.headline, titleColumn: p.column };
  },
  sizes: (scale) => ({ titleSize: 32 * scale, heroSize: 30 * scale, bodySize: 12.5 * scale }),
  titleStart: (y) => y,
  afterTitle: ({ page, width, landscape, c }, y) => {
    classicDivider(page, width / 2, y - 4, c.accent);
    return y - 4 - (landscape ? 44 : 64);
  },
  heroColour: (c) => c.primary,
  heroRule: centredHeroRule,
  bodyColour: (c) => c.text,
};
