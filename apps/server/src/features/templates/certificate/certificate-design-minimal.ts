import { centredHeroRule, drawFitted, tint, type DesignStyle } from './certificate-design-kit';

// The minimal design: white, a hairline frame, a light large title, a short accent rule, the body in the muted
// colour.

export const MINIMAL: DesignStyle = {
  margin: (landscape) => (landscape ? 64 : 56),
  align: 'centre',
  head: ({ page, width, height, landscape, decorate, logo, c, p }) => {
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
    let y = height - (landscape ? 60 : 76);
    if (logo) {
      drawFitted(page, logo, { x: (width - 140) / 2, y: y - 40, w: 140, h: 40 }, 'centre');
      y -= 40 + 40;
    } else y -= 20;
    return { y, titleColour: c.headline, titleColumn: p.column };
  },
  sizes: (scale) => ({ titleSize: 38 * scale, heroSize: 28 * scale, bodySize: 12 * scale }),
  titleStart: (y) => y,
  afterTitle: ({ page, width, landscape, c }, y) => {
    const at = y - 6;
    page.drawLine({
      start: { x: width / 2 - 20, y: at },
      end: { x: width / 2 + 20, y: at },
      thickness: 1.6,
      color: c.accent,
    });
    return at - (landscape ? 44 : 66);
  },
  heroColour: (c) => c.primary,
  heroRule: centredHeroRule,
  bodyColour: (c) => c.muted,
};
