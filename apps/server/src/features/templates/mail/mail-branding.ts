import type { TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../../db/database';
import { appendFooter, type MailAttachment } from '../../../platform/mailer';
import type { StorageConfig } from '../../../platform/storage';
import { findClientMailBrand, type ClientMailBrand } from '../../../platform/mail-brand';
import { bodyFragmentOf, layoutMail, MAIL_LOGO_BOX, MAIL_LOGO_CID } from './mail-layout';

export interface BrandedMail {
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/**
 * A mail's parts in the client's frame (mail-layout.ts): the template's HTML fragment as the body, the footer under
 * both parts, the logo as an inline attachment. `logo: 'data-uri'` is for the template editor's preview, which a
 * browser shows in a frame without the mail's attachments; a mail that leaves always carries it as `cid:`.
 *
 * An HTML file an author uploaded as a whole document is their own design and keeps it: it gets the client's footer
 * text under it as before, and the text part gets the frame's footer.
 */
export async function brandMailParts(
  brand: ClientMailBrand,
  locale: TLocale,
  parts: { subject: string; text: string; html: string },
  logo: 'cid' | 'data-uri' = 'cid',
): Promise<BrandedMail> {
  const fragment = bodyFragmentOf(parts.html);
  const framed = await layoutMail(
    { subject: parts.subject, text: parts.text, html: fragment ?? '' },
    { ...brand, hasLogo: brand.logoPng !== null },
    locale,
  );
  if (fragment === null) {
    const html = appendFooter(parts.text, parts.html, brand.footer).html;
    return { text: framed.text, html, attachments: [] };
  }
  if (!brand.logoPng) return { text: framed.text, html: framed.html, attachments: [] };
  if (logo === 'data-uri') {
    const uri = `data:image/png;base64,${brand.logoPng.toString('base64')}`;
    return { text: framed.text, html: framed.html.split(`cid:${MAIL_LOGO_CID}`).join(uri), attachments: [] };
  }
  const attachment: MailAttachment = {
    cid: MAIL_LOGO_CID,
    filename: 'logo.png',
    contentType: 'image/png',
    content: brand.logoPng,
  };
  return { text: framed.text, html: framed.html, attachments: [attachment] };
}

/** The client's brand as a mail shows it; undefined for an unknown client. */
export const findMailBrand = (db: DbOrTrx, config: StorageConfig, clientId: string) =>
  findClientMailBrand(db, config, clientId, MAIL_LOGO_BOX);

/** A stored mail's parts, branded for its client (the mail worker calls this right before sending). */
export async function brandMail(
  db: DbOrTrx,
  config: StorageConfig,
  clientId: string,
  locale: TLocale,
  parts: { subject: string; text: string; html: string },
): Promise<BrandedMail | undefined> {
  const brand = await findMailBrand(db, config, clientId);
  return brand && brandMailParts(brand, locale, parts);
}
