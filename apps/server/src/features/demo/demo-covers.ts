import sharp from 'sharp';
import type { DbOrTrx } from '../../db/database';
import type { StorageConfig } from '../../platform/storage';
import { storeCourseCover } from '../courses';

// The demo courses' covers (issue 32 point 3: the demo showed no picture): drawn here as SVG in the demo client's
// colours, rendered to PNG by sharp and stored as an uploaded cover would be (courses: a 16:9 WebP).

const frame = (body: string, from: string, to: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
  `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="1280" height="720" fill="url(#g)"/>` +
  `<circle cx="1130" cy="120" r="260" fill="#fff" opacity="0.07"/>` +
  `<circle cx="140" cy="660" r="220" fill="#fff" opacity="0.06"/>` +
  body +
  `</svg>`;

/** Data protection: a shield with a padlock over a card of customer data. */
const PRIVACY = frame(
  `<rect x="250" y="230" width="420" height="280" rx="28" fill="#fff" opacity="0.16"/>` +
    `<rect x="290" y="280" width="160" height="22" rx="11" fill="#fff" opacity="0.7"/>` +
    `<rect x="290" y="330" width="300" height="18" rx="9" fill="#fff" opacity="0.45"/>` +
    `<rect x="290" y="370" width="260" height="18" rx="9" fill="#fff" opacity="0.45"/>` +
    `<rect x="290" y="410" width="280" height="18" rx="9" fill="#fff" opacity="0.45"/>` +
    `<path d="M800 150 L1010 220 V380 C1010 500 920 580 800 630 C680 580 590 500 590 380 V220 Z" fill="#fff"/>` +
    `<path d="M800 190 L975 248 V382 C975 480 900 548 800 590 C700 548 625 480 625 382 V248 Z" fill="#1c5d99" opacity="0.9"/>` +
    `<rect x="735" y="370" width="130" height="110" rx="16" fill="#fff"/>` +
    `<path d="M760 372 V335 C760 285 840 285 840 335 V372" fill="none" stroke="#fff" stroke-width="22"/>` +
    `<circle cx="800" cy="418" r="14" fill="#1c5d99"/><rect x="793" y="420" width="14" height="34" rx="6" fill="#1c5d99"/>`,
  '#1c5d99',
  '#2f8ac4',
);

/** Negotiation: two speech bubbles meeting over a rising line. */
const NEGOTIATION = frame(
  `<path d="M220 200 H610 A40 40 0 0 1 650 240 V420 A40 40 0 0 1 610 460 H360 L280 530 V460 H220 A40 40 0 0 1 180 420 V240 A40 40 0 0 1 220 200 Z" fill="#fff" opacity="0.92"/>` +
    `<rect x="240" y="270" width="300" height="22" rx="11" fill="#0f3d66" opacity="0.5"/>` +
    `<rect x="240" y="320" width="340" height="22" rx="11" fill="#0f3d66" opacity="0.35"/>` +
    `<rect x="240" y="370" width="220" height="22" rx="11" fill="#0f3d66" opacity="0.35"/>` +
    `<path d="M1060 280 H700 A40 40 0 0 0 660 320 V480 A40 40 0 0 0 700 520 H920 L1000 590 V520 H1060 A40 40 0 0 0 1100 480 V320 A40 40 0 0 0 1060 280 Z" fill="#f2b134"/>` +
    `<path d="M720 470 L800 410 L860 440 L960 350 L1040 370" fill="none" stroke="#0f3d66" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="1040" cy="370" r="18" fill="#0f3d66"/>`,
  '#0f3d66',
  '#1c5d99',
);

export const DEMO_COVERS = { privacy: PRIVACY, negotiation: NEGOTIATION } as const;

/** Renders a drawing and stores it as the course's cover (after the seed's transaction: the course row exists). */
export async function storeDemoCover(
  db: DbOrTrx,
  storage: StorageConfig,
  clientId: string,
  courseId: string,
  svg: string,
): Promise<void> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  await storeCourseCover({ db, config: storage }, clientId, courseId, png);
}
