import { rgb } from 'pdf-lib';
import { luminance, type DesignStyle } from './certificate-design-kit';

// The modern design: a colour band across the head carrying the title and the logo on a white card, left-aligned
// sans type, an accent bar under the name.

const bandOf = (landscape: boolean) => (landscape ? 128 : 150);

export const MODERN: DesignStyle = {
  margin: (landscape) => (landscape ? 64 : 56),
  align: 'left',
  head: ({ page, width, height, landscape, margin, decorate, logo, c, p }) => {
    const band = bandOf(landscape);
    let titleColour = c.headline;
    let titleColumn = p.column;
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
    return { y: height - band / 2 - 10, titleColour, titleColumn };
  },
  sizes: (scale, landscape) => ({
    titleSize: 28 * scale,
    heroSize: (!landscape ? 34 : 30) * scale,
    bodySize: 12.5 * scale,
  }),
  titleStart: (y, lines, titleSize) => {
    const total = lines * titleSize * 1.15;
    return y + total / 2 - titleSize * 0.35;
  },
  afterTitle: ({ height, landscape }) => height - bandOf(landscape) - (landscape ? 58 : 80),
  heroColour: (c) => c.headline,
  heroRule: ({ page, p, c }, y) => {
    page.drawRectangle({ x: p.left, y: y - 6, width: 48, height: 3.5, color: c.accent });
    return y - 30;
  },
  bodyColour: (c) => c.text,
};
