import { DEFAULT_COLOURS, ZClientColours, type TClientColours } from '@lms/contracts/client';
import type { DbOrTrx } from '../../db/database';
import { findClientLogo } from './client.repository';

// A client's brand as a document needs it (issue 32 point 2: certificates carry the client's logo and colours).

export interface ClientBrand {
  colours: TClientColours;
  /** The stored logo and its MIME type (png, jpeg, svg or webp, as uploaded); null: none. */
  logo: { key: string; mime: string } | null;
}

export async function findClientBrand(db: DbOrTrx, clientId: string): Promise<ClientBrand> {
  const [row, logo] = await Promise.all([
    db.selectFrom('clients').select('colours').where('id', '=', clientId).executeTakeFirst(),
    findClientLogo(db, clientId),
  ]);
  let colours = DEFAULT_COLOURS;
  try {
    const parsed = ZClientColours.partial().safeParse(JSON.parse(row?.colours ?? '{}'));
    if (parsed.success) colours = { ...DEFAULT_COLOURS, ...parsed.data };
  } catch {
    // Unreadable colours fall back to the defaults, as the tenant does.
  }
  return {
    colours,
    logo: logo?.logo_file && logo.logo_mime ? { key: logo.logo_file, mime: logo.logo_mime } : null,
  };
}
