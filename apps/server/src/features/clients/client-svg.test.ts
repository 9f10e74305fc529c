import { expect, it } from 'vitest';
import { sanitiseSvg } from './client-svg';

// Issue 28 point 7e: CSS escapes (`u\72 l(`) and `image-set` passed the sanitiser's block-list of `url(`. Every
// vector below must leave no reference to the tracker; what a logo needs must stay.

const svgWith = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${inner}<circle cx="5" cy="5" r="4" fill="#0a0"/></svg>`;

const clean = async (inner: string) => (await sanitiseSvg(Buffer.from(svgWith(inner))))?.toString('utf8') ?? '';

const VECTORS: Array<[string, string]> = [
  ['escaped url in style', `<rect width="9" height="9" style="fill: u\\72 l(https://tracker.example/a)"/>`],
  ['escaped url in a presentation attribute', `<rect width="9" height="9" fill="u\\72l(https://tracker.example/a)"/>`],
  ['escaped u', `<rect width="9" height="9" style="fill: \\75rl(https://tracker.example/a)"/>`],
  ['escaped u, long form', `<rect width="9" height="9" style="fill: \\000075rl(https://tracker.example/a)"/>`],
  ['escaped parenthesis', `<rect width="9" height="9" style="fill: url\\28https://tracker.example/a)"/>`],
  ['comment inside the name', `<rect width="9" height="9" style="fill: u/**/rl(https://tracker.example/a)"/>`],
  ['image-set', `<rect width="9" height="9" style="fill: image-set('https://tracker.example/a' 1x)"/>`],
  [
    '-webkit-image-set',
    `<rect width="9" height="9" style="fill: -webkit-image-set(url(#a) 1x, 'https://tracker.example/a' 2x)"/>`,
  ],
  ['image()', `<rect width="9" height="9" style="fill: image('https://tracker.example/a')"/>`],
  ['cross-fade()', `<rect width="9" height="9" style="fill: cross-fade('https://tracker.example/a', red)"/>`],
  ['src()', `<rect width="9" height="9" style="fill: src('https://tracker.example/a')"/>`],
  ['@import', `<rect width="9" height="9" style="@import 'https://tracker.example/a.css'; fill: red"/>`],
  ['expression()', `<rect width="9" height="9" style="width: expression(fetch('https://tracker.example/a'))"/>`],
  [
    'url after an allowed one',
    `<rect width="9" height="9" style="fill: url(#g); stroke: url(https://tracker.example/a)"/>`,
  ],
  ['url with a quoted external target', `<rect width="9" height="9" fill="url('https://tracker.example/a#g')"/>`],
  ['upper-case URL', `<rect width="9" height="9" filter="URL(https://tracker.example/a)"/>`],
  ['entity-encoded url', `<rect width="9" height="9" fill="u&#114;l(https://tracker.example/a)"/>`],
  ['entity-encoded backslash', `<rect width="9" height="9" fill="u&#92;72 l(https://tracker.example/a)"/>`],
  ['feImage', `<filter id="f"><feImage href="https://tracker.example/a"/></filter>`],
  [
    'animation of a reference',
    `<rect width="9" height="9"><animateTransform attributeName="fill" values="url(https://tracker.example/a)"/></rect>`,
  ],
  ['href to a data URL', `<linearGradient id="h" href="data:image/svg+xml,%3Csvg/%3E"/>`],
];

for (const [label, inner] of VECTORS)
  it(`drops ${label}`, async () => {
    const svg = await clean(inner);
    expect(svg).toContain('<circle');
    expect(svg).not.toMatch(/tracker\.example|data:/);
  });

it('keeps what a logo draws with: fragment urls, colours, transforms, filters', async () => {
  const svg = await clean(
    '<defs><linearGradient id="g"><stop offset="0" stop-color="rgb(10, 20, 30)"/></linearGradient>' +
      '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs>' +
      '<rect width="9" height="9" fill="url(#g)" style="stroke: hsl(120, 50%, 50%); filter: url(\'#f\')" transform="translate(1, 2) rotate(5)"/>' +
      '<text x="1" y="30" font-family="Arial, sans-serif" aria-label="ACME GmbH">ACME</text>',
  );
  for (const kept of [
    'fill="url(#g)"',
    'stop-color="rgb(10, 20, 30)"',
    "filter: url('#f')",
    'transform="translate(1, 2) rotate(5)"',
    'font-family="Arial, sans-serif"',
    '<feGaussianBlur',
    '>ACME</text>',
  ])
    expect(svg, kept).toContain(kept);
});
