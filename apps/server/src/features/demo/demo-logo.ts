import { newId } from '../../platform/ids';
import { storageKey } from '../../platform/storage';

// The demo clients' logos (issue 12: "the demo clients get a logo"), so the header and the login page show one from
// the client's data as a real client's would. Stored like an uploaded logo (client-logo.ts): an SVG under the
// client's storage folder, named in clients.logo_file with its MIME type.

/** A square mark in the client's colour: a rising path over three steps (learning, progress). */
export function demoLogoSvg(colour: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
      `<rect width="120" height="120" rx="26" fill="${colour}"/>` +
      `<rect x="24" y="74" width="18" height="22" rx="4" fill="#fff" opacity="0.75"/>` +
      `<rect x="51" y="58" width="18" height="38" rx="4" fill="#fff" opacity="0.88"/>` +
      `<rect x="78" y="40" width="18" height="56" rx="4" fill="#fff"/>` +
      `<path d="M24 52 L50 34 L64 44 L94 22" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>` +
      `</svg>`,
    'utf8',
  );
}

export const DEMO_LOGO_COLOURS = { Demo: '#1c5d99', Beta: '#7a3e9d' } as const;

/** The storage key of a demo logo, as an upload would name it. */
export const demoLogoKey = (clientId: string) => storageKey('clients', clientId, `logo-${newId()}.svg`);

export const DEMO_LOGO_MIME = 'image/svg+xml';
