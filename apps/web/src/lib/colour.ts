/** Colour arithmetic for the client theme: shades and WCAG 2.1 contrast (1.4.3 asks 4.5:1 for text). */
type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const rgbToHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mixes `hex` with `other` by `amount` (0 keeps hex, 1 gives other). */
export function mix(hex: string, other: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  return rgbToHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb);
}

export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Darkens (on a light background) or lightens (on a dark one) `fg` until it reaches `ratio` against `bg`. */
export function ensureContrast(fg: string, bg: string, ratio = 4.5): string {
  const towards = luminance(bg) > 0.18 ? '#000000' : '#ffffff';
  let colour = fg;
  for (let step = 1; step <= 20 && contrastRatio(colour, bg) < ratio; step++) colour = mix(fg, towards, step / 20);
  return colour;
}

/** Ten shades, light to dark, with the client's colour itself at index 6 (Mantine's default primary shade). */
export function shadesOf(
  hex: string,
): [string, string, string, string, string, string, string, string, string, string] {
  return [
    mix(hex, '#ffffff', 0.9),
    mix(hex, '#ffffff', 0.78),
    mix(hex, '#ffffff', 0.62),
    mix(hex, '#ffffff', 0.46),
    mix(hex, '#ffffff', 0.3),
    mix(hex, '#ffffff', 0.15),
    hex,
    mix(hex, '#000000', 0.15),
    mix(hex, '#000000', 0.3),
    mix(hex, '#000000', 0.45),
  ];
}
