import { DEFAULT_COLOURS, type TClientColours } from '@lms/contracts/client';
import sharp from 'sharp';
import type { DbOrTrx } from '../db/database';
import { Lru } from './lru';
import { readFromStorage, type StorageConfig } from './storage';

/**
 * What a mail shows of its client (the branded mail layout, templates/mail/mail-layout.ts). Read here, beside the
 * tenant (tenant.ts reads the same row), so the templates feature and the mail worker both get it without the
 * templates feature importing clients (whose tables the migrations reach: a folder cycle).
 */
export interface ClientMailBrand {
  name: string;
  platformDomain: string;
  colours: TClientColours;
  supportEmail: string | null;
  /** Street, house number, postcode and town in one line; null when the client has none. */
  address: string | null;
  footer: string | null;
  /** The logo as a PNG of `box` (transparent around it), for a `cid:` attachment; null without a logo. */
  logoPng: Buffer | null;
}

/** The logo upload limit is far below this; a stored file above it is not read into memory for a mail. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/** PNGs made, by storage key (a new logo gets a new key): the worker sends many mails of one client. */
const logos = new Lru<string, Promise<Buffer | null>>(200);

/**
 * Every mail client shows a PNG; SVG (Gmail, Outlook) and WebP (Outlook) are not shown everywhere. So the logo
 * goes out as a PNG made by sharp, fitted into the box on the left with a transparent rest, so the layout knows
 * its size. A logo that cannot be read is left out: the mail shows the client's name instead.
 */
function logoPngOf(config: StorageConfig, key: string, box: { width: number; height: number }): Promise<Buffer | null> {
  const cacheKey = `${key}|${box.width}x${box.height}`;
  let png = logos.get(cacheKey);
  if (!png) {
    png = (async () => {
      try {
        const bytes = await readFromStorage(config, key, MAX_LOGO_BYTES);
        if (!bytes) return null;
        return await sharp(bytes, { limitInputPixels: 50_000_000, density: 288 })
          .resize(box.width, box.height, {
            fit: 'contain',
            position: 'left',
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          })
          .png()
          .toBuffer();
      } catch {
        return null;
      }
    })();
    logos.set(cacheKey, png);
  }
  return png;
}

const addressOf = (row: {
  address_street: string | null;
  address_house_number: string | null;
  address_zip: string | null;
  address_city: string | null;
}): string | null => {
  const street = [row.address_street, row.address_house_number]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  const town = [row.address_zip, row.address_city]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return [street, town].filter(Boolean).join(', ') || null;
};

/** The client's name, colours, contact and logo as a mail shows them; undefined for an unknown client. */
export async function findClientMailBrand(
  db: DbOrTrx,
  config: StorageConfig,
  clientId: string,
  logoBox: { width: number; height: number },
): Promise<ClientMailBrand | undefined> {
  const row = await db
    .selectFrom('clients')
    .select([
      'name',
      'platform_domain',
      'colours',
      'support_email',
      'email_footer',
      'logo_file',
      'address_street',
      'address_house_number',
      'address_zip',
      'address_city',
    ])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.name,
    platformDomain: row.platform_domain,
    colours: { ...DEFAULT_COLOURS, ...(JSON.parse(row.colours) as Partial<TClientColours>) },
    supportEmail: row.support_email?.trim() || null,
    address: addressOf(row),
    footer: row.email_footer?.trim() || null,
    logoPng: row.logo_file ? await logoPngOf(config, row.logo_file, logoBox) : null,
  };
}
