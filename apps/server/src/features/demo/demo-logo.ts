import { newId } from '../../platform/ids';
import { storageKey } from '../../platform/storage';

// The demo clients' logos (issue 12: "the demo clients get a logo"), so the header and the login page show one from
// the client's data as a real client's would. Stored like an uploaded logo (client-logo.ts): an SVG under the
// client's storage folder, named in clients.logo_file with its MIME type.

/**
 * The demo's mark (issue 32 point 3: it was a stock chart icon): an open book whose pages rise like a path, under a
 * four-pointed spark, white on a rounded square of the client's colour. Drawn here, no downloaded artwork.
 */
export function demoLogoSvg(colour: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
      `<rect width="120" height="120" rx="28" fill="${colour}"/>` +
      `<path d="M60 50 C50 42 36 40 22 44 V94 C36 90 50 92 60 100 Z" fill="#fff" opacity="0.82"/>` +
      `<path d="M60 50 C70 42 84 40 98 44 V94 C84 90 70 92 60 100 Z" fill="#fff"/>` +
      `<path d="M60 54 V96" stroke="${colour}" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M30 58 C38 56 46 57 52 60 M30 68 C38 66 46 67 52 70 M30 78 C38 76 46 77 52 80" fill="none" stroke="${colour}" stroke-width="3" stroke-linecap="round" opacity="0.55"/>` +
      `<path d="M68 82 L76 74 L82 78 L90 64" fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M60 12 C61.6 22 64 24.4 74 26 C64 27.6 61.6 30 60 40 C58.4 30 56 27.6 46 26 C56 24.4 58.4 22 60 12 Z" fill="#fff"/>` +
      `</svg>`,
    'utf8',
  );
}

export const DEMO_LOGO_COLOURS = { Demo: '#1c5d99', Beta: '#7a3e9d' } as const;

/** The storage key of a demo logo, as an upload would name it. */
export const demoLogoKey = (clientId: string) => storageKey('clients', clientId, `logo-${newId()}.svg`);

export const DEMO_LOGO_MIME = 'image/svg+xml';
